import Foundation
import Testing
import TrackingTestSupport

/// An attack on the school of ``SchoolRowsAttackTests`` through the attempts' history: a student's `psql` rewrites her
/// past attempts. Once an attempt has ended it is frozen for every login but the owner
/// (`docs/classroom.md`, "Who can see what"); its replay record is read only by the student and
/// her teachers, and only the owner prunes it ("What is kept about a student, and why").
extension SchoolRowsAttackTests {
    /// Every change a client could make to ana's ended attempt, its items, events and replay
    /// record (the issue's `update activity_items set score = 5 where true` first): each sees no
    /// row (`RETURNING` prints nothing) or is refused.
    private static let attacks = [
        "UPDATE activity_items SET score = 5 WHERE true RETURNING 1",
        "UPDATE activity_items SET quantity = 5 WHERE kind = 'quantity' RETURNING 1",
        "DELETE FROM activity_items RETURNING 1",
        "UPDATE activities SET progress = 1, outcome = 'finished' WHERE true RETURNING 1",
        "UPDATE attempt_events SET progress = 1 WHERE true RETURNING 1",
        "DELETE FROM attempt_events RETURNING 1",
        "UPDATE attempt_inputs SET record = record WHERE true RETURNING 1",
        "DELETE FROM attempt_inputs RETURNING 1",
    ]

    /// What the server holds of the school's attempts, items and records, as its superuser reads it
    /// (also ``aStudentWritesNoClassmatesAttemptThroughTheSaveCall()``'s).
    static let everything = """
        SELECT a.uuid, a.outcome, a.progress, i.identifier, i.score, i.quantity, i.flag,
            (SELECT count(*) FROM attempt_events e WHERE e.activity_id = a.id),
            (SELECT bytes FROM attempt_inputs r WHERE r.activity_id = a.id)
        FROM activities a LEFT JOIN activity_items i ON i.activity_id = a.id ORDER BY a.uuid, i.identifier
        """

    @Test func aStudentsPsqlChangesNothingOfHerEndedAttemptAndTheTeachersReportStaysTrue() throws {
        let school = try School()
        defer { school.remove() }
        #expect(try school.play(as: school.ana).status == 0)
        let stored = try school.sql(Self.everything)
        let report = try school.edujam(["report", "--class", "5C"], as: school.maria)
        #expect(report.status == 0 && report.output.contains(school.ana), "\(report)")

        for attack in Self.attacks {
            let result = try school.psql(attack, as: school.ana)
            #expect(result.status == 0 && result.output.isEmpty, "\(attack): \(result)")
        }
        let upsert = try school.psql(
            """
            INSERT INTO activity_items (activity_id, identifier, title, kind, sequence, score, max_score)
            SELECT activity_id, identifier, title, kind, sequence, 5, 5 FROM activity_items
            ON CONFLICT (activity_id, identifier) DO UPDATE SET score = excluded.score
            """, as: school.ana)
        #expect(upsert.status != 0 && upsert.error.contains("row-level security"), "\(upsert)")
        let added = try school.psql(
            """
            INSERT INTO activity_items (activity_id, identifier, title, kind, sequence, score, max_score)
            SELECT id, 'bonus', 'Bonus', 'score', 99, 5, 5 FROM activities
            """, as: school.ana)
        #expect(added.status != 0 && added.error.contains("row-level security"), "\(added)")

        #expect(try school.sql(Self.everything) == stored)
        #expect(try school.edujam(["report", "--class", "5C"], as: school.maria).output == report.output)

        // The owner is bound by no policy: the forged score the Done-when plants.
        let planted = try school.sql("UPDATE activity_items SET quantity = 5 WHERE kind = 'quantity' RETURNING 1")
        #expect(!planted.isEmpty)
    }

    /// The same statements on a running attempt of hers work: here the one a crash left running
    /// (the owner reopens her ended one, as a crash would have left it).
    @Test func aStudentStillChangesHerRunningAttempt() throws {
        let school = try School()
        defer { school.remove() }
        #expect(try school.play(as: school.ana).status == 0)
        _ = try school.sql("UPDATE activities SET ended_at = NULL, outcome = 'running'")
        for attack in Self.attacks where !attack.contains("outcome") {
            let result = try school.psql(attack, as: school.ana)
            #expect(result.status == 0 && !result.output.isEmpty, "\(attack): \(result)")
        }
    }

    /// Ana's replay record is read by her and her teacher; not by her classmate, nor by the
    /// teacher of another class. Only the owner prunes it; the attempt stays, without a record.
    @Test func aReplayRecordIsReadByItsStudentAndHerTeachersAndPrunedByTheOwnerAlone() throws {
        let school = try School()
        defer { school.remove() }
        #expect(try school.play(as: school.ana).status == 0)
        #expect(try school.play(as: school.bo).status == 0)
        let anas = """
            SELECT count(*) FROM attempt_inputs r JOIN activities a ON a.id = r.activity_id
            WHERE a.student = '\(school.ana)'
            """
        for (login, count) in [
            (school.ana, "1"), (school.maria, "1"), (school.bo, "0"), (school.joao, "0"), (school.cy, "0"),
        ] {
            #expect(try school.psql(anas, as: login).output == count + "\n", "\(login)")
        }
        #expect(try school.psql("SELECT count(*) FROM attempt_inputs", as: school.joao).output == "0\n")
        #expect(try school.psql("SELECT count(*) FROM attempt_inputs", as: school.bo).output == "1\n", "his own")

        let prune = ["store", "prune", "--inputs-before", Edujam.day(after: 1)]
        for login in [school.maria, school.ana] {
            let refused = try school.edujam(prune, as: login)
            #expect(
                refused.status == 1
                    && refused.error.contains("store prune is the store owner's command, and the login \(login)"),
                "\(refused)")
        }
        #expect(try school.sql("SELECT count(*) FROM attempt_inputs") == "2")
        let owner = try school.cli.run(prune + ["--store", school.server.url(database: school.database)])
        #expect(owner.status == 0 && owner.output.hasPrefix("Removed 2 replay records"), "\(owner)")
        #expect(
            try school.sql("SELECT count(*) || ' ' || (SELECT count(*) FROM attempt_inputs) FROM activities") == "2 0")
    }
}
