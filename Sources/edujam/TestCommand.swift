import DeclaredCommands
import EdujamCommandLine
import Foundation
import Playtest
import ReportText
import School

/// `edujam test`: the games' transcripts and bots (its options and synopsis: ``declaration``).
enum TestCommand: Command {
    static let declaration = TestOptions.declaration

    static func run(_ words: [String]) throws -> ExitStatus {
        let options = try TestOptions(words)
        let paths = options.paths
        if let junit = options.junit { try OutputFile.check(junit, option: "--junit") }
        var settings = TestSuite.Settings()
        settings.update = options.update
        if let runs = options.fuzzRuns { settings.fuzzRuns = runs }
        settings.jobs = options.jobs
        let suite: TestSuite
        do {
            suite = try TestSuite.discover(paths)
        } catch let error as TestSuite.PathError {
            throw UsageError("\(error)")
        }
        let progress = Progress()
        var outcomes: [TestOutcome] = []
        GameJobs().test(suite, settings: settings) { outcome in  // each game in a process of its own
            progress.clear()
            if outcome.diff.isEmpty { outcomes.append(outcome) }  // an update notice is not a test
            print(outcome)
        }
        progress.clear()
        if let junit = options.junit {
            try PrivateFile.write(JUnitWriter.xml(outcomes), to: junit)
        }
        let failed = outcomes.filter { !$0.passed }.count
        Output.line("\(outcomes.count - failed) passed, \(failed) failed")
        return failed == 0 ? .success : .failure
    }

    /// `ok    math-jam  basic.play: perfect round  (0.01 s)`, with the failure indented below.
    private static func print(_ outcome: TestOutcome) {
        if !outcome.diff.isEmpty {
            Output.line("updated  \(outcome.game)  \(outcome.name)")
            Output.line(outcome.diff.map { "    " + $0 }.joined(separator: "\n"))
            return
        }
        let time = String(format: "%.2f s", outcome.seconds)
        Output.line("\(outcome.passed ? "ok  " : "FAIL")  \(outcome.game)  \(outcome.name)  (\(time))")
        if let failure = outcome.failure {
            Output.line(
                failure.split(separator: "\n", omittingEmptySubsequences: false).map { "    " + $0 }.joined(
                    separator: "\n"))
        }
    }
}

/// A one-line progress display on stderr, only when stderr is a terminal, at most 20 times a second.
final class Progress {
    private let enabled = Output.isTerminal(.standardError)
    private var last = ContinuousClock.now - .seconds(1)
    private var shown = false

    func show(_ text: String) {
        guard enabled, ContinuousClock.now - last > .milliseconds(50) else { return }
        last = .now
        shown = true
        Output.write([.clearLine, .text(Format.fit(text, 76))], to: .standardError)
    }

    func clear() {
        guard enabled, shown else { return }
        shown = false
        Output.write([.clearLine], to: .standardError)
    }
}
