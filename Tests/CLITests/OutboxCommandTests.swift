import Foundation
import Testing
import TrackingTestSupport

/// Play survives the network, through the built binary against a throwaway
/// PostgreSQL server of this suite's own (the tests stop it in the middle of a run of
/// `edujam play`, so not the server the other suites share).
/// The suite's server, made once when the suite first runs; its watchdog removes it at exit.
private let outboxTestServer = Result { try PostgresServer.dedicated() }

// The condition is read when the suite is about to run, never at discovery: a run filtered to
// other suites (the sanitizer's) starts no server.
@Suite(
    .enabled(
        if: (try? outboxTestServer.get()) != nil,
        "needs a PostgreSQL server of its own: install the Debian packages postgresql and libpq-dev"),
    .serialized)
struct OutboxCommandTests {
    /// `edujam play` running, with its answers typed one at a time.
    final class LivePlay {
        let process = Process()
        private let input = Pipe()
        private let output = Pipe()
        private let errors = Pipe()

        init(_ arguments: [String], environment: [String: String]) throws {
            process.executableURL = Edujam.binary
            process.arguments = arguments
            process.currentDirectoryURL = Edujam.root
            var env = ProcessInfo.processInfo.environment
            env["NO_COLOR"] = "1"
            for (key, value) in environment { env[key] = value }
            process.environment = env
            process.standardInput = input
            process.standardOutput = output
            process.standardError = errors
            try process.run()
        }

        func answer(_ line: String) {
            input.fileHandleForWriting.write(Data((line + "\n").utf8))
        }

        /// Ends the input (the run ends) and waits for the process.
        func finish() throws -> Edujam.Result {
            try input.fileHandleForWriting.close()
            let out = output.fileHandleForReading.readDataToEndOfFile()
            let err = errors.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            return Edujam.Result(
                status: process.terminationStatus, output: String(decoding: out, as: UTF8.self),
                error: String(decoding: err, as: UTF8.self))
        }
    }

    let server: PostgresServer
    let database: String
    let url: String
    /// The student's data folder: the outbox lives there.
    let data: URL
    let cli = Edujam()

    init() throws {
        server = try outboxTestServer.get()
        database = try server.createDatabase()
        url = server.url(database: database)
        data = try Edujam.scratchFolder("outbox")
    }

    private var environment: [String: String] { ["EDUJAM_STORE": url, "XDG_DATA_HOME": data.path] }

    private func edujam(_ arguments: [String]) throws -> Edujam.Result {
        try cli.run(arguments, environment: environment)
    }

