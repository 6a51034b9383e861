import Foundation
import Testing
import TrackingTestSupport

/// Who may map a student's name to a login, and what the owner's OneRoster import does with a
/// pupil it cannot map: a teacher maps a name only to an existing student's login, so that she
/// cannot take the login a pupil on the school's roster will get (migration `038-login-mappings`);
/// an import leaves out, and names by its row, a pupil whose username cannot be her login, and
/// imports the rest (`docs/interop.md`, "One student's row, or the whole folder"). On the school
/// of ``SchoolRowsAttackTests``: maria owns 5C (ana, bo), joao 6A (cy).
extension SchoolRowsAttackTests {
    /// joao maps a made-up name to the login the school will give a pupil tomorrow, with the
    /// binary and with `psql`, and to a teacher's and the superuser's logins: each is refused and
    /// nothing is mapped; the owner's import of the school's roster then takes every class and
    /// pupil, and maria adds the pupil to her class.
    @Test func aTeacherCannotSquatTheLoginOfAPupilToCome() throws {
        let school = try School()
        defer { school.remove() }
        let (maria, joao) = (school.maria, school.joao)
        let pupil = "pupil_\(school.tag)"
        let export = try school.export(students: [pupil, "kim_\(school.tag)", "lee_\(school.tag)", "mo_\(school.tag)"])
        defer { try? FileManager.default.removeItem(at: export) }

        let squat = try school.edujam(["class", "add", "6A", "Fake", "--login", pupil], as: joao)
        #expect(squat.status == 1, "\(squat)")
        #expect(
            squat.error.contains("there is no login \(pupil) yet: only the store's owner maps a student's name to"),
            "\(squat.error)")
        let creating = try school.edujam(["class", "add", "6A", "Fake", "--login", pupil, "--create-logins"], as: joao)
        #expect(creating.status == 1 && creating.error.contains("there is no login \(pupil) yet"), "\(creating)")
        for target in [maria, school.server.superuser] {
            let mapped = try school.edujam(["class", "add", "6A", "Fake", "--login", target], as: joao)
            #expect(mapped.status == 1, "\(target): \(mapped)")
            #expect(
                mapped.error.contains("the login \(target) is a teacher's, the store owner's or a superuser's"),
                "\(mapped.error)")
            let named = try school.edujam(["class", "add", "6A", target], as: joao)
            #expect(named.status == 1 && named.error.contains("the login \(target) is a teacher's"), "\(named)")
        }

        // The same rows through psql, and the way round: creating the pupil's login, then mapping to it.
        let sixA = "(SELECT id FROM classes WHERE name = '6A')"
        for attack in [
            "INSERT INTO student_logins (student, login) VALUES ('Fake', '\(pupil)')",
            "INSERT INTO student_logins (student, login) VALUES ('Fake', '\(maria)')",
            "INSERT INTO student_logins (student, login) VALUES ('Fake', '\(school.server.superuser)')",
            "INSERT INTO class_students (class_id, student, position) SELECT \(sixA), '\(pupil)', 9",
            "INSERT INTO class_students (class_id, student, position) SELECT \(sixA), '\(maria)', 9",
            "SELECT edujam_create_student_login('\(pupil)'); INSERT INTO student_logins VALUES ('Fake', '\(pupil)')",
        ] {
            let result = try school.psql(attack, as: joao)
            #expect(result.status != 0, "\(attack): \(result)")
        }
        #expect(try school.sql("SELECT count(*) FROM student_logins WHERE student = 'Fake'") == "0")
        #expect(
            try school.sql("SELECT student || ' ' || mapped_by FROM student_logins WHERE login = '\(pupil)'")
                == "\(pupil) \(joao)")
        #expect(
            try school.sql(
                "SELECT count(*) FROM student_logins WHERE login IN ('\(maria)', '\(school.server.superuser)')") == "0")

        let imported = try school.ownersImport(export, ["--create-logins"])
        #expect(imported.status == 0, "\(imported)")
        #expect(imported.output.contains("2 classes created, 4 students joined"), "\(imported.output)")
        #expect(!imported.error.contains("left out"), "\(imported.error)")
        let added = try school.edujam(["class", "add", "5C", pupil], as: maria)
        #expect(added.status == 0 && added.error.isEmpty, "\(added)")
    }

    /// A mapping a teacher made before `038-login-mappings` holds a pupil's login: the owner's
    /// import leaves that pupil out, naming her row, the mapping and who made it, and imports
    /// every other class and pupil. An export naming a student by a teacher's or the superuser's
    /// login is reported the same way, never mapped to it.
    @Test func anImportLeavesOutAndNamesAPupilItCannotMapAndTakesTheRest() throws {
        let school = try School()
        defer { school.remove() }
        let pupil = "pupil_\(school.tag)"
        let superuser = school.server.superuser
        let export = try school.export(students: [pupil, school.maria, superuser, "kim_\(school.tag)"])
        defer { try? FileManager.default.removeItem(at: export) }
        _ = try school.sql("INSERT INTO student_logins (student, login) VALUES ('Fake', '\(pupil)')")
        // Who made it, as a store records it since `038-login-mappings` (a store before it has no such column).
        _ = try? school.sql("UPDATE student_logins SET mapped_by = '\(school.joao)' WHERE student = 'Fake'")

        for createLogins in [[], ["--create-logins"]] {
            let imported = try school.ownersImport(export, createLogins)
            #expect(imported.status == 0, "\(imported)")
            #expect(
                imported.error.contains(
                    "warning: users.csv:4: the student \(pupil) is left out: the login \(pupil) is already the login of the student Fake (mapped by \(school.joao))\n"
                ), "\(imported.error)")
            for (line, login) in [(5, school.maria), (6, superuser)] {
                #expect(
                    imported.error.contains(
                        "warning: users.csv:\(line): the student \(login) is left out: the login \(login) is a teacher's, the store owner's or a superuser's"
                    ), "\(imported.error)")
            }
            #expect(imported.output.hasSuffix("3 students left out (see the warnings above).\n"), "\(imported.output)")
            #expect(!imported.error.contains("student_logins"), "\(imported.error)")
        }
        #expect(try school.sql("SELECT string_agg(name, ',' ORDER BY name) FROM classes") == "3B,4A,5C,6A")
        #expect(try school.sql("SELECT count(*) FROM class_students WHERE student = 'kim_\(school.tag)'") == "1")
        #expect(
            try school.sql(
                "SELECT count(*) FROM student_logins WHERE login IN ('\(school.maria)', '\(superuser)')") == "0")
    }

    /// One pupil's username of 22 Chinese characters (66 bytes, and a login is at most 63) holds
    /// back no one: with or without `--create-logins` she is left out and named by her row, in
    /// words, and the whole school is imported.
    @Test func aUsernameTooLongForALoginLeavesOutOnlyThatPupil() throws {
        let long = String(repeating: "王", count: 22)
        for createLogins in [[], ["--create-logins"]] {
            let school = try School()
            defer { school.remove() }
            let export = try school.export(students: [
                long, "kim_\(school.tag)", "lee_\(school.tag)", "mo_\(school.tag)",
            ])
            defer { try? FileManager.default.removeItem(at: export) }
            let imported = try school.ownersImport(export, createLogins)
            #expect(imported.status == 0, "\(createLogins): \(imported)")
            #expect(
                imported.error.hasPrefix(
                    "warning: users.csv:4: the student \(long) is left out: their username is 66 bytes long, and a login is at most 63 bytes"
                ), "\(imported.error)")
            #expect(!imported.error.contains("check"), "no constraint's name: \(imported.error)")
            #expect(imported.output.contains("2 classes created, 3 students joined"), "\(imported.output)")
            #expect(imported.output.hasSuffix("1 student left out (see the warnings above).\n"), "\(imported.output)")
        }
    }

    /// One `psql` session as joao tries every write of another teacher's rows in turn: take over
    /// maria's published game or revert it, write, change and delete a check in her class, insert
    /// a squatted version row, squat a login mapping. Each is refused or changes no row (some
    /// updates and deletes are refused outright: teachers hold no such privilege), and nothing of
    /// the store changed.
    @Test func oneTeachersSessionChangesNothingOfAnothersRows() throws {
        let school = try School()
        defer { school.remove() }
        let (ana, bo, maria, joao) = (school.ana, school.bo, school.maria, school.joao)
        let first = try school.sql("SELECT version FROM game_versions WHERE game = 'MATH-JAM'")
        let fixed = try school.variant(of: "math-jam", named: "math-jam-fix", comment: "maria's fix")
        #expect(try school.edujam(["publish", fixed, "--fuzz-runs", "0"], as: maria).status == 0)
        let retired = try school.edujam(["publish", "--retire", "MATH-JAM", String(first.prefix(12))], as: maria)
        #expect(retired.status == 0, "\(retired)")
        #expect(try school.play(as: ana).status == 0)
        #expect(try school.play(as: bo).status == 0)
        _ = try school.sql("UPDATE activities SET game_version = '\(first)'")
        let verified = try school.edujam(["verify", "--class", "5C"], as: maria)
        #expect(verified.status == 0, "\(verified)")
        _ = try school.sql("DELETE FROM attempt_checks WHERE activity_id = \(school.attempt(of: bo))")
        #expect(try school.edujam(["class", "add", "6A", ana, bo], as: joao).status == 0)
        let before = try school.snapshot()

        let hash = String(repeating: "c", count: 64)
        let pupil = "pupil_\(school.tag)"
        let refused = [
            "INSERT INTO game_owners VALUES ('MATH-JAM', '\(joao)', 0)",
            "SELECT edujam_give_game('MATH-JAM', '\(joao)')",
            "INSERT INTO game_versions VALUES ('\(hash)', 'MATH-JAM', 'AAAA', 3, '\(joao)', 0)",
            "INSERT INTO game_versions VALUES ('\(hash)', 'JOAO-QUIZ', 'AAAA', 3, '\(joao)', 0)",
            "INSERT INTO attempt_checks SELECT id, 'mismatch', 'copied', '\(hash)', 0, '\(joao)' FROM activities WHERE student = '\(bo)'",
            "INSERT INTO student_logins (student, login) VALUES ('Fake', '\(pupil)')",
            "INSERT INTO class_students (class_id, student, position) SELECT id, '\(pupil)', 9 FROM classes WHERE name = '6A'",
        ]
        let changeNothing = [
            "UPDATE game_owners SET owner = '\(joao)'",
            "UPDATE game_current SET version = '\(first)', set_by = '\(joao)'",
            "DELETE FROM game_current",
            "UPDATE retired_versions SET retired_from = 0, retired_by = '\(joao)'",
            "DELETE FROM retired_versions",
            "UPDATE attempt_checks SET state = 'mismatch', difference = 'copied', checked_by = '\(joao)'",
            "DELETE FROM attempt_checks",
            "UPDATE classes SET owner = '\(joao)' WHERE name = '5C'",
        ].map { $0 + " RETURNING 1" }
        let session = try school.psql(
            (["\\set ON_ERROR_STOP 0"] + (refused + changeNothing).map { $0 + ";" }).joined(separator: "\n"), as: joao)
        // Line 1 is the \set; each refused statement, on line 2 on, is an error of its own.
        for line in refused.indices.map({ $0 + 2 }) {
            #expect(session.error.contains(".sql:\(line): ERROR:"), "line \(line): \(session.error)")
        }
        #expect(!session.error.contains("syntax error") && !session.error.contains("does not exist"), "\(session)")
        #expect(session.output.isEmpty, "a write changed rows: \(session.output)")
        #expect(try school.snapshot() == before)
    }
}

