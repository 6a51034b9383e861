import Authoring
import Foundation
import Playtest
import Runtime
import Sandbox

/// The work a command hands to a game's own process: the parent's side (start one child per
/// game, turn a child that did not answer into a broken game) and the child's (`PROGRAM __game
/// JOB`: do one game's share, answer in JSON).
///
/// A library cannot assume its executable: the host program routes its hidden child command,
/// ``command``, to ``child(_:progress:)`` (the `edujam` CLI does so first thing in its `main`),
/// and the parent starts ``executable``, by default this very program (`/proc/self/exe`).
/// A host that cannot route the command runs its games in this process instead (`Catalog`'s
/// default loader, ``AttemptVerifier/Replays/inThisProcess``).
public struct GameJobs: Sendable {
    /// The program each child runs: one that routes ``command`` to ``child(_:progress:)``.
    public var executable: String

    /// Children of `executable` (default: this program, from the kernel; not argv[0], which the
    /// caller chose).
    public init(executable: String = GameJobs.thisProgram) {
        self.executable = executable
    }

    /// The hidden command a host routes to ``child(_:progress:)``: its first argument, before the
    /// job. Not for people.
    public static let command = "__game"

    /// The exit status of a child the last resort ended (the sandbox could not stop its game):
    /// 124, the status the `edujam` CLI gives any such process.
    public static let lastResortStatus: Int32 = 124

    /// This program's path, from the kernel (`/proc/self/exe`), else argv[0].
    public static let thisProgram: String = {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        return count > 0
            ? String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            : CommandLine.arguments[0]
    }()

    /// How many children run at once: enough to hide a child's start-up (about 0.1 s).
    static var width: Int { min(8, max(2, ProcessInfo.processInfo.activeProcessorCount)) }

    // MARK: The parent's side

    /// Loads each game's declaration in a process of its own (``Catalog/DeclarationLoader``).
    public var declarations: Catalog.DeclarationLoader {
        { [executable] folders in
            GameProcess.run(
                folders.map { GameJob.declaration(folder: $0, timeLimit: nil) }, width: Self.width,
                executable: executable, as: GameDeclaration.self
            ) {
                (folders[$0] as NSString).appendingPathComponent("game.lua")
            }.map { $0.mapError { GameLoadError.isolated($0.description) } }
        }
    }

    /// Loads each game's declaration in a process of its own within ``Catalog/lookupTimeLimit``:
    /// for finding the game that declares an id, where a game that mentions it and does not stop
    /// must not cost the search the sandbox's whole time limit.
    public var lookupDeclarations: Catalog.DeclarationLoader {
        { [executable] folders in
            GameProcess.run(
                folders.map { GameJob.declaration(folder: $0, timeLimit: Catalog.lookupTimeLimit) },
                width: Self.width, executable: executable, as: GameDeclaration.self
            ) {
                (folders[$0] as NSString).appendingPathComponent("game.lua")
            }.map { $0.mapError { GameLoadError.isolated($0.description) } }
        }
    }

    /// `GameChecker.check` of each folder, each in a process of its own; a game whose process
    /// gave no answer gets one error finding with the reason.
    public func check(_ folders: [String], settings: GameChecker.Settings) -> [GameChecker.Result] {
        let jobs = folders.map { GameJob.check(folder: $0, settings: settings) }
        // One at a time: each child already spreads its fuzzing over `settings.jobs` threads (a
        // check without random input plays little: several at once).
        let width = settings.fuzzRuns == 0 ? Self.width : 1
        let results = GameProcess.run(jobs, width: width, executable: executable, as: CheckAnswer.self) {
            folders[$0] + "/game.lua"
        }
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
    public func test(_ suite: TestSuite, settings: TestSuite.Settings, each: (TestOutcome) -> Void) {
        let pieces = suite.gamePaths
        for paths in pieces {  // one at a time, in order: each child spreads its tests over the jobs
            let job = GameJob.test(paths: paths, settings: settings)
            let start = ContinuousClock.now
            let result = GameProcess.run([job], width: 1, executable: executable, as: [TestOutcome].self) { _ in
                Self.gameFile(of: paths)
            }
            switch result[0] {
            case .success(let outcomes): outcomes.forEach(each)
            case .failure(let failure):
                let seconds = Double((ContinuousClock.now - start).components.seconds)
                each(
                    TestOutcome(
                        game: Self.gameName(of: paths), name: "game.lua", failure: failure.description, seconds: seconds
                    ))
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

    /// How a child ended, for the host to report and map to its exit status.
    public enum ChildExit: Equatable, Sendable {
        /// It answered on stdout (an answer may be the error that is the job's result).
        case answered
        /// It could not answer, for this reason (for stderr).
        case failed(String)
        /// The words were no job: someone typed the hidden command.
        case notAJob
    }

    /// The child's side, for the host to call with the words after ``command``: one game's share
    /// (a ``GameJob``, as JSON), answered on stdout; a `verify` job writes a line per attempt
    /// (``VerifyReplays``). It sets the sandbox's last resort to answer for a game that does not stop.
    /// - Parameter progress: shows a test share's progress line (called on this thread), and
    ///   clears it (nil) once the share is done; by default nothing is shown.
    public static func child(_ words: [String], progress: (String?) -> Void = { _ in }) -> ChildExit {
        guard words.count == 1, let job = try? JSONDecoder().decode(GameJob.self, from: Data(words[0].utf8)) else {
            return .notAJob
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
                var outcomes: [TestOutcome] = []
                try TestSuite.discover(paths).run(settings, progress: { progress($0) }) { outcomes.append($0) }
                progress(nil)
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