    /// One SQL answer from the server, trimmed.
    private func sql(_ query: String) throws -> String {
        try server.psql(query, database: database).output.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// How many questions of the run the server has: Math Jam's progress is the questions asked
    /// over 10 (or the time used over 60 s, when that is further along: these rounds take seconds).
    private func questionsSaved() throws -> Int {
        Int(try sql("SELECT floor(max(progress) * 10 + 1e-9)::int FROM activities")) ?? 0
    }

    /// Waits until the server has `count` answers (each answer is saved as it is given).
    private func waitUntilSaved(_ count: Int) throws {
        let deadline = Date() + 10
        while try questionsSaved() < count, Date() < deadline { usleep(25_000) }
        #expect(try questionsSaved() == count)
    }

    private func play() throws -> LivePlay {
        try LivePlay(
            ["play", "games/math-jam", "--level", "LEVEL-1", "--seed", "7", "--student", "ana"],
            environment: environment)
    }

    /// The run as the server holds it: how many attempts, its outcome, its items.
    private func savedRun() throws -> (attempts: Int, outcome: String, items: Int, asked: Int) {
        let attempts = Int(try sql("SELECT count(*) FROM activities")) ?? -1
        let outcome = try sql("SELECT outcome FROM activities")
        let items = Int(try sql("SELECT count(*) FROM activity_items")) ?? -1
        return (attempts, outcome, items, try questionsSaved())
    }

    @Test func stoppingTheServerMidRunLosesNothing() throws {
        defer { try? FileManager.default.removeItem(at: data) }
        _ = try edujam(["catalog", "--publish"])  // the store exists before the run
        let run = try play()
        for _ in 1...3 { run.answer("5") }
        try waitUntilSaved(3)
        try server.stop()
        for _ in 4...6 { run.answer("5") }
        usleep(300_000)  // the answers reach the game while the server is down
        try server.start()
        for _ in 7...10 { run.answer("5") }
        let result = try run.finish()
        #expect(result.status == 0, "\(result.error)")
        let notices = result.error.components(separatedBy: "Can't reach the school server").count - 1
        #expect(notices == 1, "\(result.error)")

        let saved = try savedRun()
        #expect(saved.attempts == 1 && saved.outcome == "finished" && saved.asked == 10)
        let sync = try edujam(["sync"])
        #expect(sync.status == 0 && sync.output == "Nothing waits to be sent.\n")
    }

    @Test func aRunThatEndsWhileTheServerIsDownIsSentOnceBySync() throws {
        defer { try? FileManager.default.removeItem(at: data) }
        _ = try edujam(["catalog", "--publish"])
        let run = try play()
        for _ in 1...2 { run.answer("5") }
        try waitUntilSaved(2)
        try server.stop()
        for _ in 3...10 { run.answer("5") }
        let result = try run.finish()
        #expect(result.status == 0, "\(result.error)")
        #expect(result.error.contains("Can't reach the school server; your work is kept and will be sent."))
        let mode =
            try FileManager.default.attributesOfItem(atPath: data.path + "/edujam/outbox.sqlite")[
                .posixPermissions] as? Int
        #expect(mode == 0o600)

        let whileDown = try edujam(["sync"])
        #expect(whileDown.status == 1)
        #expect(
            whileDown.output == "1 attempt still waits on this computer: the school server cannot be reached now.\n")
        try server.start()
        #expect(try savedRun().asked == 2)  // only what reached the server before it went away

        let sync = try edujam(["sync"])
        #expect(sync.status == 0, "\(sync.error)")
        #expect(sync.output.hasPrefix("Sent: ana, MATH-JAM/LEVEL-1, finished, started "))
        let again = try edujam(["sync"])
        #expect(again.status == 0 && again.output == "Nothing waits to be sent.\n")
        let saved = try savedRun()
        #expect(saved.attempts == 1 && saved.outcome == "finished" && saved.asked == 10)
        #expect(Int(try sql("SELECT count(*) FROM attempt_events WHERE kind = 'ended'")) == 1)
    }

