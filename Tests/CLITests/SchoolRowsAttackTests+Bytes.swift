import Foundation
import Testing
import TrackingTestSupport

@testable import Tracking

/// What one student's rows may hold (PostgreSQL migration `032-bytes-per-student`): at most
/// ``Limits/bytesPerStudent`` of replay records, progress ranges and events. Before it, one
/// student could make the server keep some 16 GB with `psql`, and a few of them filled its disk.
extension SchoolRowsAttackTests {
    /// Ana holds all but one byte of the bound (the owner charges her count, as a few hundred
    /// MB of attempts would): her `psql` attempts past it are refused, and so is her game's save,
    /// which her outbox keeps; Bo plays as ever and the teacher's review is whole. Once the owner
    /// takes the charge off, `sync` sends her kept attempt. Near the bound again, her next round
    /// counts the first two as what they hold, and the owner's `store prune` gives their records'
    /// bytes back.
    @Test func aStudentPastHerBytesIsRefusedAndKeepsHerWorkWhileClassmatesPlay() throws {
        let school = try School()
        defer { school.remove() }
        #expect(try school.play(as: school.ana).status == 0)
        let held = "SELECT bytes FROM attempt_counts WHERE student = '\(school.ana)'"
        let bound = PGMigrations.attemptBytesBound
        #expect(try school.sql(held) == "\(bound)", "her round, until her next one starts, as the most it can hold")
        let charge = Limits.bytesPerStudent - 1 - bound
        _ = try school.sql("UPDATE attempt_counts SET bytes = bytes + \(charge) WHERE student = '\(school.ana)'")

        let flood = try school.psql(
            """
            INSERT INTO activities (uuid, context_id, student, created_at, started_at)
            SELECT gen_random_uuid(), context_id, student, 1, 1 FROM activities, generate_series(1, 10)
            """, as: school.ana)
        #expect(flood.status != 0 && flood.error.contains("bytes_per_student"), "\(flood)")

        let refused = try school.play(as: school.ana)
        #expect(refused.status == 1)
        #expect(refused.error.contains("the school server refused to save this attempt ("), "\(refused.error)")
        #expect(refused.error.contains("bytes_per_student"), "\(refused.error)")
        #expect(refused.error.contains("it is kept on this computer, and edujam sync sends it again"))
        #expect(refused.error.contains("tell your teacher: the school's EduJam administrator makes room"))
        #expect(try school.sql(held) == "\(Limits.bytesPerStudent - 1)", "the refused writes counted nothing")
        #expect(try school.sql("SELECT count(*) FROM activities WHERE student = '\(school.ana)'") == "1")

        #expect(try school.play(as: school.bo).status == 0, "a classmate's save costs nothing of hers")
        let review = try school.edujam(["report", "--class", "5C"], as: school.maria)
        #expect(review.status == 0 && review.output.contains(school.bo), "\(review)")

        _ = try school.sql("UPDATE attempt_counts SET bytes = bytes - \(charge) WHERE student = '\(school.ana)'")
        let sent = try school.edujam(["sync"], as: school.ana)
        #expect(sent.status == 0, "\(sent.error)")
        #expect(try school.sql("SELECT count(*) FROM activities WHERE student = '\(school.ana)'") == "2")
        #expect(try school.sql(held) == "\(2 * bound)", "both rounds as the most they can hold")

        // Near the bound again (the owner's charge), her third round settles the first two to
        // what they hold before it is charged, and is played and saved.
        let near = Limits.bytesPerStudent - 3 * bound + 1
        _ = try school.sql("UPDATE attempt_counts SET bytes = bytes + \(near) WHERE student = '\(school.ana)'")
        #expect(try school.play(as: school.ana).status == 0)
        _ = try school.sql("UPDATE attempt_counts SET bytes = bytes - \(near) WHERE student = '\(school.ana)'")
        let earlier =
            "FROM activities a LEFT JOIN attempt_inputs i ON i.activity_id = a.id WHERE a.student = '\(school.ana)' "
            + "AND a.id < (SELECT max(id) FROM activities WHERE student = '\(school.ana)')"
        let rounds = try #require(
            Int(
                try school.sql(
                    "SELECT sum(octet_length(a.ranges) + coalesce(i.bytes, 0) + \(Limits.bytesPerEvent) "
                        + "* (SELECT count(*) FROM attempt_events e WHERE e.activity_id = a.id)) \(earlier)")))
        let records = try #require(Int(try school.sql("SELECT sum(i.bytes) \(earlier)")))
        #expect(records > 0 && rounds > records && rounds < 100_000, "two real rounds: \(rounds) bytes")
        #expect(try school.sql(held) == "\(rounds + bound)")

        let prune = [
            "store", "prune", "--inputs-before", Edujam.day(after: 1), "--store",
            school.server.url(database: school.database),
        ]
        #expect(try school.cli.run(prune).status == 0)
        #expect(try school.sql(held) == "\(rounds - records + bound)", "their records given back")
    }
}
