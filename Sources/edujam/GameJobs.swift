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
        GameProcess.run(folders.map { ["declaration", $0] }, width: width, as: GameDeclaration.self) {
            (folders[$0] as NSString).appendingPathComponent("game.lua")
        }.map { $0.mapError { GameLoadError.isolated($0.description) } }
    }

    /// Loads each game's declaration in a process of its own within ``Catalog/lookupTimeLimit``:
    /// for finding the game that declares an id, where a game that mentions it and does not stop
    /// must not cost the search the sandbox's whole time limit.
    static let lookupDeclarations: Catalog.DeclarationLoader = { folders in
        let milliseconds = Catalog.lookupTimeLimit / .milliseconds(1)
        return GameProcess.run(
            folders.map { ["declaration", $0, "\(Int(milliseconds))"] }, width: width, as: GameDeclaration.self
        ) {
            (folders[$0] as NSString).appendingPathComponent("game.lua")
        }.map { $0.mapError { GameLoadError.isolated($0.description) } }
    }

    /// `GameChecker.check` of each folder, each in a process of its own; a game whose process
    /// gave no answer gets one error finding with the reason.
    static func check(_ folders: [String], settings: GameChecker.Settings) -> [GameChecker.Result] {
        let jobs = folders.map { folder in
            [
                "check", folder, "\(settings.fuzzRuns)", "\(settings.fuzzTimeLimit.components.seconds)",
                "\(settings.jobs)", settings.useLuacheck ? "luacheck" : "no-luacheck",
            ]
        }
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
            let job =
                ["test", settings.update ? "update" : "check", "\(settings.fuzzRuns)", "\(settings.jobs)"] + paths
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

    /// `edujam __game declaration FOLDER [MILLISECONDS]`, `__game check FOLDER RUNS SECONDS JOBS luacheck|no-luacheck`,
    /// `__game test update|check RUNS JOBS PATHS...`: one game's share, answered on stdout;
    /// `__game verify FILE`: a share of `verify`'s replays (``VerifyReplays``), a line each.
    static func child(_ words: [String]) -> ExitStatus {
        switch (words.first, words.count) {
        case ("verify", 2):
            return VerifyReplays.child(file: words[1])
        case ("declaration", 2):
            return GameProcess.answer { try Catalog.declaration(ofGameIn: words[1]) }
        case ("declaration", 3):  // within a time limit in milliseconds, at most the sandbox's own
            let milliseconds = min(max(Int(words[2]) ?? 0, 1), 5000)
            return GameProcess.answer {
                try Catalog.declaration(ofGameIn: words[1], timeLimit: .milliseconds(milliseconds))
            }
        case ("check", 6):
            var settings = GameChecker.Settings()
            settings.fuzzRuns = Int(words[2]) ?? settings.fuzzRuns
            settings.fuzzTimeLimit = .seconds(Int(words[3]) ?? 30)
            settings.jobs = Int(words[4]) ?? 1
            settings.useLuacheck = words[5] == "luacheck"
            return GameProcess.answer {
                let result = GameChecker.check(folder: words[1], settings: settings)
                return CheckAnswer(findings: result.findings, notes: result.notes)
            }
        case ("test", 5...):
            var settings = TestSuite.Settings()
            settings.update = words[1] == "update"
            settings.fuzzRuns = Int(words[2]) ?? settings.fuzzRuns
            settings.jobs = Int(words[3]) ?? 1
            return GameProcess.answer {
                let progress = Progress()
                var outcomes: [TestOutcome] = []
                try TestSuite.discover(Array(words.dropFirst(4))).run(settings, progress: progress.show) {
                    outcomes.append($0)
                }
                progress.clear()
                return outcomes
            }
        default:
            Output.error("edujam: \(GameProcess.command) is not for people")
            return .usage
        }
    }
}
