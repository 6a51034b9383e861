import Foundation
import Testing
import TrackingTestSupport

@testable import Tracking

/// `edujam store prune --attempts-before DATE` on a school server: the owner's way to keep a
/// store in bounds from year to year. Without it a student who played ``Limits/attemptsPerStudent``
/// rounds over the years (or left some 300 running by crashes, each counted as the most an attempt
/// can hold) was refused every save until the owner deleted rows in SQL.
extension SchoolRowsAttackTests {
    /// Ana's and Bo's rounds of last year go, with everything that was theirs, and what each was
    /// counted for them is given back: Ana, refused at the attempts bound, then sends her kept
    /// round. Her newer round, and Cy's, stay; a teacher's or a student's prune is refused.
    @Test func theOwnerPrunesLastYearsAttemptsAndAStudentAtTheBoundPlaysAgain() throws {
        let school = try School()
        defer { school.remove() }
        for login in [school.ana, school.bo, school.ana, school.cy] {
            #expect(try school.play(as: login).status == 0)
        }
        let lastYear =
            "(SELECT min(id) FROM activities WHERE student = '\(school.ana)'), "
            + "(SELECT id FROM activities WHERE student = '\(school.bo)')"
        _ = try school.sql(
            "UPDATE activities SET started_at = started_at - 400 * 86400, ended_at = ended_at - 400 * 86400 "
                + "WHERE id IN (\(lastYear))")
        let old = try school.sql("SELECT string_agg(id::text, ',') FROM activities WHERE id IN (\(lastYear))")
        let theirs = try school.sql(
            """
            SELECT (SELECT count(*) FROM activity_items WHERE activity_id IN (\(old)))
                || ' ' || (SELECT count(*) FROM attempt_events WHERE activity_id IN (\(old)))
                || ' ' || (SELECT count(*) FROM attempt_inputs WHERE activity_id IN (\(old)))
            """)
        #expect(!theirs.hasPrefix("0 ") && !theirs.contains(" 0"), "two real rounds: \(theirs)")

        let held = "SELECT attempts || ' ' || bytes FROM attempt_counts WHERE student = '\(school.ana)'"
        let charge = Limits.attemptsPerStudent - 2  // the owner's, as years of rounds would
        _ = try school.sql("UPDATE attempt_counts SET attempts = attempts + \(charge) WHERE student = '\(school.ana)'")
        let refused = try school.play(as: school.ana)
        #expect(refused.status == 1 && refused.error.contains("attempts_per_student"), "\(refused.error)")
        #expect(refused.error.contains("it is kept on this computer, and edujam sync sends it again"))
        #expect(
            refused.error.contains(
                "tell your teacher: the school's EduJam administrator makes room with edujam store prune"),
            "\(refused.error)")

        let day = Edujam.day(after: -30)
        let prune = ["store", "prune", "--attempts-before", day]
        for login in [school.maria, school.ana] {
            let notTheirs = try school.edujam(prune, as: login)
            #expect(
                notTheirs.status == 1 && notTheirs.error.contains("store prune is the store owner's command"),
                "\(notTheirs)")
        }
        #expect(try school.sql("SELECT count(*) FROM activities") == "4")

        let owner = try school.cli.run(prune + ["--store", school.server.url(database: school.database)])
        #expect(
            owner.status == 0
                && owner.output == "Removed 2 attempts started before \(day) (UTC), "
                    + "with their items, progress, replay records and events.\n",
            "\(owner)")
        #expect(
            try school.sql("SELECT string_agg(student, ',' ORDER BY id) FROM activities")
                == "\(school.ana),\(school.cy)")
        #expect(
            try school.sql(
                """
                SELECT (SELECT count(*) FROM activity_items WHERE activity_id IN (\(old)))
                    + (SELECT count(*) FROM attempt_events WHERE activity_id IN (\(old)))
                    + (SELECT count(*) FROM attempt_inputs WHERE activity_id IN (\(old)))
                """) == "0")
        let bound = PGMigrations.attemptBytesBound
        #expect(try school.sql(held) == "\(charge + 1) \(bound)", "one attempt and its charge given back")
        #expect(
            try school.sql("SELECT attempts || ' ' || bytes FROM attempt_counts WHERE student = '\(school.bo)'")
                == "0 0")

        let sent = try school.edujam(["sync"], as: school.ana)
        #expect(sent.status == 0, "\(sent.error)")
        #expect(try school.sql(held) == "\(charge + 2) \(2 * bound)")
        let review = try school.edujam(["report", "--class", "5C"], as: school.maria)
        #expect(review.status == 0 && review.output.contains(school.ana), "\(review)")
        #expect(!review.output.contains("were removed (store prune)"), "Sums was made after the day")

        // Made last year, Sums may have lost attempts that counted for it: Maria's grade export
        // (reading the day the owner's prune recorded) leaves it out rather than send zeros.
        let sums = try school.sql(
            "UPDATE assignments SET created_at = created_at - 401 * 86400 WHERE title = 'Sums' RETURNING id")
        let folder = try Edujam.scratchFolder("grades")
        defer { try? FileManager.default.removeItem(at: folder) }
        let grades = try school.edujam(["export", "--oneroster-results", folder.path], as: school.maria)
        #expect(
            grades.status == 0 && grades.output.hasPrefix("Wrote 0 line item(s)")
                && grades.error.contains("  assignment \(sums): Sums (5C)\n")
                && grades.error.contains("lineItems.csv and results.csv are a delta"), "\(grades)")
        let marked = try school.edujam(["report", "--class", "5C"], as: school.maria)
        #expect(marked.output.contains("\n  attempts started before \(day) (UTC) were removed (store prune)\n"))
        // Ana, on her own login (reading the day under her row-level security), sees it in her inbox.
        let inbox = try school.edujam(["inbox"], as: school.ana)
        #expect(
            inbox.status == 0
                && inbox.output.contains("\n    attempts started before \(day) (UTC) were removed (store prune)\n"),
            "\(inbox)")
    }
}
