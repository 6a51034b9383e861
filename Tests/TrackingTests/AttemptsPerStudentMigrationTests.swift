import Foundation
import Testing
import TrackingTestSupport

@testable import Tracking

/// A PostgreSQL store at `027-done-marks-finite` takes `028-attempts-per-student`: the attempts
/// stored before are counted, and from then on a login other than the owner may not insert an
/// attempt past ``Limits/attemptsPerStudent`` for its student, whoever else is writing.
@Suite(.enabled(if: PostgresServer.isAvailable, Comment(rawValue: PostgresServer.skipComment)))
struct AttemptsPerStudentMigrationTests {
    @Test func aLoginMayNotInsertAnAttemptPastTheBoundAndTheOwnerAndOthersMay() throws {
        let engine = try postgreSQLStore(before: PGMigrations.attemptsPerStudent, previous: "027-done-marks-finite")
        try engine.connection.execute(
            """
            \(mainAndMathJamContexts)
            INSERT INTO activities (uuid, context_id, student, created_at, started_at)
            SELECT gen_random_uuid(), c.id, s, 0, 0 FROM contexts c, unnest(ARRAY['ana', 'ana', 'bo']) s
            WHERE c.identifier = 'MATH-JAM';
            """)
        _ = try TrackingStore(engine: engine, rootIdentifier: rootID, rootTitle: "EduJam Games")
        #expect(try PGMigrator.appliedNames(engine.connection) == PGMigrations.all.map(\.name))
        #expect(try counts(engine) == ["ana": 2, "bo": 1], "the attempts stored before are counted")

        // A teacher's login writes its own attempts under its name, as a student's writes theirs.
        let server = try PostgresServer.server()
        let login = "count_teacher_\(getpid())"
        let database = try #require(try firstValue(engine, "SELECT current_database()"))
        let made = try server.psql("CREATE ROLE \(login) LOGIN IN ROLE edujam_teacher", database: database)
        #expect(made.status == 0, "\(made.error)")
        let teacher = try PostgreSQLEngine(conninfo: server.conninfo(database: database, user: login))
        func insert(_ count: Int, as writer: PostgreSQLEngine, ended: Bool = false) throws {
            try writer.connection.execute(
                """
                INSERT INTO activities (uuid, context_id, student, created_at, started_at, ended_at)
                SELECT gen_random_uuid(), c.id, '\(login)', g, g, \(ended ? "g" : "NULL")
                FROM contexts c, generate_series(1, \(count)) g
                WHERE c.identifier = 'MATH-JAM';
                """)
        }

        // All but one stored ended by the owner: since `032-bytes-per-student` a new attempt is
        // charged the most one can hold, and a login's 10,000 new ones in one transaction are
        // refused for their bytes first (these are settled to what they hold when the bound nears).
        try insert(Limits.attemptsPerStudent - 1, as: engine, ended: true)
        try insert(1, as: teacher)
        #expect(try counts(engine)[login] == Int64(Limits.attemptsPerStudent))
        do {
            try insert(1, as: teacher)
            Issue.record("an attempt past the bound was stored")
        } catch let error as TrackingError {
            #expect("\(error)".contains(PGMigrations.attemptsPerStudentMessage), "\(error)")
        }
        #expect(try counts(engine)[login] == Int64(Limits.attemptsPerStudent), "the refused insert counted nothing")
        #expect(try firstValue(engine, "SELECT count(*) FROM activities WHERE student = '\(login)'") == "10000")

        // Others' writes are not bound by it: another student's, and the owner's for this login.
        try engine.connection.execute(
            """
            INSERT INTO activities (uuid, context_id, student, created_at, started_at)
            SELECT gen_random_uuid(), id, 'bo', 1, 1 FROM contexts WHERE identifier = 'MATH-JAM'
            """)
        try insert(1, as: engine)
        #expect(try counts(engine)["bo"] == 2)
        #expect(try counts(engine)[login] == Int64(Limits.attemptsPerStudent + 1))

        // Deleting and moving attempts count too: after two of the login's go (one moved to bo), it
        // may start one again.
        try engine.connection.execute(
            """
            DELETE FROM activities WHERE id = (SELECT min(id) FROM activities WHERE student = '\(login)');
            UPDATE activities SET student = 'bo' WHERE id = (SELECT min(id) FROM activities WHERE student = '\(login)');
            """)
        #expect(try counts(engine)["bo"] == 3)
        try insert(1, as: teacher)
        #expect(try counts(engine)[login] == Int64(Limits.attemptsPerStudent))
    }

    private func counts(_ engine: PostgreSQLEngine) throws -> [String: Int64] {
        var counts: [String: Int64] = [:]
        for row in try engine.connection.query("SELECT student, attempts FROM attempt_counts").rows {
            counts[row.text(0) ?? ""] = row.int(1)
        }
        return counts
    }
}
