import Foundation
import Testing
import TrackingTestSupport

@testable import Tracking

/// A PostgreSQL store at `031-events-per-attempt` takes `032-bytes-per-student`: each attempt is
/// charged the most one can hold, until a new attempt would pass ``Limits/bytesPerStudent``;
/// then those no login can change any more are settled to what they hold (ranges, replay record,
/// events), and the charges follow every move and deletion. A login other than the owner may not
/// start an attempt still past the bound. (A student's own writes through `psql` and a refused
/// save kept in the outbox: `SchoolRowsAttackTests+Bytes.swift`, on a school's whole store.)
@Suite(.enabled(if: PostgresServer.isAvailable, Comment(rawValue: PostgresServer.skipComment)))
struct BytesPerStudentMigrationTests {
    let bound = Int64(PGMigrations.attemptBytesBound)
    let event = Int64(Limits.bytesPerEvent)

    @Test func eachAttemptIsChargedItsBoundUntilSettledAtTheBoundThenWhatItHolds() throws {
        let engine = try postgreSQLStore(before: PGMigrations.bytesPerStudent, previous: "031-events-per-attempt")
        // Before 032: ana's ended attempt with ranges, a record and three events; bo's running.
        try engine.connection.execute(
            """
            \(mainAndMathJamContexts)
            INSERT INTO activities (uuid, context_id, student, created_at, started_at, ended_at, ranges)
            SELECT gen_random_uuid(), c.id, v.student, 0, 0, v.ended, v.ranges FROM contexts c,
                (VALUES ('ana', 1, '[[0,0.5]]'), ('bo', NULL, '[]')) AS v(student, ended, ranges)
            WHERE c.identifier = 'MATH-JAM';
            INSERT INTO attempt_inputs (activity_id, record, bytes)
            SELECT id, repeat('r', 1000), 1000 FROM activities WHERE student = 'ana';
            INSERT INTO attempt_events (activity_id, sequence, kind, at)
            SELECT id, g, 'progressed', g FROM activities, generate_series(0, 2) g WHERE student = 'ana';
            """)
        _ = try TrackingStore(engine: engine, rootIdentifier: rootID, rootTitle: "EduJam Games")
        #expect(try PGMigrator.appliedNames(engine.connection) == PGMigrations.all.map(\.name))
        #expect(try held(engine) == ["ana": 9 + 1000 + 3 * event, "bo": bound], "the rows stored before")
        try expectConsistent(engine)

        // A teacher's login plays as a student's does (a store without the classroom's part lets
        // it insert its attempts, not read them, so the owner writes to them here): while its
        // attempt runs, nothing written to it moves the charge.
        let teacher = try login(engine, "bytes_teacher")
        let first = try start(as: teacher, ranges: "[[0,0.25]]", owner: engine)
        #expect(try held(engine)[teacher.name] == bound)
        for write in [
            "UPDATE activities SET ranges = '[[0,0.25],[0.5,0.75]]' WHERE id = \(first)",
            "INSERT INTO attempt_inputs (activity_id, record, bytes) SELECT \(first), repeat('x', 500), 500",
            "UPDATE attempt_inputs SET record = repeat('y', 700), bytes = 700 WHERE activity_id = \(first)",
            "INSERT INTO attempt_events (activity_id, sequence, kind, at) SELECT \(first), g, 'started', g FROM generate_series(0, 4) g",
            "DELETE FROM attempt_events WHERE activity_id = \(first) AND sequence = 4",
        ] {
            try engine.connection.execute(write)
            #expect(try held(engine)[teacher.name] == bound, "after \(write)")
        }
        let firstHolds = 21 + 700 + 4 * event

        // Ended, an attempt is still charged the bound, also once no login can change it: it is
        // settled only when a new attempt would pass the bound. (The owner's transactions here:
        // this store's teacher cannot read its attempts to end them, and the count is kept the
        // same whoever writes.)
        let owned = (teacher.name, engine)
        let second = try engine.connection.transaction { () throws -> Int64 in
            try engine.connection.execute("UPDATE activities SET ended_at = 2 WHERE id = \(first)")
            return try start(as: owned, owner: engine)
        }
        try engine.connection.transaction {
            try engine.connection.execute("UPDATE activities SET ended_at = 3 WHERE id = \(second)")
            try engine.connection.execute(
                "INSERT INTO attempt_inputs (activity_id, record, bytes) SELECT \(second), repeat('z', 900), 900")
        }
        let third = try start(as: teacher, owner: engine)
        #expect(try held(engine)[teacher.name] == 3 * bound)
        try expectConsistent(engine)
        // As if the login held the rest of the bound (the owner's write). In one transaction of
        // its own it stores an ended attempt, whose charge settles the two ended before and fits,
        // and then another: the only one left to settle ended in this very transaction (its
        // record may still come), so that one is refused, and the transaction with it.
        let full = Int64(Limits.bytesPerStudent)
        let rest = full - 3 * bound
        try engine.connection.execute(
            "UPDATE attempt_counts SET bytes = bytes + \(rest) WHERE student = '\(teacher.name)'")
        let insert = """
            INSERT INTO activities (uuid, context_id, student, created_at, started_at, ended_at)
            SELECT gen_random_uuid(), id, '\(teacher.name)', 1, 1, 4 FROM contexts WHERE identifier = 'MATH-JAM'
            """
        do {
            try teacher.engine.connection.transaction {
                try teacher.engine.connection.execute(insert)
                try teacher.engine.connection.execute(insert)
            }
            Issue.record("an attempt ended in the same transaction was settled")
        } catch let error as TrackingError {
            #expect("\(error)".contains(PGMigrations.bytesPerStudentMessage), "\(error)")
        }
        #expect(try held(engine)[teacher.name] == full)
        // One alone fits, the two before settled.
        try teacher.engine.connection.execute(insert)
        #expect(try held(engine)[teacher.name] == full - 2 * bound + firstHolds + 2 + 900 + bound)
        try engine.connection.execute(
            "UPDATE attempt_counts SET bytes = bytes - \(rest) WHERE student = '\(teacher.name)'")
        #expect(try held(engine)[teacher.name] == firstHolds + 2 + 900 + 2 * bound)
        try expectConsistent(engine)

        // No login may read or change the charges, or call what counts them.
        for statement in [
            "SELECT edujam_settle_attempt_bytes('\(teacher.name)')", "SELECT count(*) FROM attempt_bytes",
            "UPDATE attempt_bytes SET bytes = 0", "UPDATE attempt_counts SET bytes = 0",
        ] {
            #expect(throws: TrackingError.self, "\(statement)") { try teacher.engine.connection.execute(statement) }
        }

        // The owner's moves, prunes, reopenings and deletions: the charges follow.
        try engine.connection.execute("UPDATE activities SET student = 'bo' WHERE student = 'ana'")
        #expect(try held(engine)["ana"] == 0)
        #expect(try held(engine)["bo"] == bound + 9 + 1000 + 3 * event)
        try engine.connection.execute("DELETE FROM attempt_inputs WHERE bytes IN (1000, 700, 0)")  // store prune
        #expect(try held(engine)["bo"] == bound + 9 + 3 * event)
        #expect(try held(engine)[teacher.name] == firstHolds - 700 + 2 + 900 + 2 * bound)
        try engine.connection.execute("DELETE FROM attempt_events WHERE activity_id = \(first) AND sequence = 0")
        #expect(try held(engine)[teacher.name] == firstHolds - 700 - event + 2 + 900 + 2 * bound)
        try expectConsistent(engine)
        try engine.connection.execute("UPDATE activities SET ended_at = NULL WHERE id = \(second)")
        #expect(try held(engine)[teacher.name] == firstHolds - 700 - event + 3 * bound, "reopened: it may grow again")
        try engine.connection.execute("DELETE FROM activities WHERE id IN (\(third), (SELECT min(id) FROM activities))")
        #expect(try held(engine)["bo"] == bound)
        #expect(try held(engine)[teacher.name] == firstHolds - 700 - event + 2 * bound)
        try expectConsistent(engine)
        // Deleting the game cascades to every attempt of it, and to their records and events.
        try engine.connection.execute("DELETE FROM contexts WHERE identifier = 'MATH-JAM'")
        let left = try held(engine)
        #expect(left.values.allSatisfy { $0 == 0 }, "\(left)")
        #expect(try firstValue(engine, "SELECT count(*) FROM attempt_bytes") == "0")
    }