extension SchoolRowsAttackTests.School {
    /// `docs/examples/oneroster` with its four students' usernames replaced by `students` (three
    /// in 3B, lines 4 to 6 of `users.csv`, then one in 4A on line 7) and its teachers tagged; the folder.
    func export(students: [String]) throws -> URL {
        let folder = try Edujam.scratchFolder("oneroster")
        let example = Edujam.root.appendingPathComponent("docs/examples/oneroster")
        let usernames =
            zip(["ana.lima", "bo.chen", "cy.okafor", "dee.park"], students)
            + [("jsmith", "jsmith_\(tag)"), ("pnguyen", "pnguyen_\(tag)")]
        for file in ["manifest.csv", "orgs.csv", "classes.csv", "users.csv", "enrollments.csv"] {
            var text = try String(contentsOf: example.appendingPathComponent(file), encoding: .utf8)
            if file == "users.csv" {
                for (name, username) in usernames {
                    text = text.replacingOccurrences(of: ",\(name),", with: ",\(username),")
                }
            }
            try Data(text.utf8).write(to: folder.appendingPathComponent(file))
        }
        return folder
    }

    /// The store owner's `class import` of `export`, with `extra` words.
    func ownersImport(_ export: URL, _ extra: [String]) throws -> Edujam.Result {
        try cli.run(
            ["class", "import", "--oneroster", export.path, "--store", server.url(database: database)] + extra)
    }

    /// The id of `student`'s attempt (a SQL sub-query).
    func attempt(of student: String) -> String { "(SELECT id FROM activities WHERE student = '\(student)')" }

    /// Every row a teacher could want of another's, as the superuser reads them.
    func snapshot() throws -> String {
        try sql(
            """
            SELECT md5(string_agg(t, '|' ORDER BY t)) FROM (
                SELECT 'o' || row(o.*)::text AS t FROM game_owners o UNION ALL
                SELECT 'v' || row(v.*)::text FROM game_versions v UNION ALL
                SELECT 'c' || row(c.*)::text FROM game_current c UNION ALL
                SELECT 'r' || row(r.*)::text FROM retired_versions r UNION ALL
                SELECT 'k' || row(k.*)::text FROM attempt_checks k UNION ALL
                SELECT 'l' || row(l.*)::text FROM student_logins l UNION ALL
                SELECT 's' || row(s.*)::text FROM class_students s UNION ALL
                SELECT 'x' || row(x.*)::text FROM classes x) q
            """)
    }
}
