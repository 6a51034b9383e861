import Foundation
import Testing

/// `edujam play` in a real (pseudo-)terminal: what a student sees and what happens to the
/// attempt when the terminal goes away or the process is stopped.
@Suite struct TerminalTests {
    private let mathJam = ["play", "games/math-jam", "--level", "LEVEL-1", "--seed", "5"]

    private func session(
        _ arguments: [String], cli: Edujam, environment: [String: String] = [:],
        directory: String = Edujam.root.path
    ) throws -> TerminalSession {
        var env = ["EDUJAM_STORE": cli.store, "NO_COLOR": "1", "TERM": "xterm"]
        for (key, value) in environment { env[key] = value }
        return try TerminalSession(arguments, environment: env, directory: directory)
    }

    /// Answers Math Jam's first question and waits at the second: one answer is saved.
    private func answerTheFirstQuestion(_ terminal: TerminalSession) {
        #expect(terminal.expect("Question 1 of 10"))
        #expect(terminal.expect(" = "))
        terminal.type("0\n")
        #expect(terminal.expect("Question 2 of 10"), "the run reads the answer: \(terminal.output)")
        #expect(terminal.expect(" = "))
    }

    private func run(of student: String, cli: Edujam) throws -> [String: Any]? {
        try cli.runs().first { $0["student"] as? String == student }
    }

    @Test func ctrlDAfterAnAnswerEndsTheStudentsLineFirst() throws {
        let cli = Edujam()
        defer { cli.remove() }
        let terminal = try session(mathJam + ["--student", "dot"], cli: cli)
        #expect(terminal.expect("Question 1 of 10"))
        #expect(terminal.expect(" = "))
        terminal.type("42\u{4}")  // the first Ctrl-D hands over "42", the second ends input
        terminal.type("\u{4}")
        #expect(terminal.waitForExit() == 0)
        #expect(terminal.output.contains("42\nNot quite:"), "\(terminal.output)")
    }

    @Test func theErrorIsExplainedBeforeSayingWhereTheAttemptCounts() throws {
        let cli = Edujam()
        defer { cli.remove() }
        let terminal = try session(["play", "Tests/CLITests/Fixtures/broken/crash", "--student", "dee"], cli: cli)
        #expect(terminal.expect("say anything"))
        terminal.type("hi\n")
        #expect(terminal.waitForExit() == 1)
        let output = terminal.output
        let explained = try #require(output.range(of: "attempt to index a nil value"), "\(output)")
        let practice = try #require(output.range(of: "Saved as practice."), "\(output)")
        #expect(explained.upperBound <= practice.lowerBound, "\(output)")
    }

    @Test(arguments: [(SIGHUP, "hang-up"), (SIGTERM, "SIGTERM")])
    func aSignalSavesTheAttemptAsQuitAndExits128PlusIt(signal: Int32, how: String) throws {
        let cli = Edujam()
        defer { cli.remove() }
        let terminal = try session(mathJam + ["--student", "sig"], cli: cli)
        answerTheFirstQuestion(terminal)
        if signal == SIGHUP { terminal.hangUp() } else { kill(terminal.pid, signal) }
        #expect(terminal.waitForExit() == 128 + signal, "\(how)")
        let run = try #require(try run(of: "sig", cli: cli))
        #expect(run["outcome"] as? String == "quit", "\(how)")
        #expect(run["progress"] as? Double ?? 0 >= 0.1, "the first answer is kept, as progress")
    }

    @Test func aRunWhoseProcessDiedIsReportedInterruptedWithWhatItSaved() throws {
        let cli = Edujam()
        defer { cli.remove() }
        let terminal = try session(mathJam + ["--student", "kay"], cli: cli)
        answerTheFirstQuestion(terminal)
        #expect(try run(of: "kay", cli: cli)?["outcome"] as? String == "running", "its process is still playing")
        kill(terminal.pid, SIGKILL)
        #expect(terminal.waitForExit() == 128 + SIGKILL)
        let run = try #require(try run(of: "kay", cli: cli))
        #expect(run["outcome"] as? String == "interrupted")
        #expect(run["progress"] as? Double ?? 0 >= 0.1, "what it had saved")
        let table = try cli.run(["report", "--student", "kay"])
        #expect(table.output.contains("interrupted"))
    }

    /// The edit-save-replay loop of docs/authoring.md: each run reads the student's answers from
    /// the terminal, a save restarts the game, and Ctrl-C stops both.
    @Test func watchPlaysAgainAfterASaveAndEachRunReadsTheTerminal() throws {
        let cli = Edujam()
        defer { cli.remove() }
        let games = try Edujam.scratchFolder("watch")
        defer { try? FileManager.default.removeItem(at: games) }
        for name in ["collection.lua", "math-jam"] {
            try FileManager.default.copyItem(
                at: Edujam.root.appendingPathComponent("games/\(name)"),
                to: games.appendingPathComponent(name))
        }
        let game = games.appendingPathComponent("math-jam")
        let terminal = try session(
            ["play", game.path, "--level", "LEVEL-1", "--seed", "5", "--student", "wat", "--watch"],
            cli: cli)
        answerTheFirstQuestion(terminal)

        let source = game.appendingPathComponent("game.lua")
        try (String(contentsOf: source, encoding: .utf8) + "\n-- edited\n").write(
            to: source, atomically: false, encoding: .utf8)
        #expect(terminal.expect("playing again"))
        answerTheFirstQuestion(terminal)  // the restarted run reads the terminal too

        terminal.type("\u{3}")  // Ctrl-C
        #expect(terminal.waitForExit() == 130)
        let runs = try cli.runs().filter { $0["student"] as? String == "wat" }
        #expect(runs.count == 2)
        #expect(
            runs.allSatisfy { $0["outcome"] as? String == "quit" && $0["progress"] as? Double ?? 0 >= 0.1 })
    }
}
