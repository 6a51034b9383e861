import Foundation
import Testing
import TrackingTestSupport

/// A save's attempts go to the server in one call, `edujam_save(...)`, which writes bound by no
/// policy once it has checked whose attempts they are (`docs/classroom.md`, "Who can see what").
/// Anyone may call it from `psql` with any arrays: these are the calls a student could make to
/// write a classmate's work through it, on the school of ``SchoolRowsAttackTests``.
extension SchoolRowsAttackTests {
    /// The function's parameters, in order; a call names those it gives and sends the rest empty.
    private static let parameters = [
        "attempts_context", "attempts_uuid", "attempts_student", "attempts_created_at", "attempts_started_at",
        "attempts_ended_at", "attempts_outcome", "attempts_done_by", "attempts_duration", "attempts_progress",
        "attempts_ranges", "attempts_primary_item", "attempts_was_started", "attempts_owner_host",
        "attempts_owner_pid", "attempts_owner_start", "attempts_saved_at", "attempts_game_version",
        "removed_uuid", "removed_identifier",
        "items_uuid", "items_sequence", "items_identifier", "items_title", "items_kind", "items_quantity",
        "items_flag", "items_value_type", "items_score", "items_max_score",
        "events_uuid", "events_sequence", "events_kind", "events_at", "events_progress", "events_outcome",
        "inputs_uuid", "inputs_record", "inputs_bytes",
    ]

    /// `SELECT count(*) FROM edujam_save(...)` with `given` (SQL literals by parameter name), every
    /// other array empty, and the save's time `time`.
    private static func call(_ given: [String: String], time: String = "1e12") -> String {
        let arguments = parameters.map { "\($0) => \(given[$0] ?? "'{}'")" } + ["save_time => \(time)"]
        return "SELECT count(*) FROM edujam_save(\(arguments.joined(separator: ", ")))"
    }

    /// One attempt's columns at Math Jam's first level, filed under `student`, saved at `time`.
    private static func attempt(uuid: String, student: String, time: String = "1e12") -> [String: String] {
        [
            "attempts_context": #"ARRAY['["org.edujam.games","MATH-JAM","LEVEL-1"]']"#, "attempts_uuid": "'{\(uuid)}'",
            "attempts_student": "'{\(student)}'", "attempts_created_at": "'{1}'", "attempts_started_at": "'{1}'",
            "attempts_ended_at": "'{NULL}'", "attempts_outcome": "'{running}'", "attempts_done_by": "'{NULL}'",
            "attempts_duration": "'{0}'", "attempts_progress": "'{1}'", "attempts_ranges": "'{[]}'",
            "attempts_primary_item": "'{NULL}'", "attempts_was_started": "'{t}'", "attempts_owner_host": "'{h}'",
            "attempts_owner_pid": "'{1}'", "attempts_owner_start": "'{s}'", "attempts_saved_at": "'{\(time)}'",
            "attempts_game_version": "'{NULL}'",
        ]
    }

    /// A perfect score for the attempt `uuid`.
    private static func perfectScore(_ uuid: String) -> [String: String] {
        [
            "items_uuid": "'{\(uuid)}'", "items_sequence": "'{9}'", "items_identifier": "'{bonus}'",
            "items_title": "'{Bonus}'", "items_kind": "'{score}'", "items_quantity": "'{NULL}'",
            "items_flag": "'{NULL}'", "items_value_type": "'{NULL}'", "items_score": "'{10}'",
            "items_max_score": "'{10}'",
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
            "an item of bo's removed": ["removed_uuid": "'{\(bos)}'", "removed_identifier": "'{score}'"],
            "an event in bo's attempt": [
                "events_uuid": "'{\(bos)}'", "events_sequence": "'{99}'", "events_kind": "'{ended}'",
                "events_at": "'{1}'", "events_progress": "'{1}'", "events_outcome": "'{finished}'",
            ],
            "bo's replay record": [
                "inputs_uuid": "'{\(bos)}'", "inputs_record": "'{\"{}\"}'", "inputs_bytes": "'{2}'",
            ],
        ]
        for (what, given) in calls {
            let refused = try school.psql(Self.call(given), as: school.ana)
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
