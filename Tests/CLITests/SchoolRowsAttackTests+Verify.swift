import Foundation
import Testing
import TrackingTestSupport

/// A student against the teacher's `verify`, on the school of ``SchoolRowsAttackTests``: ana
/// saves attempts of her own with `psql` (an INSERT of an ended attempt, its items and record in
/// one transaction, which her policies allow), or writes in an old transaction; the owner's
/// `store copy` brings in an edited copy of the store. The teacher's checks and the report stay true.
extension SchoolRowsAttackTests {
    /// Ana's copy of her first attempt, saved ended with `psql` in one transaction: at the context
    /// `context` (a path's JSON) if given, with `answer` in place of her recorded answer `old`.
    private static func forgedCopy(of ana: String, context: String? = nil, old: String = "", answer: String = "")
        -> String
    {
        let first = "(SELECT min(id) FROM activities WHERE student = '\(ana)')"
        let forged = "(SELECT max(id) FROM activities WHERE student = '\(ana)')"
        let place = context.map { "(SELECT id FROM contexts WHERE path = '\($0)')" } ?? "context_id"
        return """
            BEGIN;
            INSERT INTO activities (context_id, uuid, student, created_at, started_at, ended_at, outcome, progress,
                primary_item, game_version)
            SELECT \(place), gen_random_uuid(), student, created_at + 1, started_at + 1, ended_at + 1, outcome,
                progress, primary_item, game_version
            FROM activities WHERE id = \(first);
            INSERT INTO activity_items (activity_id, identifier, title, kind, sequence, quantity, flag, value_type,
                score, max_score)
            SELECT \(forged), identifier, title, kind, sequence, quantity, flag, value_type, score, max_score
            FROM activity_items WHERE activity_id = \(first);
            INSERT INTO attempt_inputs (activity_id, record, bytes)
            SELECT \(forged), r, octet_length(r)
            FROM (SELECT replace(record, '\(old)', '\(answer)') AS r FROM attempt_inputs WHERE activity_id = \(first)) s;
            COMMIT;
            """
    }