    @Test func aLoginMayNotStartAnAttemptPastTheBoundAndTheOwnerIsNotBound() throws {
        let engine = try postgreSQLStore(before: PGMigrations.bytesPerStudent, previous: "031-events-per-attempt")
        try engine.connection.execute(mainAndMathJamContexts)
        _ = try TrackingStore(engine: engine, rootIdentifier: rootID, rootTitle: "EduJam Games")
        let teacher = try login(engine, "bytes_bound")
        func charge(_ bytes: Int64) throws {
            try engine.connection.execute(
                "UPDATE attempt_counts SET bytes = \(bytes) WHERE student = '\(teacher.name)'")
        }
        let first = try start(as: teacher, owner: engine)
        try engine.connection.execute("UPDATE activities SET ended_at = 1 WHERE id = \(first)")
        // As if the login's other attempts held all but `bound - 2` bytes of the bound (the owner's
        // write): its first attempt, ended, is settled to its 2 bytes first, which makes the room.
        let full = Int64(Limits.bytesPerStudent)
        try charge(full - 2)
        let second = try start(as: teacher, owner: engine)
        #expect(try held(engine)[teacher.name] == full)
        try charge(full - bound + 1)
        do {
            _ = try start(as: teacher, owner: engine)
            Issue.record("an attempt past the bound was stored")
        } catch let error as TrackingError {
            #expect("\(error)".contains(PGMigrations.bytesPerStudentMessage), "\(error)")
        }
        #expect(try held(engine)[teacher.name] == full - bound + 1, "the refused attempt counted nothing")
        #expect(try firstValue(engine, "SELECT attempts FROM attempt_counts WHERE student = '\(teacher.name)'") == "2")
        try charge(full - bound)
        _ = try start(as: teacher, owner: engine)  // up to the bound is allowed
        #expect(try held(engine)[teacher.name] == full)

        // The owner is not bound (`store copy` copies a history whatever it holds), and what it
        // gives back counts: the login may start one again.
        let owners = try start(as: (teacher.name, engine), owner: engine)
        #expect(try held(engine)[teacher.name] == full + bound)
        try engine.connection.execute("DELETE FROM activities WHERE id = \(second)")
        #expect(throws: TrackingError.self) { _ = try start(as: teacher, owner: engine) }
        try engine.connection.execute("DELETE FROM activities WHERE id = \(owners)")
        _ = try start(as: teacher, owner: engine)
        #expect(try held(engine)[teacher.name] == full)
    }

