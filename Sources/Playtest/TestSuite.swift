import Foundation
import Runtime

/// One line of `edujam test`'s results: a transcript case, a bot, or a smoke fuzz.
public struct TestOutcome: Sendable, Codable {
    /// The game folder's name: `math-jam`.
    public var game: String
    /// `basic.play: perfect round`, `math.bot.lua (500 playthroughs)`, `fuzz (200 runs)`.
    public var name: String
    /// Nil when it passed; else what failed, ready to print.
    public var failure: String?
    /// Wall-clock seconds.
    public var seconds: Double
    /// For `--update`: the lines changed in the `.play` file, shown before it is written.
    public var diff: [String] = []

    /// Whether it passed.
    public var passed: Bool { failure == nil }

    /// An outcome: `failure` nil when it passed.
    public init(game: String, name: String, failure: String?, seconds: Double, diff: [String] = []) {
        (self.game, self.name, self.failure, self.seconds, self.diff) = (game, name, failure, seconds, diff)
    }
}

/// The games and test files under the paths given to `edujam test`.
public struct TestSuite {
    /// One game and the tests chosen for it.
    struct Entry {
        /// The game folder.
        var folder: String
        /// `.play` files to run.
        var transcripts: [String]
        /// `.bot.lua` files to run.
        var bots: [String]
        /// Whether to smoke-fuzz the game (not when single files were named).
        var fuzz: Bool
    }

    /// The games, in path order.
    var entries: [Entry]

    /// A path that holds no game and no test file.
    public struct PathError: Error, CustomStringConvertible {
        var path: String
        public var description: String {
            "\(path): not a game folder, a folder of games, a .play file or a .bot.lua file"
        }
    }

    /// Finds the tests under each path: a game folder, a folder of games, or a single `.play` / `.bot.lua` file.
    /// - Throws: ``PathError`` for a path that is none of those.
    public static func discover(_ paths: [String]) throws -> TestSuite {
        var entries: [Entry] = []
        let files = FileManager.default
        for path in paths {
            if path.hasSuffix(".play") || path.hasSuffix(".bot.lua") {
                guard files.fileExists(atPath: path) else { throw PathError(path: path) }
                let folder = PathText.parent(of: PathText.parent(of: path))  // GAME/tests/x.play
                let isPlay = path.hasSuffix(".play")
                entries.append(
                    Entry(
                        folder: folder, transcripts: isPlay ? [path] : [],
                        bots: isPlay ? [] : [path], fuzz: false))
            } else if files.fileExists(atPath: (path as NSString).appendingPathComponent("game.lua")) {
                entries.append(entry(forGameIn: path))
            } else if let names = try? files.contentsOfDirectory(atPath: path) {
                let games = names.sorted().map { (path as NSString).appendingPathComponent($0) }
                    .filter { files.fileExists(atPath: ($0 as NSString).appendingPathComponent("game.lua")) }
                guard !games.isEmpty else { throw PathError(path: path) }
                entries += games.map(entry(forGameIn:))
            } else {
                throw PathError(path: path)
            }
        }
        return TestSuite(entries: entries)
    }