    /// A copy of the outbox (a home folder restored from a backup, a second computer) holds an
    /// attempt the server already has ended: `sync` says it was not sent and why, and the server's
    /// attempt stays as it was.
    @Test func anAttemptAlreadyEndedOnTheServerIsSaidNotSent() throws {
        defer { try? FileManager.default.removeItem(at: data) }
        _ = try edujam(["catalog", "--publish"])
        try server.stop()
        let played = try cli.run(
            ["play", "games/math-jam", "--level", "LEVEL-1", "--student", "ana"],
            input: String(repeating: "5\n", count: 10), environment: environment)
        try server.start()
        #expect(played.status == 0, "\(played.error)")
        let copy = try Edujam.scratchFolder("outbox-copy")
        defer { try? FileManager.default.removeItem(at: copy) }
        try FileManager.default.removeItem(at: copy)
        try FileManager.default.copyItem(at: data, to: copy)

        let sent = try edujam(["sync"])
        #expect(sent.output.hasPrefix("Sent: ana, MATH-JAM/LEVEL-1, finished, started "), "\(sent.output)")
        let before = try sql("SELECT id, saved_at, outcome FROM activities")
        let again = try cli.run(["sync"], environment: ["EDUJAM_STORE": url, "XDG_DATA_HOME": copy.path])
        #expect(again.status == 0, "\(again.error)")
        #expect(again.output.hasPrefix("Not sent: ana, MATH-JAM/LEVEL-1, finished, started "), "\(again.output)")
        #expect(
            again.output.hasSuffix(
                ": already ended on the school server (or saved there later): kept as it was there.\n"),
            "\(again.output)")
        #expect(!again.output.contains("Sent: "), "\(again.output)")
        #expect(try sql("SELECT id, saved_at, outcome FROM activities") == before)
        let empty = try cli.run(["sync"], environment: ["EDUJAM_STORE": url, "XDG_DATA_HOME": copy.path])
        #expect(empty.output == "Nothing waits to be sent.\n", "the copy's outbox is empty now: \(empty.output)")
    }

    /// The network goes silent mid-run (the server frozen: nothing refused, nothing answered):
    /// the game goes on and ends while the server is still frozen (a save waits 5 s for its
    /// answer, a reconnection 2 s), the attempt waits in the outbox, and `sync` sends it once
    /// the server answers again.
    @Test func aServerThatStopsAnsweringMidRunCostsSecondsAndLosesNothing() throws {
        defer { try? FileManager.default.removeItem(at: data) }
        _ = try edujam(["catalog", "--publish"])
        let run = try play()
        for _ in 1...2 { run.answer("5") }
        try waitUntilSaved(2)
        let server = self.server
        try server.pause()
        // A game that waited for the frozen server would wait for ever: thaw it after 30 s, so the
        // test fails (the game ended only once the server answered) instead of hanging.
        let thawed = Locked(false)
        let thaw = DispatchWorkItem {
            thawed.set(true)
            try? server.resume()
        }
        DispatchQueue.global().asyncAfter(deadline: .now() + 30, execute: thaw)
        for _ in 3...10 { run.answer("5") }
        let result = Result { try run.finish() }
        let endedWhileFrozen = !thawed.get()
        thaw.cancel()
        try server.resume()
        let played = try result.get()
        #expect(played.status == 0, "\(played.error)")
        #expect(endedWhileFrozen, "the game waited for the server to answer again")
        #expect(played.error.contains("Can't reach the school server; your work is kept and will be sent."))

        let sync = try edujam(["sync"])
        #expect(sync.status == 0, "\(sync.error)")
        #expect(sync.output.hasPrefix("Sent: ana, MATH-JAM/LEVEL-1, finished, started "), "\(sync.output)")
        #expect(try edujam(["sync"]).output == "Nothing waits to be sent.\n")
        let saved = try savedRun()
        #expect(saved.attempts == 1 && saved.outcome == "finished" && saved.asked == 10)
        #expect(Int(try sql("SELECT count(*) FROM attempt_events WHERE kind = 'ended'")) == 1)
    }

    @Test func theNextCommandDeliversTheOutboxFirst() throws {
        defer { try? FileManager.default.removeItem(at: data) }
        _ = try edujam(["catalog", "--publish"])
        let run = try play()
        run.answer("5")
        try waitUntilSaved(1)
        try server.stop()
        for _ in 2...10 { run.answer("5") }
        #expect(try run.finish().status == 0)
        try server.start()

        let report = try edujam(["report", "--json"])
        #expect(report.error == "edujam: sent 1 attempt kept on this computer to the school server.\n")
        #expect(report.output.contains("\"outcome\" : \"finished\""))
        #expect(try savedRun().asked == 10)
    }

    /// The Wi-Fi is down before the game starts: the student plays all the same, the attempt waits
    /// in the outbox, and `sync` sends it once, with the game's contexts the server never had.
    @Test func aRunStartedWhileTheServerIsDownIsPlayedAndSentOnceBySync() throws {
        defer { try? FileManager.default.removeItem(at: data) }
        let reached = try edujam(["sync"])  // this computer reaches the server once: it learns who the login is
        #expect(reached.status == 0, "\(reached.error)")
        try server.stop()
        let played = try cli.run(
            ["play", "games/math-jam", "--level", "LEVEL-1", "--seed", "7", "--student", "ana"],
            input: String(repeating: "5\n", count: 10), environment: environment)
        try server.start()
        #expect(played.status == 0, "\(played.error)")
        #expect(played.error == "Can't reach the school server; your work is kept and will be sent.\n")
        #expect(try sql("SELECT count(*) FROM contexts") == "1", "the game was never published")

        let sync = try edujam(["sync"])
        #expect(sync.status == 0, "\(sync.error)")
        #expect(sync.output.hasPrefix("Sent: ana, MATH-JAM/LEVEL-1, finished, started "))
        #expect(try edujam(["sync"]).output == "Nothing waits to be sent.\n")
        let saved = try savedRun()
        #expect(saved.attempts == 1 && saved.outcome == "finished" && saved.asked == 10)
        #expect(try sql("SELECT string_agg(identifier, '/' ORDER BY id) FROM contexts").hasSuffix("/MATH-JAM/LEVEL-1"))
    }

    /// A student login plays offline as its name on the rosters, and the delivery, under the
    /// student's row-level security, writes the attempt and the game's contexts.
    @Test func aStudentLoginPlaysOfflineUnderTheirRosterName() throws {
        defer { try? FileManager.default.removeItem(at: data) }
        let login = "ana_\(UUID().uuidString.prefix(8).lowercased())"
        #expect(try edujam(["store", "init"]).status == 0)
        #expect(try edujam(["class", "create", "5C"]).status == 0)
        let added = try edujam(["class", "add", "5C", "Ana Lima", "--login", login, "--create-logins"])
        #expect(added.status == 0, "\(added.error)")
        let asAna = ["EDUJAM_STORE": server.url(database: database, user: login), "XDG_DATA_HOME": data.path]
        #expect(try cli.run(["sync"], environment: asAna).status == 0)
        try server.stop()
        let played = try cli.run(
            ["play", "games/math-jam", "--level", "LEVEL-1"], input: String(repeating: "5\n", count: 10),
            environment: asAna)
        try server.start()
        #expect(played.status == 0, "\(played.error)")

        let sync = try cli.run(["sync"], environment: asAna)
        #expect(sync.status == 0, "\(sync.error)")
        #expect(sync.output.hasPrefix("Sent: Ana Lima, MATH-JAM/LEVEL-1, finished, started "), "\(sync.output)")
        #expect(try sql("SELECT student || ' ' || outcome FROM activities") == "Ana Lima finished")
    }

    /// A login this computer never reached the server as: nothing says whose work it would be, so
    /// nothing is played, in one line.
    @Test func aLoginNeverSeenHereCannotStartWhileTheServerIsDown() throws {
        defer { try? FileManager.default.removeItem(at: data) }
        try server.stop()
        let played = try cli.run(
            ["play", "games/math-jam", "--level", "LEVEL-1", "--seed", "7", "--student", "ana"],
            input: String(repeating: "5\n", count: 10), environment: environment)
        try server.start()
        #expect(played.status == 1)
        #expect(played.output.isEmpty, "no game started: \(played.output)")
        #expect(played.error.split(separator: "\n").count == 1, "\(played.error)")
        #expect(played.error.hasPrefix("edujam play: nothing was played: cannot reach the PostgreSQL server at "))
        #expect(played.error.contains("this computer has never reached it as postgres to learn whose work it would be"))
        #expect(try edujam(["sync"]).output == "Nothing waits to be sent.\n")
    }

    /// A student whose server is down hears it in words: the game ends with one closing line, and
    /// the inbox says the server cannot be reached now and nothing is lost, without a socket errno.
    @Test func aStudentWhoseServerIsDownIsToldInWords() throws {
        defer { try? FileManager.default.removeItem(at: data) }
        let login = "ana_\(UUID().uuidString.prefix(8).lowercased())"
        #expect(try edujam(["store", "init"]).status == 0)
        #expect(try edujam(["class", "create", "5C"]).status == 0)
        #expect(try edujam(["class", "add", "5C", login, "--create-logins"]).status == 0)
        let asAna = ["EDUJAM_STORE": server.url(database: database, user: login), "XDG_DATA_HOME": data.path]
        #expect(try cli.run(["sync"], environment: asAna).status == 0)
        try server.stop()
        let played = try cli.run(
            ["play", "games/math-jam", "--level", "LEVEL-1"], input: String(repeating: "5\n", count: 10),
            environment: asAna)
        let inbox = try cli.run(["inbox"], environment: asAna)
        try server.start()
        #expect(played.status == 0, "\(played.error)")
        #expect(
            played.output.hasSuffix("\nSaved on this computer; it will be sent to the school server.\n"),
            "\(played.output)")
        #expect(inbox.status == 1)
        #expect(inbox.error.split(separator: "\n").count == 1, "\(inbox.error)")
        #expect(
            inbox.error.hasPrefix("edujam inbox: the school server (\(server.socketDirectory) (port "), "\(inbox.error)"
        )
        #expect(inbox.error.contains("cannot be reached right now") && inbox.error.contains("nothing is lost"))
        #expect(!inbox.error.contains("no such file") && !inbox.error.contains("refused"), "\(inbox.error)")
    }
}
