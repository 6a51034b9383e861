import Authoring
import Foundation
import Playtest
import Runtime

/// The work a command hands to a game's own process (``GameProcess``): the parent's side
/// (start one child per game, turn a child that did not answer into a broken game) and the
/// child's (`edujam __game JOB ...`: do one game's share, answer in JSON).
enum GameJobs {
    /// How many children run at once: enough to hide a child's start-up (about 0.1 s).
    static var width: Int { min(8, max(2, ProcessInfo.processInfo.activeProcessorCount)) }

    // MARK: The parent's side

    /// Loads each game's declaration in a process of its own (``Catalog/DeclarationLoader``).
    static let declarations: Catalog.DeclarationLoader = { folders in
        GameProcess.run(
            folders.map { GameJob.declaration(folder: $0, timeLimit: nil) }, width: width, as: GameDeclaration.self
        ) {
            (folders[$0] as NSString).appendingPathComponent("game.lua")
        }.map { $0.mapError { GameLoadError.isolated($0.description) } }
    }

    /// Loads each game's declaration in a process of its own within ``Catalog/lookupTimeLimit``:
    /// for finding the game that declares an id, where a game that mentions it and does not stop
    /// must not cost the search the sandbox's whole time limit.
    static let lookupDeclarations: Catalog.DeclarationLoader = { folders in
        GameProcess.run(
            folders.map { GameJob.declaration(folder: $0, timeLimit: Catalog.lookupTimeLimit) }, width: width,
            as: GameDeclaration.self
        ) {
            (folders[$0] as NSString).appendingPathComponent("game.lua")
        }.map { $0.mapError { GameLoadError.isolated($0.description) } }
    }

    /// `GameChecker.check` of each folder, each in a process of its own; a game whose process
    /// gave no answer gets one error finding with the reason.
    static func check(_ folders: [String], settings: GameChecker.Settings) -> [GameChecker.Result] {
        let jobs = folders.map { GameJob.check(folder: $0, settings: settings) }
        // One at a time: each child already spreads its fuzzing over `settings.jobs` threads (a
        // check without random input plays little: several at once).
        let width = settings.fuzzRuns == 0 ? width : 1
        let results = GameProcess.run(jobs, width: width, as: CheckAnswer.self) { folders[$0] + "/game.lua" }
        return zip(folders, results).map { folder, result in
            switch result {
            case .success(let answer):
                return GameChecker.Result(folder: folder, findings: answer.findings, notes: answer.notes)
            case .failure(let failure):
                let finding = Finding(
                    .error, file: (folder as NSString).appendingPathComponent("game.lua"), line: nil,
                    failure.description, check: "sandbox")
                return GameChecker.Result(folder: folder, findings: [finding], notes: [])
            }
        }
    }

    /// The outcomes of each game's share of a test suite (``TestSuite/gamePaths``), each run in
    /// a process of its own, in order; a game whose process gave no answer gets one failed test.
    static func test(_ suite: TestSuite, settings: TestSuite.Settings, each: (TestOutcome) -> Void) {
        let pieces = suite.gamePaths
        for paths in pieces {  // one at a time, in order: each child spreads its tests over the jobs
            let job = GameJob.test(paths: paths, settings: settings)
            let start = ContinuousClock.now
            let result = GameProcess.run([job], width: 1, as: [TestOutcome].self) { _ in gameFile(of: paths) }
            switch result[0] {
            case .success(let outcomes): outcomes.forEach(each)
            case .failure(let failure):
                let seconds = Double((ContinuousClock.now - start).components.seconds)
                each(
                    TestOutcome(
                        game: gameName(of: paths), name: "game.lua", failure: failure.description, seconds: seconds))
            }
        }
    }

    /// The game folder's `game.lua` for a share of the suite: the folder itself, or the one
    /// above a test file's `tests` folder.
    private static func gameFile(of paths: [String]) -> String {
        guard let first = paths.first else { return "game.lua" }
        let isFile = first.hasSuffix(".play") || first.hasSuffix(".bot.lua")
        let folder = isFile ? PathText.parent(of: PathText.parent(of: first)) : first
        return (folder as NSString).appendingPathComponent("game.lua")
    }

    private static func gameName(of paths: [String]) -> String {
        PathText.name(of: PathText.parent(of: gameFile(of: paths)))
    }

    // MARK: The child's side

    /// One game's findings, as a child sends them.
    struct CheckAnswer: Codable {
        var findings: [Finding]
        var notes: [String]
    }

    /// `edujam __game JOB`: one game's share (a ``GameJob``, as JSON), answered on stdout; a
    /// `verify` job writes a line per attempt (``VerifyReplays``).
    static func child(_ words: [String]) -> ExitStatus {
        guard words.count == 1, let job = try? JSONDecoder().decode(GameJob.self, from: Data(words[0].utf8)) else {
            Output.error("edujam: \(GameProcess.command) is not for people")
            return .usage
        }
        switch job {
        case .verify(let file):
            return VerifyReplays.child(file: file)
        case .declaration(let folder, nil):
            return GameProcess.answer { try Catalog.declaration(ofGameIn: folder) }
        case .declaration(let folder, let limit?):
            return GameProcess.answer { try Catalog.declaration(ofGameIn: folder, timeLimit: limit) }
        case .check(let folder, let settings):
            return GameProcess.answer {
                let result = GameChecker.check(folder: folder, settings: settings)
                return CheckAnswer(findings: result.findings, notes: result.notes)
            }
        case .test(let paths, let settings):
            return GameProcess.answer {
                let progress = Progress()
                var outcomes: [TestOutcome] = []
                try TestSuite.discover(paths).run(settings, progress: progress.show) { outcomes.append($0) }
                progress.clear()
                return outcomes
            }
        }
    }
}

/// One game's share of a command's work, as the parent hands it to a child (``GameProcess``):
/// the settings as the typed values they are, so that the child runs exactly the parent's (a
/// time limit to the nanosecond, every option), with nothing parsed back from words.
enum GameJob: Codable {
    /// The game's declaration, within `timeLimit` when given (else the sandbox's own limit).
    case declaration(folder: String, timeLimit: Duration?)
    /// `edujam check` of one game.
    case check(folder: String, settings: GameChecker.Settings)
    /// One game's share of a test suite (``TestSuite/gamePaths``).
    case test(paths: [String], settings: TestSuite.Settings)
    /// A share of `verify`'s replays, listed in a file (``VerifyReplays``).
    case verify(file: String)

    /// The child's one argument: the job as JSON.
    var argument: String {
        (try? JSONEncoder().encode(self)).map { String(decoding: $0, as: UTF8.self) } ?? ""
    }
}