    private static func entry(forGameIn folder: String) -> Entry {
        let tests = (folder as NSString).appendingPathComponent("tests")
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: tests)) ?? []).sorted()
        let paths = names.map { (tests as NSString).appendingPathComponent($0) }
        return Entry(
            folder: folder, transcripts: paths.filter { $0.hasSuffix(".play") },
            bots: paths.filter { $0.hasSuffix(".bot.lua") }, fuzz: true)
    }

    /// The paths that name each game's share of the suite, one list per game in order: a
    /// game folder for a whole game, else the test files named in it. `edujam test` runs each
    /// list in a process of its own (``discover(_:)`` of the list gives that game back).
    public var gamePaths: [[String]] {
        entries.map { $0.fuzz ? [$0.folder] : $0.transcripts + $0.bots }
    }

    /// How `run` goes about it.
    public struct Settings: Sendable, Codable {
        /// Smoke-fuzz runs per game; 0 for none.
        public var fuzzRuns = 200
        /// Rewrite failing transcript expectations (bless).
        public var update = false
        /// Threads that play the tests (``OrderedWork``): transcript cases, bot files and
        /// smoke fuzzes are spread over them and reported in the same order as with one.
        /// The library's default is 1; `edujam test` passes the machine's cores.
        public var jobs = 1
        /// Creates the defaults.
        public init() {}
    }

    /// One piece of work: a result known before anything plays, a transcript case, a bot
    /// file (its seeds in order, in one task) or a game's smoke fuzz.
    enum Task: Sendable {
        case known(TestOutcome)
        case transcriptCase(game: Int, file: Int, TranscriptCase)
        case bot(game: Int, String)
        case fuzz(game: Int, runs: Int)
    }

    /// What runs, in report order: the games loaded and the `.play` files read, here on the
    /// calling thread; nothing is played yet.
    struct Plan {
        var games: [GameUnderTest.Blueprint] = []
        var transcripts: [TranscriptTests] = []
        var tasks: [Task] = []
        /// For the last case of each `.play` file: the file, for `--update` once its cases are all in.
        var fileEnds: [Int: Int] = [:]
    }

    func plan(_ settings: Settings) -> Plan {
        var plan = Plan()
        for entry in entries {
            let name = PathText.name(of: entry.folder)
            let game: GameUnderTest
            do {
                game = try GameUnderTest(folder: entry.folder)
            } catch {
                plan.tasks.append(
                    .known(TestOutcome(game: name, name: "load game.lua", failure: "\(error)", seconds: 0)))
                continue
            }
            let gameIndex = plan.games.count
            plan.games.append(game.blueprint)
            for file in entry.transcripts {
                switch TranscriptTests.load(file, game: name) {
                case .failure(let failed): plan.tasks.append(.known(failed.outcome))
                case .success(let transcript):
                    let fileIndex = plan.transcripts.count
                    plan.transcripts.append(transcript)
                    for testCase in transcript.transcript.cases {
                        plan.tasks.append(.transcriptCase(game: gameIndex, file: fileIndex, testCase))
                    }
                    if !transcript.transcript.cases.isEmpty { plan.fileEnds[plan.tasks.count - 1] = fileIndex }
                }
            }
            plan.tasks += entry.bots.map { .bot(game: gameIndex, $0) }
            if entry.fuzz && settings.fuzzRuns > 0 {
                plan.tasks.append(.fuzz(game: gameIndex, runs: settings.fuzzRuns))
            }
        }
        return plan
    }

    /// Runs everything, reporting each result as it comes, in the same order for any number of jobs.
    /// - Parameters:
    ///   - settings: fuzz runs, update mode and jobs.
    ///   - progress: a label for what runs now (with several jobs, the first test not yet
    ///     reported), for a progress line; called on the calling thread.
    ///   - report: called on the calling thread with each result, in order, as soon as it and
    ///     every result before it are known.
    public func run(
        _ settings: Settings, progress: (String) -> Void = { _ in },
        report: (TestOutcome) -> Void
    ) {
        let plan = plan(settings)
        let games = plan.games
        let transcripts = plan.transcripts
        let tasks = plan.tasks
        var caseResults: [Int: [CaseResult]] = [:]
        OrderedWork.run(
            count: tasks.count, jobs: settings.jobs,
            worker: { SuiteWorker(games: games) },
            task: { worker, index in worker.run(tasks[index], transcripts: transcripts) },
            waiting: { index in progress(Self.label(of: tasks[index], games: games, transcripts: transcripts)) },
            deliver: { index, result in
                report(result.outcome)
                guard case .transcriptCase(_, let file, _) = tasks[index], let caseResult = result.caseResult else {
                    return
                }
                caseResults[file, default: []].append(caseResult)
                guard settings.update, plan.fileEnds[index] == file else { return }
                if let notice = transcripts[file].update(caseResults[file] ?? [], game: result.outcome.game) {
                    report(notice)
                }
            })
    }

    /// `math-jam: rounds.play: perfect round`, for the progress line.
    static func label(of task: Task, games: [GameUnderTest.Blueprint], transcripts: [TranscriptTests]) -> String {
        func name(_ game: Int) -> String { games[game].name }
        switch task {
        case .known(let outcome): return "\(outcome.game): \(outcome.name)"
        case .transcriptCase(let game, let file, let testCase):
            return "\(name(game)): \(transcripts[file].label): \(testCase.name)"
        case .bot(let game, let file): return "\(name(game)): \((file as NSString).lastPathComponent)"
        case .fuzz(let game, _): return "\(name(game)): fuzz"
        }
    }
}

/// One thread's share of a suite: its own copy of each game it plays, made on first use.
struct SuiteWorker {
    let games: [GameUnderTest.Blueprint]
    private var loaded: [Int: GameUnderTest] = [:]

    init(games: [GameUnderTest.Blueprint]) { self.games = games }

    /// A task's line of results, and a transcript case's result for `--update`.
    struct Result: Sendable {
        var outcome: TestOutcome
        var caseResult: CaseResult?
    }

    mutating func run(_ task: TestSuite.Task, transcripts: [TranscriptTests]) -> Result {
        switch task {
        case .known(let outcome): return Result(outcome: outcome)
        case .transcriptCase(let game, let file, let testCase):
            let (outcome, caseResult) = TranscriptTests.run(testCase, file: transcripts[file].file, on: self.game(game))
            return Result(outcome: outcome, caseResult: caseResult)
        case .bot(let game, let file): return Result(outcome: BotTests.run(file, on: self.game(game)))
        case .fuzz(let game, let runs): return Result(outcome: SmokeFuzz.run(self.game(game), runs: runs))
        }
    }

    private mutating func game(_ index: Int) -> GameUnderTest {
        if let game = loaded[index] { return game }
        let game = GameUnderTest(games[index])
        loaded[index] = game
        return game
    }
}