    /// Inserts a running attempt of `writer.name` through `writer.engine`; returns its id, read
    /// as `owner` (a login without the classroom's part cannot read its attempts).
    private func start(
        as writer: (name: String, engine: PostgreSQLEngine), ranges: String = "[]", owner: PostgreSQLEngine
    ) throws -> Int64 {
        try writer.engine.connection.execute(
            """
            INSERT INTO activities (uuid, context_id, student, created_at, started_at, ranges)
            SELECT gen_random_uuid(), id, '\(writer.name)', 1, 1, '\(ranges)' FROM contexts WHERE identifier = 'MATH-JAM'
            """)
        let id = try firstValue(owner, "SELECT max(id) FROM activities WHERE student = '\(writer.name)'")
        return try #require(id.flatMap { Int64($0) })
    }

    /// A login in `edujam_teacher`, which writes its own attempts under its name as a student's
    /// login writes theirs, and an engine connected as it.
    private func login(_ owner: PostgreSQLEngine, _ prefix: String) throws -> (name: String, engine: PostgreSQLEngine) {
        let server = try PostgresServer.server()
        let name = "\(prefix)_\(getpid())"
        let database = try #require(try firstValue(owner, "SELECT current_database()"))
        let made = try server.psql("CREATE ROLE \(name) LOGIN IN ROLE edujam_teacher", database: database)
        #expect(made.status == 0, "\(made.error)")
        return (name, try PostgreSQLEngine(conninfo: server.conninfo(database: database, user: name)))
    }

    /// Each student's bytes as `attempt_counts` keeps them.
    private func held(_ engine: PostgreSQLEngine) throws -> [String: Int64] {
        var held: [String: Int64] = [:]
        for row in try engine.connection.query("SELECT student, bytes FROM attempt_counts").rows {
            held[row.text(0) ?? ""] = row.int(1)
        }
        return held
    }

    /// Every settled attempt's charge is what it holds, under its student, and each student's
    /// count is the sum of their settled charges and the bound for each other attempt.
    private func expectConsistent(_ engine: PostgreSQLEngine) throws {
        let wrong = try engine.connection.query(
            """
            SELECT 'attempt ' || a.id || ': ' || b.student || ' ' || b.bytes
            FROM activities a JOIN attempt_bytes b ON b.activity_id = a.id
            WHERE b.student <> a.student OR b.bytes <> octet_length(a.ranges)
                + coalesce((SELECT i.bytes FROM attempt_inputs i WHERE i.activity_id = a.id), 0)
                + \(event) * (SELECT count(*) FROM attempt_events e WHERE e.activity_id = a.id)
            UNION ALL
            SELECT 'student ' || c.student || ': ' || c.bytes FROM attempt_counts c
            WHERE c.bytes <> (SELECT coalesce(sum(coalesce(b.bytes, \(bound))), 0)
                FROM activities a LEFT JOIN attempt_bytes b ON b.activity_id = a.id WHERE a.student = c.student)
            """
        ).rows.map { $0.text(0) ?? "" }
        #expect(wrong.isEmpty, "\(wrong)")
    }
}