    /// Ana's record that drives the quiz's replay into the collector case costs only its own
    /// attempt: maria's `verify` ends, that attempt is not verifiable with the reason, the others
    /// are checked and stored, and no working folder is left.
    @Test func aRecordThatNothingStopsCostsTheTeachersVerifyOnlyItsOwnAttempt() throws {
        let school = try School()
        defer { school.remove() }
        let quiz = school.games.appendingPathComponent("quiz")
        try FileManager.default.copyItem(
            at: Edujam.root.appendingPathComponent("Tests/CLITests/Fixtures/verify/quiz"), to: quiz)
        let published = try school.edujam(["publish", quiz.path, "--fuzz-runs", "0"], as: school.maria)
        #expect(published.status == 0, "\(published)")
        // Assigned, so that the attempts count for maria's class and her checks are stored.
        let assigned = try school.edujam(["assign", "--class", "5C", "--title", "Quiz", "QUIZ"], as: school.maria)
        #expect(assigned.status == 0, "\(assigned)")
        for student in [school.ana, school.bo] {
            let played = try school.edujam(["play", "QUIZ"], as: student, input: "4\n")
            #expect(played.status == 0, "\(played)")
        }
        _ = try school.sql(
            "UPDATE activities SET game_version = (SELECT version FROM game_versions WHERE game = 'QUIZ')")
        let forged = try school.psql(
            Self.forgedCopy(of: school.ana, old: "\"4\"]", answer: "\"" + VerifyCommandTests.collectorAnswer + "\"]"),
            as: school.ana)
        #expect(forged.status == 0, "\(forged)")

        let scratch = try Edujam.scratchFolder("verify-tmp")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let result = try school.cli.run(
            ["verify", "--class", "5C", "--games", school.games.path],
            environment: [
                "EDUJAM_STORE": school.server.url(database: school.database, user: school.maria),
                "XDG_DATA_HOME": school.data.path, "TMPDIR": scratch.path,
            ])
        #expect(result.status == 0, "\(result)")
        #expect(
            result.output.split(separator: "\n").contains {
                $0.contains(" \(school.ana) ") && $0.contains("  QUIZ  ")
                    && $0.contains("  not verifiable: its replay did not stop: time limit exceeded")
            }, "\(result.output)")
        #expect(result.output.hasSuffix("verify: 2 verified, 1 not verifiable\n"), "\(result.output)")
        #expect(try school.sql("SELECT count(*) FROM attempt_checks") == "3")
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.path).isEmpty, "no working folder is left")
    }

    /// Ana's copy of her Math Jam attempt, saved at Word Jam's first level (a game whose files the
    /// store never had) with Math Jam's version, record and results: a version counts only for
    /// the game it declares, so maria's `verify` finds a mismatch, not a verified attempt.
    @Test func anAttemptThatRecordedAnotherGamesVersionIsAMismatch() throws {
        let school = try School()
        defer { school.remove() }
        #expect(try school.play(as: school.ana).status == 0)
        _ = try school.sql(
            "UPDATE activities SET game_version = (SELECT version FROM game_versions WHERE game = 'MATH-JAM')")
        let words = #"["org.edujam.games","WORD-JAM","LEVEL-1"]"#
        let forged = try school.psql(
            """
            INSERT INTO contexts (parent_id, path, identifier, title, type, created_at, modified_at)
            SELECT c.id, '["org.edujam.games","WORD-JAM"]', 'WORD-JAM', 'Words', 12, 0, 0
            FROM contexts c WHERE c.parent_id IS NULL;
            INSERT INTO contexts (parent_id, path, identifier, title, type, created_at, modified_at)
            SELECT c.id, '\(words)', 'LEVEL-1', 'Level 1', 12, 0, 0 FROM contexts c WHERE c.identifier = 'WORD-JAM';
            """ + Self.forgedCopy(of: school.ana, context: words), as: school.ana)
        #expect(forged.status == 0, "\(forged)")
        let verified = try school.edujam(["verify", "--class", "5C"], as: school.maria)
        #expect(verified.status == 1, "\(verified)")
        #expect(
            VerifyCommandTests.hasRow(
                verified.output,
                [school.ana, "WORD-JAM/LEVEL-1", "mismatch: saved at game WORD-JAM, its version declares MATH-JAM"]),
            "\(verified.output)")
        #expect(verified.output.hasSuffix("verify: 1 verified, 1 mismatch\n"), "\(verified.output)")
    }

    /// Ana opens a `REPEATABLE READ` transaction while her attempt runs; it ends, maria verifies
    /// it; then, in the old transaction, every change to the ended attempt fails (its row lock
    /// meets the ending: `could not serialize access`), and the check stays `verified`.
    @Test func anOldTransactionCannotChangeAnAttemptThatEndedSince() throws {
        let school = try School()
        defer { school.remove() }
        #expect(try school.play(as: school.ana).status == 0)
        _ = try school.sql(
            "UPDATE activities SET game_version = (SELECT version FROM game_versions WHERE game = 'MATH-JAM')")
        let ending = try school.sql("SELECT ended_at || ' ' || outcome FROM activities").split(separator: " ")
        _ = try school.sql("UPDATE activities SET ended_at = NULL, outcome = 'running'")  // as while her game ran

        let ready = school.data.appendingPathComponent("ready").path
        let go = school.data.appendingPathComponent("go").path
        let attacks = [
            "UPDATE activity_items SET score = 1 WHERE true RETURNING 1",
            "DELETE FROM activity_items RETURNING 1",
            "UPDATE attempt_events SET progress = 1 WHERE true RETURNING 1",
            "INSERT INTO attempt_events (activity_id, sequence, kind, at) SELECT id, 900, 'ended', 0 FROM activities",
            "UPDATE attempt_inputs SET record = record WHERE true RETURNING 1",
            "DELETE FROM attempt_inputs RETURNING 1",
            "UPDATE activities SET progress = 1 WHERE true RETURNING 1",
        ]
        let script = """
            \\set ON_ERROR_STOP 0
            \\set ON_ERROR_ROLLBACK on
            BEGIN ISOLATION LEVEL REPEATABLE READ;
            SELECT count(*) > 0 FROM activity_items;
            \\! touch \(ready)
            \\! while [ ! -e \(go) ]; do sleep 0.1; done
            \(attacks.map { $0 + ";" }.joined(separator: "\n"))
            COMMIT;
            """
        let old = Background { [server = school.server, database = school.database, ana = school.ana] in
            try server.psql(script, database: database, role: ana)
        }
        let start = ContinuousClock.now
        while !FileManager.default.fileExists(atPath: ready) && ContinuousClock.now - start < .seconds(30) {
            Thread.sleep(forTimeInterval: 0.05)
        }
        let handIn = try school.psql(
            "UPDATE activities SET ended_at = \(ending[0]), outcome = '\(ending[1])' RETURNING 1", as: school.ana)
        #expect(handIn.status == 0 && handIn.output == "1\n", "\(handIn)")
        let stored = try school.sql(Self.everything)
        let verified = try school.edujam(["verify", "--class", "5C"], as: school.maria)
        #expect(verified.output.hasSuffix("verify: 1 verified\n"), "\(verified)")

        #expect(FileManager.default.createFile(atPath: go, contents: nil))
        let result = try old.value()
        let refusals = result.error.components(separatedBy: "could not serialize access due to concurrent update")
        #expect(refusals.count - 1 == attacks.count, "\(result)")
        #expect(result.output == "t\n", "no change was made: \(result.output)")
        #expect(try school.sql(Self.everything) == stored)
        let report = try school.edujam(["report", "--class", "5C"], as: school.maria)
        #expect(report.output.contains("verify: 1 verified\n"), "\(report.output)")
    }

    /// The owner copies a teacher's laptop store (made with `store copy`, then edited: a passed
    /// item added to bo's ended attempt) back into the school's: bo's attempt is kept whole, the
    /// copy says what it did not add, and a new attempt on the laptop is copied.
    @Test func storeCopyAddsNothingToAnAttemptTheSchoolHoldsEnded() throws {
        let school = try School()
        defer { school.remove() }
        #expect(try school.play(as: school.bo).status == 0)
        let owner = school.server.url(database: school.database)
        let games = ["--games", school.games.path]
        let laptop = school.data.appendingPathComponent("laptop.sqlite").path
        #expect(try school.cli.run(["store", "copy", owner, laptop] + games).status == 0)
        try OldStore.script(
            laptop,
            """
            INSERT INTO activity_items (activity_id, identifier, title, kind, sequence, flag, value_type)
            SELECT id, 'bonus', 'Bonus', 'binary', 99, 1, 'passFail' FROM activities;
            INSERT INTO attempt_events (activity_id, sequence, kind, at) SELECT id, 500, 'ended', 0 FROM activities;
            """)
        let stored = try school.sql(Self.everything)

        let copied = try school.cli.run(["store", "copy", laptop, owner] + games)
        #expect(copied.status == 0, "\(copied)")
        #expect(
            copied.output
                == "Not copied: 1 activity_items, 1 attempt_events of 1 attempt the destination holds ended "
                + "(an ended attempt is kept whole).\n", "\(copied.output)")
        #expect(try school.sql(Self.everything) == stored)
    }
}

/// A blocking call run on a thread of its own, its result taken once it returns.
private final class Background<Value: Sendable>: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    private var result: Result<Value, any Error>?

    init(_ body: @escaping @Sendable () throws -> Value) {
        Thread.detachNewThread { [self] in
            result = Result { try body() }
            done.signal()
        }
    }

    /// Waits for the call to return.
    func value() throws -> Value {
        done.wait()
        return try result!.get()
    }
}
