import Foundation
import Testing
import TrackingTestSupport

/// A district's hot standby (`docs/school-server.md`, "A primary and a hot standby"): the
/// commands that only read go to the read address (`EDUJAM_READ_STORE`), every write to the
/// store's, and the standby's rows are guarded as the primary's. On a real pair the test starts
/// (`initdb`, `pg_basebackup -R`, two servers on Unix sockets in temporary folders).
@Suite(.enabled(if: PostgresServer.isAvailable, Comment(rawValue: PostgresServer.skipComment)))
struct SchoolStandbyTests {
    /// Maria's report and Ana's inbox read from the standby while the class saves on the
    /// primary, and the reading commands go on there once the primary is gone; Maria's `verify`
    /// replays from the standby and stores its checks on the primary.
    @Test func reportsAndInboxesReadFromTheStandbyWhileTheClassSavesOnThePrimary() throws {
        let district = try District()
        defer { district.remove() }
        let school = district.school
        func reading(_ words: [String], as login: String) throws -> Edujam.Result {
            try district.edujam(
                words, as: login,
                environment: [
                    "EDUJAM_STORE": district.url(district.primary, as: login),
                    "EDUJAM_READ_STORE": district.url(district.standby, as: login),
                ])
        }
        // The class plays on the primary while its teacher and a student read on the standby.
        let plays = try [school.ana, school.bo].map { login in
            let play = try OutboxCommandTests.LivePlay(
                mathJamAt: school,
                environment: [
                    "EDUJAM_STORE": district.url(district.primary, as: login), "XDG_DATA_HOME": school.data.path,
                ])
            play.answer(5)
            return play
        }
        let duringReport = try reading(["report", "--class", "5C"], as: school.maria)
        #expect(duringReport.status == 0, "\(duringReport.error)")
        let duringInbox = try reading(["inbox"], as: school.ana)
        #expect(duringInbox.status == 0, "\(duringInbox.error)")
        #expect(duringInbox.output.contains("Sums"), "\(duringInbox.output)")
        for play in plays {
            play.answer(5)
            let ended = try play.finish()
            #expect(ended.status == 0, "\(ended.error)")
            #expect(ended.error.isEmpty, "\(ended.error)")
        }
        try district.standby.catchUp(with: district.primary)

        let verified = try reading(["verify", "--class", "5C"], as: school.maria)
        #expect(verified.status == 0, "\(verified.error)")
        #expect(verified.output.hasSuffix("verify: 2 verified\n"), "\(verified.output)")
        #expect(try district.sql("SELECT count(*) FROM attempt_checks", on: district.primary) == "2")

        // The primary gone, the reads still come from the standby.
        try district.primary.stop()
        let report = try reading(["report", "--class", "5C", "--json"], as: school.maria)
        #expect(report.status == 0, "\(report.error)")
        for login in [school.ana, school.bo] { #expect(report.output.contains("\"\(login)\""), "\(login)") }
        let inbox = try reading(["inbox"], as: school.ana)
        #expect(inbox.status == 0, "\(inbox.error)")
        #expect(inbox.output.contains("MATH-JAM/LEVEL-1"), "\(inbox.output)")
        let games = try reading(["games"], as: school.ana)
        #expect(games.status == 0, "\(games.error)")
        let statements = try reading(["export", "--xapi", "--jsonl", "--class", "5C"], as: school.maria)
        #expect(statements.status == 0, "\(statements.error)")
        #expect(statements.output.split(separator: "\n").count >= 2, "\(statements.output)")
    }

    /// A save sent to the standby (a store address naming it) ends with what the student can act
    /// on: the server is a standby and saving needs the primary; the attempt is kept on the
    /// computer, and `sync` says the same while it waits, and sends it once that server is
    /// promoted. No SQLSTATE, no SQL.
    @Test func aSaveSentToTheStandbySaysItNeedsThePrimaryAndIsKept() throws {
        let district = try District()
        defer { district.remove() }
        let bo = district.school.bo
        try district.standby.catchUp(with: district.primary)
        let atStandby = ["EDUJAM_STORE": district.url(district.standby, as: bo)]
        let played = try district.edujam(
            ["play", "MATH-JAM/LEVEL-1"], as: bo, environment: atStandby, input: String(repeating: "0\n", count: 10))
        #expect(played.status == 1)
        #expect(
            played.error.contains(
                "is a standby, which only reads: writing needs the primary server; list it in the store's address, with target_session_attrs=read-write"
            ), "\(played.error)")
        #expect(played.error.contains("it is kept on this computer, and edujam sync sends it again"), "\(played.error)")
        #expect(!played.error.contains("25006") && !played.error.contains("read-only transaction"), "\(played.error)")

        let waiting = try district.edujam(["sync"], as: bo, environment: atStandby)
        #expect(waiting.status == 1)
        #expect(
            waiting.output.hasPrefix("Refused, kept on this computer: \(bo), MATH-JAM/LEVEL-1, "), "\(waiting.output)")
        #expect(waiting.output.contains("is a standby, which only reads"), "\(waiting.output)")
        #expect(try district.sql("SELECT count(*) FROM activities", on: district.primary) == "0")

        // Once that server takes writes (promoted, the primary gone), sync at its address sends it.
        try district.primary.stop()
        try district.standby.promote()
        let sent = try district.edujam(["sync"], as: bo, environment: atStandby)
        #expect(sent.status == 0, "\(sent.error)")
        #expect(sent.output.hasPrefix("Sent: \(bo), MATH-JAM/LEVEL-1, finished, "), "\(sent.output)")
        #expect(try district.sql("SELECT count(*) FROM activities", on: district.standby) == "1")
    }

    /// Row-level security is the primary's, replayed: on the standby a student's own `psql`
    /// reads her attempts only, and a teacher reads her class's and not another's.
    @Test func theStandbyKeepsEachLoginToItsOwnRows() throws {
        let district = try District()
        defer { district.remove() }
        let school = district.school
        for login in [school.ana, school.bo, school.cy] {
            let played = try school.play(as: login)
            #expect(played.status == 0, "\(login): \(played.error)")
        }
        try district.standby.catchUp(with: district.primary)
        func students(as login: String) throws -> String {
            let result = try district.standby.psql(
                "SELECT string_agg(DISTINCT student, ',' ORDER BY student) FROM activities",
                database: school.database, role: login)
            #expect(result.status == 0, "\(result.error)")
            return result.output.trimmingCharacters(in: .newlines)
        }
        #expect(try students(as: school.ana) == school.ana)
        #expect(try students(as: school.cy) == school.cy)
        #expect(try students(as: school.maria) == "\(school.ana),\(school.bo)")
        let written = try district.standby.psql(
            "DELETE FROM activities", database: school.database, role: school.ana)
        #expect(written.status != 0)
        #expect(written.error.contains("read-only transaction"), "\(written.error)")
    }
}
