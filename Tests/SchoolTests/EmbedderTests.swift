import Classroom
import Foundation
import GameContent
import Runtime
import School
import Testing
import Tracking

/// A Swift program that embeds EduJam, without the `edujam` executable, through `School` alone
/// (Runtime and Tracking for the types its API takes: a channel, options, a store's address):
/// it publishes a game folder into a store file, plays the published version from the store with
/// scripted answers, and verifies the attempt.
@Suite struct EmbedderTests {
    /// The package's root: three folders up from this file.
    private static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// The `edujam` binary `swift build` left beside the test bundle, which routes `__game`.
    private static let edujam = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        .appendingPathComponent("edujam").path

    /// Answers every `a + b = ?` with the sum, so a round is perfect whatever its seed.
    private final class Adder: PlayChannel {
        func handle(_ event: RunEvent) -> Reply? {
            guard case .ask(let prompt) = event else { return nil }
            let numbers = prompt.split(whereSeparator: { !$0.isNumber }).compactMap { Int($0) }
            return Reply(String(numbers.reduce(0, +)))
        }
    }

    /// A games folder holding a copy of the repository's Math Jam, a store file and a data folder,
    /// in a fresh folder; the caller removes it.
    private func workspace() throws -> (folder: String, games: String) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("edujam-school-\(UUID())").path
        let games = folder + "/games"
        try FileManager.default.createDirectory(atPath: games, withIntermediateDirectories: true)
        let source = Self.root.appendingPathComponent("games").path
        try FileManager.default.copyItem(atPath: source + "/collection.lua", toPath: games + "/collection.lua")
        try FileManager.default.copyItem(atPath: source + "/math-jam", toPath: games + "/math-jam")
        return (folder, games)
    }

    /// Publishes, removes the game folder (the store holds the game now), plays the published
    /// version from the store, and verifies the attempt the way `replays` says.
    private func publishPlayVerify(replays: AttemptVerifier.Replays) throws {
        let (folder, games) = try workspace()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let storePath = folder + "/school.sqlite"
        let store = try SchoolStore.open(StoreAddress(storePath), collection: try GameCollection.load(from: games))

        let published = try GamePublishing.publish(folder: games + "/math-jam", into: store, by: "teacher")
        #expect(published.gameID == "MATH-JAM")
        guard case .new(let version) = published.outcome else {
            Issue.record("a first publish is a new version: \(published.outcome)")
            return
        }
        try FileManager.default.removeItem(atPath: games + "/math-jam")

        let cache = try GameSource.cache(dataFolder: folder + "/data")
        let source = try #require(
            try GameSource.fromStore(
                game: "MATH-JAM", level: "LEVEL-1", store: store, offline: false, destination: storePath, cache: cache))
        #expect(source.origin == .published && source.version == version && source.package != nil)
        var options = PlayOptions()
        options.student = "ana"
        options.seed = 42
        let report = try source.play(store: store, channel: Adder(), clock: .virtual(), options: options)
        #expect(report.outcome == .finished)
        #expect(report.record.gameVersion == version.description)
        // Assigned to no one, the published version's attempt is practice, not a local copy's.
        #expect(WhereItCounts.of(report, in: store, source: source) == .practice(localCopy: false))

        let runs = try store.runs(student: "ana")
        let checked = try AttemptVerifier(store: store, replays: replays).check(runs)
        #expect(checked.map(\.result.state) == [.verified], "\(checked.map(\.result))")
    }

    /// The in-process mode, for a host that routes no child command.
    @Test func publishesPlaysFromTheStoreAndVerifiesInThisProcess() throws {
        try publishPlayVerify(replays: .inThisProcess)
    }

    /// The replays in children of a program that routes `GameJobs.command`: here the built
    /// `edujam`, as a host names its own executable.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: edujam)))
    func verifiesInChildrenOfTheProgramTheHostNames() throws {
        try publishPlayVerify(replays: .childProcesses(GameJobs(executable: Self.edujam)))
    }
}
