import Foundation
import Testing
import TrackingTestSupport

/// A save's attempts go to the server in one call, `edujam_save(...)`, which writes bound by no
/// policy once it has checked whose attempts they are (`docs/classroom.md`, "Who can see what").
/// Anyone may call it from `psql` with any rows: these are the calls a student could make to
/// write a classmate's work through it, on the school of ``SchoolRowsAttackTests``.
extension SchoolRowsAttackTests {
    /// `SELECT count(*) FROM edujam_save(...)` with `given` (each table's rows by parameter name,
    /// as JSON objects), every other table's rows empty, and the save's time `time`.
    private static func call(_ given: [String: String], time: String = "1e12") -> String {
        let arguments = ["attempt_rows", "removed_rows", "item_rows", "event_rows", "input_rows"].map {
            "\($0) => '[\(given[$0] ?? "")]'"
        }
        return "SELECT count(*) FROM edujam_save(\(arguments.joined(separator: ", ")), save_time => \(time))"
    }

    /// One attempt's row at Math Jam's first level, filed under `student`, saved at `time`.
    private static func attempt(uuid: String, student: String, time: String = "1e12") -> [String: String] {
        let context = #"["org.edujam.games","MATH-JAM","LEVEL-1"]"#.replacingOccurrences(of: "\"", with: "\\\"")
        return [
            "attempt_rows": """
            {"context": "\(context)", "uuid": "\(uuid)", "student": "\(student)", "created_at": 1, "started_at": 1,
            "ended_at": null, "outcome": "running", "done_by": null, "duration": 0, "progress": 1, "ranges": "[]",
            "primary_item": null, "was_started": true, "owner_host": "h", "owner_pid": 1, "owner_start": "s",
            "saved_at": \(time), "game_version": null}
            """
        ]
    }

    /// A perfect score for the attempt `uuid`.
    private static func perfectScore(_ uuid: String) -> [String: String] {
        [
            "item_rows": """
            {"attempt": "\(uuid)", "sequence": 9, "identifier": "bonus", "title": "Bonus", "kind": "score",
            "quantity": null, "flag": null, "value_type": null, "score": 10, "max_score": 10}
            """
        ]
    }

    /// Bo's attempt is left running (as a crash leaves one); ana names it, or files a new attempt
    /// under bo's name, in every part of the call: each call is refused whole, as a policy refuses
    /// a statement, and nothing of the school changes. Her own new attempt goes through.
    @Test func aStudentWritesNoClassmatesAttemptThroughTheSaveCall() throws {
        let school = try School()
        defer { school.remove() }
        #expect(try school.play(as: school.bo).status == 0)
        _ = try school.sql("UPDATE activities SET ended_at = NULL, outcome = 'running'")
        let bos = try school.sql("SELECT uuid FROM activities WHERE student = '\(school.bo)'")
        let before = try school.sql(Self.everything)
        let report = try school.edujam(["report", "--class", "5C"], as: school.maria)

        let fresh = UUID().uuidString.lowercased()
        let calls: [String: [String: String]] = [
            "bo's attempt as hers": Self.attempt(uuid: bos, student: school.ana),
            "a new attempt in bo's name": Self.attempt(uuid: fresh, student: school.bo),
            "an item in bo's attempt": Self.perfectScore(bos),
            "an item of bo's removed": ["removed_rows": #"{"attempt": "\#(bos)", "identifier": "score"}"#],
            "an event in bo's attempt": [
                "event_rows": #"""
                {"attempt": "\#(bos)", "sequence": 99, "kind": "ended", "at": 1, "progress": 1, "outcome": "finished"}
                """#
            ],
            "bo's replay record": ["input_rows": #"{"attempt": "\#(bos)", "record": "{}", "bytes": 2}"#],
        ]
        // A part sent as NULL is read as no rows, so it hides none of the others from the check.
        let withNull = Self.call(Self.perfectScore(bos)).replacingOccurrences(
            of: "event_rows => '[]'", with: "event_rows => NULL")
        for (what, call) in calls.mapValues { Self.call($0) }.merging(["a NULL part": withNull]) { $1 } {
            let refused = try school.psql(call, as: school.ana)
            #expect(refused.status != 0, "\(what): \(refused)")
            #expect(refused.error.contains("a save writes only the attempts of its own login"), "\(what): \(refused)")
        }
        #expect(try school.sql(Self.everything) == before)
        #expect(try school.edujam(["report", "--class", "5C"], as: school.maria).output == report.output)

        let hers = try school.psql(Self.call(Self.attempt(uuid: fresh, student: school.ana)), as: school.ana)
        #expect(hers.status == 0 && hers.output.hasPrefix("1\n"), "\(hers)")
        #expect(try school.sql("SELECT student FROM activities WHERE uuid = '\(fresh)'") == school.ana)
    }

    /// Once ana's attempt has ended it is frozen: the call writes none of its row, items, events
    /// or record, as the policies keep her `psql` statements from doing.
    @Test func theSaveCallChangesNothingOfAnEndedAttempt() throws {
        let school = try School()
        defer { school.remove() }
        #expect(try school.play(as: school.ana).status == 0)
        let hers = try school.sql("SELECT uuid FROM activities WHERE student = '\(school.ana)'")
        let before = try school.sql(Self.everything)
        var given = Self.attempt(uuid: hers, student: school.ana)
        given.merge(Self.perfectScore(hers)) { $1 }
        let call = try school.psql(Self.call(given), as: school.ana)
        #expect(call.status == 0, "\(call)")
        #expect(try school.sql(Self.everything) == before)
    }

    /// A login with no EduJam role may not call it at all; a teacher files attempts only under
    /// their own login, as the teachers' policies have them.
    @Test func theSaveCallIsTheRolesAloneAndATeacherSavesOnlyTheirOwn() throws {
        let school = try School()
        defer { school.remove() }
        let stranger = "stranger_\(school.tag)"
        _ = try school.sql("CREATE ROLE \(stranger) LOGIN")
        let fresh = UUID().uuidString.lowercased()
        let denied = try school.psql(Self.call(Self.attempt(uuid: fresh, student: stranger)), as: stranger)
        #expect(denied.status != 0 && denied.error.contains("permission denied for function edujam_save"), "\(denied)")

        let forAna = try school.psql(Self.call(Self.attempt(uuid: fresh, student: school.ana)), as: school.maria)
        #expect(forAna.status != 0 && forAna.error.contains("its own login"), "\(forAna)")
        let own = try school.psql(Self.call(Self.attempt(uuid: fresh, student: school.maria)), as: school.maria)
        #expect(own.status == 0 && own.output.hasPrefix("1\n"), "\(own)")
        #expect(try school.sql("SELECT string_agg(student, ',') FROM activities") == school.maria)
    }
}
