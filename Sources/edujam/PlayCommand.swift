import Classroom
import DeclaredCommands
import EdujamCommandLine
import Foundation
import Playtest
import ReportText
import Runtime
import Sandbox
import School
import Tracking

/// `edujam play`: a student plays a game (its options and synopsis: ``declaration``).
enum PlayCommand: Command {
    static let declaration = PlayCommandOptions.declaration

    static func run(_ words: [String]) throws -> ExitStatus {
        let typed = try PlayCommandOptions(words)
        if let file = typed.record { try OutputFile.check(file, option: "--record") }
        let driver = typed.driver
        // A harness says how long its student thinks, so the jsonl driver runs on a virtual clock.
        let clock = driver == nil ? RunClock.real() : RunClock.virtual(start: Date())
        if typed.watch {  // an author's: the folder's files
            catchStopSignals()
            let program = Installation.executable
            let watch = GameWatch(
                folder: try GameLaunch.folderTarget(typed.request).folder,
                command: [program, "play"] + words.filter { $0 != "--watch" }, said: { Output.error($0) },
                stopSignal: { stopRequested ? stopSignal.load(ordering: .relaxed) : nil })
            _ = try watch.run()
            return ExitStatus.afterStopSignal ?? .interrupted
        }
        let opened = try GameLaunch.open(typed.request, clock: clock)
        let (source, store, identity) = (opened.source, opened.store, opened.identity)
        if typed.seed != nil, case .login(_, .student, _) = identity { throw UsageError(Self.studentSeedRefusal) }
        var options = PlayOptions()
        options.seed = typed.seed ?? Int.random(in: 1...999_999)
        options.level = typed.level ?? source.level
        options.gameVersion = source.version?.description
        options.whenStoreUnreachable = {
            Output.error("Can't reach the school server; your work is kept and will be sent.")
        }
        options.student = try Identity.player(
            typed: typed.student, identity: identity, fallback: ProcessInfo.processInfo.environment["USER"] ?? "student"
        )
        try store.checkStudentName(options.student)  // names are checked at the door, before the game starts
        options.mayChangeCatalog = try opened.mayChangeCatalog
        catchStopSignals()
        let base: PlayChannel = driver == nil ? TerminalChannel() : JSONLinesChannel()
        let recorder = typed.record.map { _ in RecordingChannel(wrapping: base) }
        let report = try usageOnUnknownLevel {
            try source.play(store: store, channel: recorder ?? base, clock: clock, options: options)
        }
        if let recorder, let file = typed.record {
            try record(recorder.testCase(report: report, options: options), in: file)
            Output.error("edujam play: recorded the session as a test case in \(file)")
        }
        if driver != nil {
            if let stopped = ExitStatus.afterStopSignal { return stopped }
            return report.outcome == .error || report.outcome == .limit ? .failure : .success
        }
        let status = conclude(report, folder: source.folder)
        if typed.student != nil || identity != .anyone { tellWhereItCounts(report, store: store, source: source) }
        return status
    }

    /// Adds the recorded case to `file`, or makes it with a line saying what it is.
    private static func record(_ testCase: String, in file: String) throws {
        if let handle = FileHandle(forWritingAtPath: file) {
            defer { try? handle.close() }
            handle.seekToEndOfFile()
            handle.write(Data(("\n" + testCase).utf8))
        } else {
            try PrivateFile.write(
                "# Recorded with edujam play --record. Edit freely: see docs/playtesting.md.\n\n" + testCase, to: file)
        }
    }

    /// Why a student login may not pick the seed: a game's questions usually depend on the seed
    /// alone, so a round whose seed the student chose could be rehearsed until perfect and then
    /// count (and `verify` would call it verified, since it replays exactly). On the school server
    /// every round a student plays picks its own seed, recorded for replay. Practice with a seed
    /// goes to a store of one's own, where nothing counts for a class.
    static let studentSeedRefusal =
        "--seed picks the questions, so a round with a seed you chose could be rehearsed: on the school server each round picks its own. Play without --seed (to practise one seed again and again, add --store practice.sqlite: a store of your own, where nothing counts)"

    /// A level the game does not have is a mistake on the command line (64, with the levels listed).
    private static func usageOnUnknownLevel<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as GameLoadError {
            if case .unknownLevel = error { throw UsageError(error.description) }
            throw error
        }
    }

    /// Where the attempt counts (``WhereItCounts``), in the student's words.
    private static func tellWhereItCounts(_ report: RunReport, store: TrackingStore, source: GameSource) {
        switch WhereItCounts.of(report, in: store, source: source) {
        case nil: return
        case .notStarted: Output.line("Not started, so it counts for no assignment.")
        case .keptOnThisComputer: Output.line("Saved on this computer; it will be sent to the school server.")
        case .assignments(let assignments, let ready):
            let names = assignments.map { "assignment \($0.id) (\($0.title))" }
            Output.line("Saved for " + names.joined(separator: ", ") + ".")
            for id in ready { Output.line(InboxText.handIn(id) + ".") }
        case .retiredVersion(let version):
            Output.line(
                "Saved as practice: your teacher retired this version of the game (\(version.short)), so it counts for no assignment."
            )
        case .practice(let localCopy):
            Output.line(localCopy ? "Saved as practice: you \(ActivityProgress.localCopyText)." : "Saved as practice.")
        }
    }

    /// Tells the student how it ended, the author what failed, and picks the exit status:
    /// 128 + the signal when Ctrl-C, a hang-up or SIGTERM ended the wait for an answer.
    static func conclude(_ report: RunReport, folder: String? = nil) -> ExitStatus {
        switch report.outcome {
        case .error:
            Output.line("Sorry, this game ran into a problem and had to stop. Your progress so far is saved.")
            explain(report.failure, folder: folder)
            return .failure
        case .limit:
            Output.line(
                "Sorry, this game had to stop: it went past what the sandbox allows. Your progress so far is saved.")
            explain(report.failure, folder: folder)
            return .failure
        default:
            if report.failure != nil {  // failed after finishing: the attempt stands, the author still hears
                explain(report.failure, folder: folder)
                return .failure
            }
            return ExitStatus.afterStopSignal ?? .success
        }
    }

    /// The author's detail goes to stderr: file:line, message, the source line, the game's own frames.
    private static func explain(_ failure: ScriptFailure?, folder: String?) {
        guard let failure else { return }
        let folder = folder ?? failure.chunk.map(PathText.parent(of:)) ?? "."
        Output.error("edujam: " + ErrorExcerpt.text(for: failure, folder: folder))
    }
}

extension PlayCommandOptions {
    /// What School's ``GameLaunch`` is asked: the game, the student, and where the store and the
    /// games folder are.
    var request: GameLaunch.Request {
        GameLaunch.Request(
            word: game, student: student, user: ProcessInfo.processInfo.environment["USER"] ?? "student",
            location: StoreLocation(common), namedGames: { [common] in try Installation.namedGames(common) },
            gamesToRead: { [common] in try Installation.gamesToRead(common) })
    }
}
