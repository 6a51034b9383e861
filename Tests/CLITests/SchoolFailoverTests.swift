import Foundation
import Testing
import TrackingTestSupport

/// A district's failover loses nothing (`docs/school-server.md`, "When the primary is lost"): 30
/// students play Math Jam through the binary, each on their own login and computer, with the
/// store's address listing both servers (`target_session_attrs=read-write`); the primary stops as
/// a crash would in the middle of their games, answers typed and saves in flight; the standby is
/// promoted. Every game goes on and ends (one started during the outage plays on its computer
/// alone, and `sync` sends it), each attempt is on the new primary once, whole (`verify` replays
/// it to the saved result), and no student saw more than "your work is kept".
@Suite(.enabled(if: PostgresServer.isAvailable, Comment(rawValue: PostgresServer.skipComment)))
struct SchoolFailoverTests {
    static let students = 30
    static let kept = "Can't reach the school server; your work is kept and will be sent.\n"

    @Test func aClassPlaysThroughAFailoverAndLosesNothing() throws {
        // Synchronous replication: a commit the primary acknowledged is on the standby's disk.
        let district = try District(synchronous: true)
        defer { district.remove() }
        let school = district.school
        let logins = (1...Self.students).map { String(format: "s%02d_\(school.tag)", $0) }
        let added = try school.edujam(["class", "add", "5C"] + logins + ["--create-logins"], as: school.maria)
        #expect(added.status == 0, "\(added.error)")
        let computers = try logins.map { try Edujam.scratchFolder("failover-\($0)") }
        defer { for folder in computers { try? FileManager.default.removeItem(at: folder) } }

        let plays = try zip(logins, computers).map { login, computer in
            try OutboxCommandTests.LivePlay(
                mathJamAt: school,
                environment: ["EDUJAM_STORE": district.bothHosts(as: login), "XDG_DATA_HOME": computer.path])
        }
        for play in plays { play.answer(3) }
        try wait("every student's attempt saved on the primary") {
            try district.sql("SELECT count(DISTINCT student) FROM activities", on: district.primary)
                == String(Self.students)
        }

        // An answer each, and the primary stops while their saves are on their way.
        for play in plays { play.answer(1) }
        try district.primary.stop(immediately: true)
        // Two more while no primary answers: each game keeps its attempt in its computer's outbox.
        for play in plays { play.answer(2) }
        try wait("every game's attempt kept on its computer") {
            try computers.allSatisfy { try Self.outboxCount($0) == 1 }
        }

        // A game started now, while no server takes writes, plays on its computer alone.
        let late = try district.edujam(
            ["play", "MATH-JAM/LEVEL-1"], as: logins[0],
            environment: ["EDUJAM_STORE": district.bothHosts(as: logins[0])],
            data: computers[0], input: String(repeating: "0\n", count: 10))
        #expect(late.status == 0, "\(late.error)")
        #expect(late.error == Self.kept, "\(late.error)")

        try district.standby.promote()
        for play in plays { play.answer(4) }
        let results = try plays.map { try $0.finish() }
        for (login, result) in zip(logins, results) {
            #expect(result.status == 0, "\(login): \(result.error)")
            #expect(result.error.isEmpty || result.error == Self.kept, "\(login): \(result.error)")
            #expect(result.output.contains("Question 10 of 10"), "\(login): \(result.output)")
        }
        // The game started offline left its attempt on its computer, and so did any whose last
        // save still found no primary (a reconnection slower than `PGConnection.reconnectTimeout`
        // on a loaded machine): `sync` sends each, as the student's next command would.
        #expect(try Self.outboxCount(computers[0]) >= 1, "the offline game's attempt waits")
        for (login, computer) in zip(logins, computers) where try Self.outboxCount(computer) > 0 {
            let sent = try district.edujam(
                ["sync"], as: login, environment: ["EDUJAM_STORE": district.bothHosts(as: login)], data: computer)
            #expect(sent.status == 0 && sent.output.hasPrefix("Sent: "), "\(login): \(sent.output)\(sent.error)")
        }
        for (login, computer) in zip(logins, computers) {
            #expect(try Self.outboxCount(computer) == 0, "\(login)'s outbox")
        }

        // One attempt a student (two for the one who started a game offline), ended, no event missing (each is stored once: its key); verify replays all of them to what was saved.
        let server = district.standby
        #expect(
            try district.sql(
                "SELECT count(*), count(DISTINCT student), count(*) FILTER (WHERE ended_at IS NOT NULL) FROM activities",
                on: server) == "\(Self.students + 1)|\(Self.students)|\(Self.students + 1)")
        #expect(
            try district.sql(
                """
                SELECT count(*) FROM (SELECT 1 FROM attempt_events GROUP BY activity_id
                HAVING count(*) <> max(sequence) - min(sequence) + 1) AS with_gaps
                """,
                on: server) == "0")
        let verified = try district.edujam(
            ["verify", "--class", "5C"], as: school.maria,
            environment: ["EDUJAM_STORE": district.bothHosts(as: school.maria)])
        #expect(verified.status == 0, "\(verified.error)")
        #expect(verified.output.hasSuffix("verify: \(Self.students + 1) verified\n"), "\(verified.output)")
    }

    /// How many attempts wait in the outbox of the computer whose data folder is `computer`.
    private static func outboxCount(_ computer: URL) throws -> Int {
        let path = computer.appendingPathComponent("edujam/outbox.sqlite").path
        guard FileManager.default.fileExists(atPath: path) else { return 0 }
        return Int(try OldStore.value(path, "SELECT count(*) FROM outbox") ?? "0") ?? 0
    }

    /// Polls `condition` until it holds, for at most 60 seconds.
    private func wait(_ what: String, _ condition: () throws -> Bool) throws {
        for _ in 0..<600 {
            if try condition() { return }
            usleep(100_000)
        }
        throw PostgresServer.Failure("gave up waiting for \(what)")
    }
}
