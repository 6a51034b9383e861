import Foundation
import Testing
import TrackingTestSupport

/// The first day of a school server through the binary: the store's owner imports
/// the school's OneRoster export with `--create-logins`, every student and teacher gets a login
/// with the right role and no password, each class belongs to the teacher the export names, and
/// a class changes hands with `class give`, never with SQL.
@Suite(.enabled(if: PostgresServer.isAvailable, Comment(rawValue: PostgresServer.skipComment)))
struct RosterLoginsCommandTests {
    /// A fresh database with `store init` run by its owner (the server's superuser), and the
    /// example export with every username made unique to this test (roles are server-wide).
    struct School {
        let server: PostgresServer
        let database: String
        let suffix: String
        let export: URL

        /// - Parameter own: A server of the caller's own (one a test stops), else the shared one.
        init(_ cli: Edujam, on own: PostgresServer? = nil, editing edit: (String, String) -> String = { $1 }) throws {
            server = try own ?? PostgresServer.server()
            database = try server.createDatabase()
            suffix = "_" + UUID().uuidString.prefix(8).lowercased()
            export = try Self.export(suffix: suffix, edit: edit)
            let initialized = try cli.run(["store", "init", "--store", server.url(database: database)])
            #expect(initialized.status == 0, "\(initialized.error)")
        }

        /// `docs/examples/oneroster` copied with `suffix` after each username, then `edit(file, text)`.
        private static func export(suffix: String, edit: (String, String) -> String) throws -> URL {
            let folder = try Edujam.scratchFolder("oneroster")
            for file in ["manifest.csv", "orgs.csv", "classes.csv", "users.csv", "enrollments.csv"] {
                var text = try String(
                    contentsOf: OneRosterCommandTests.example.appendingPathComponent(file), encoding: .utf8)
                if file == "users.csv" {
                    for name in ["jsmith", "pnguyen", "ana.lima", "bo.chen", "cy.okafor", "dee.park"] {
                        text = text.replacingOccurrences(of: ",\(name),", with: ",\(name)\(suffix),")
                    }
                }
                try Data(edit(file, text).utf8).write(to: folder.appendingPathComponent(file))
            }
            return folder
        }

        func login(_ name: String) -> String { name + suffix }
        func url(as login: String? = nil) -> String { server.url(database: database, user: login) }
        func sql(_ query: String) throws -> String {
            let result = try server.psql(query, database: database)
            #expect(result.status == 0, "\(result.output)")
            return result.output.trimmingCharacters(in: .whitespacesAndNewlines)
        }
        func remove() { try? FileManager.default.removeItem(at: export) }
    }

    @Test func theOwnersImportCreatesLoginsAndGivesEachClassToItsTeacher() throws {
        let cli = Edujam()
        let school = try School(cli)
        defer { school.remove() }
        let imported = try cli.run(
            ["class", "import", "--oneroster", school.export.path, "--create-logins", "--store", school.url()])
        #expect(imported.status == 0, "\(imported.error)")
        #expect(
            imported.output
                == "Read 2 classes and 4 students from OneRoster: 2 classes created, 4 students joined, "
                + "2 teachers added, 4 student logins created, 2 teacher logins created, "
                + "2 classes given to their teachers.\n")
        #expect(imported.error == "", "\(imported.error)")

        for (name, role) in [
            ("ana.lima", "edujam_student"), ("dee.park", "edujam_student"), ("jsmith", "edujam_teacher"),
        ] {
            let login = school.login(name)
            #expect(
                try school.sql(
                    """
                    SELECT rolcanlogin AND NOT rolsuper AND NOT rolcreaterole AND rolpassword IS NULL
                        AND pg_has_role('\(login)', '\(role)', 'MEMBER')
                    FROM pg_authid WHERE rolname = '\(login)'
                    """) == "t", "\(login) should be a login in \(role) without a password")
        }
        #expect(try school.sql("SELECT pg_has_role('\(school.login("jsmith"))', 'edujam_student', 'MEMBER')") == "f")
        #expect(
            try school.sql("SELECT name || ':' || owner FROM classes ORDER BY name")
                == "3B:\(school.login("jsmith"))\n4A:\(school.login("pnguyen"))")

        // Each teacher sees their own class at once: no "No classes yet", no SQL.
        let jsmith = try cli.run(["class", "list", "--store", school.url(as: school.login("jsmith"))])
        #expect(jsmith.status == 0, "\(jsmith.error)")
        #expect(jsmith.output.hasPrefix("3B: \(school.login("ana.lima")), "), "\(jsmith.output)")
        #expect(!jsmith.output.contains("4A"))
        let ana = try cli.run(["inbox", "--store", school.url(as: school.login("ana.lima"))])
        #expect(ana.status == 0, "\(ana.error)")

        let again = try cli.run(
            ["class", "import", "--oneroster", school.export.path, "--create-logins", "--store", school.url()])
        #expect(again.output == "Read 2 classes and 4 students from OneRoster: nothing changed.\n", "\(again.error)")
    }

    @Test func aClassWithTwoTeachersBelongsToItsPrimaryTeacher() throws {
        let cli = Edujam()
        // Paul Nguyen also teaches 3B, listed first but not primary: Jane Smith (primary) owns it.
        let school = try School(cli) { file, text in
            file == "enrollments.csv"
                ? text.replacingOccurrences(
                    of: "enr-1,", with: "enr-0,cls-3b,org-riverside,usr-t2,teacher,false,2026-09-01,,,\nenr-1,")
                : text
        }
        defer { school.remove() }
        let imported = try cli.run(
            ["class", "import", "--oneroster", school.export.path, "--create-logins", "--store", school.url()])
        #expect(imported.status == 0, "\(imported.error)")
        #expect(try school.sql("SELECT owner FROM classes WHERE name = '3B'") == school.login("jsmith"))
        let list = try cli.run(["class", "list", "--store", school.url()])
        #expect(list.output.contains("(teachers: Jane Smith, Paul Nguyen)"), "\(list.output)")

        // The co-teacher gets it when the owner hands it over, and the next import keeps that:
        // the class stays with its owner while the export names them as one of its teachers.
        let given = try cli.run(
            ["class", "give", "3B", "--to", school.login("pnguyen"), "--store", school.url(as: school.login("jsmith"))])
        #expect(given.status == 0, "\(given.error)")
        #expect(
            given.output
                == "Gave 3B to \(school.login("pnguyen")), with its roster and assignments: only \(school.login("pnguyen")) sees it now.\n"
        )
        let again = try cli.run(["class", "import", "--oneroster", school.export.path, "--store", school.url()])
        #expect(again.output.hasSuffix("nothing changed.\n"), "\(again.output)")
        #expect(try school.sql("SELECT owner FROM classes WHERE name = '3B'") == school.login("pnguyen"))
    }

    @Test func withoutCreateLoginsTheImportSaysWhoHasNoLoginAndKeepsTheClasses() throws {
        let cli = Edujam()
        let school = try School(cli)
        defer { school.remove() }
        let imported = try cli.run(["class", "import", "--oneroster", school.export.path, "--store", school.url()])
        #expect(imported.status == 0, "\(imported.error)")
        #expect(
            imported.error.contains(
                "warning: the teacher \(school.login("jsmith")) has no login yet: import again with --create-logins, or create it"
            ), "\(imported.error)")
        #expect(try school.sql("SELECT count(*) FROM classes WHERE owner = current_user") == "2")

        // Once the school's IT made the login, the next import gives the class to it.
        _ = try school.sql("CREATE ROLE \(school.login("jsmith")) LOGIN IN ROLE edujam_teacher")
        let again = try cli.run(["class", "import", "--oneroster", school.export.path, "--store", school.url()])
        #expect(again.output.hasSuffix(": 1 class given to its teacher.\n"), "\(again.output)")
        #expect(try school.sql("SELECT owner FROM classes WHERE name = '3B'") == school.login("jsmith"))
    }

    /// `class add` of a name the server has no login for is taken (the owner may create it later)
    /// and said on stderr, with the nearest name on the rosters: `Ana` typed for `ana`.
    @Test func addingAStudentWithoutALoginSaysSoAndSuggestsTheNameOnTheRosters() throws {
        let cli = Edujam()
        let school = try School(cli)
        defer { school.remove() }
        let ana = school.login("ana")
        for words in [["class", "create", "5X"], ["class", "add", "5X", ana, "--create-logins"]] {
            let done = try cli.run(words + ["--store", school.url()])
            #expect(done.status == 0 && done.error.isEmpty, "\(words): \(done)")
        }
        let typo = ana.uppercased()
        let added = try cli.run(["class", "add", "5X", typo, "--store", school.url()])
        #expect(added.status == 0 && added.output == "Added 1 student(s) to 5X.\n", "\(added)")
        #expect(
            added.error
                == "warning: the student \(typo) has no login yet, so cannot sign in: add again with --create-logins, "
                + "or the store's owner creates it. Did you mean '\(ana)'? Then take this name off: "
                + "edujam class remove 5X \(typo)\n", "\(added.error)")
        let again = try cli.run(["class", "add", "5X", ana, "--store", school.url()])
        #expect(again.status == 0 && again.error.isEmpty, "a login that exists: \(again)")
        // The command it gives takes the name off; the one to paste back quotes what a shell would split.
        let off = try cli.run(["class", "remove", "5X", typo, "--store", school.url()])
        #expect(off.status == 0, "\(off)")
        let spaced = try cli.run(["class", "add", "5X", "\(ana) x", "--store", school.url()])
        #expect(
            spaced.error.hasSuffix(
                "Did you mean '\(ana)'? Then take this name off: edujam class remove 5X '\(ana) x'\n"),
            "\(spaced.error)")
    }

    @Test func giveHandsOverOnlyToATeacherAndOnlyTheOwnersClass() throws {
        let cli = Edujam()
        let school = try School(cli)
        defer { school.remove() }
        #expect(
            try cli.run(
                ["class", "import", "--oneroster", school.export.path, "--create-logins", "--store", school.url()]
            ).status == 0)
        let asJsmith = school.url(as: school.login("jsmith"))

        let toStudent = try cli.run(["class", "give", "3B", "--to", school.login("ana.lima"), "--store", asJsmith])
        #expect(toStudent.status == 1)
        #expect(
            toStudent.error
                == "edujam class: the login \(school.login("ana.lima")) is a student's: a class can only be given to a teacher\n"
        )
        let toNobody = try cli.run(["class", "give", "3B", "--to", "nobody_\(school.suffix)", "--store", asJsmith])
        #expect(toNobody.status == 1)
        #expect(
            toNobody.error.contains("there is no login nobody_\(school.suffix) on this server"), "\(toNobody.error)")
        // 4A is Paul Nguyen's: to Jane Smith it does not exist.
        let notHers = try cli.run(["class", "give", "4A", "--to", school.login("jsmith"), "--store", asJsmith])
        #expect(notHers.status != 0)
        #expect(try school.sql("SELECT owner FROM classes WHERE name = '4A'") == school.login("pnguyen"))
        // Nor can she do it in SQL: the policy checks the new owner is a teacher.
        let sneaky = try school.server.psql(
            "UPDATE classes SET owner = '\(school.login("ana.lima"))' WHERE name = '3B'", database: school.database,
            role: school.login("jsmith"))
        #expect(sneaky.status != 0)
        let sneakier = try school.server.psql(
            "SELECT edujam_give_class((SELECT id FROM classes WHERE name = '3B'), '\(school.login("ana.lima"))')",
            database: school.database, role: school.login("jsmith"))
        #expect(sneakier.status != 0)
        let taking = try school.server.psql(
            "SELECT edujam_give_class(\(try school.sql("SELECT id FROM classes WHERE name = '4A'")), '\(school.login("jsmith"))')",
            database: school.database, role: school.login("jsmith"))
        #expect(taking.status != 0, "a teacher cannot take another's class: \(taking.output)")
        #expect(try school.sql("SELECT owner FROM classes WHERE name = '3B'") == school.login("jsmith"))
        #expect(try school.sql("SELECT owner FROM classes WHERE name = '4A'") == school.login("pnguyen"))

        // The store's owner may move any class, and back.
        let byOwner = try cli.run(["class", "give", "4A", "--to", school.login("jsmith"), "--store", school.url()])
        #expect(byOwner.status == 0, "\(byOwner.error)")
        let list = try cli.run(["class", "list", "--store", asJsmith])
        #expect(list.output.contains("4A: \(school.login("dee.park"))"), "\(list.output)")
        let same = try cli.run(["class", "give", "4A", "--to", school.login("jsmith"), "--store", asJsmith])
        #expect(same.output == "4A already belongs to \(school.login("jsmith")).\n")

        let usage = try cli.run(["class", "give", "4A", "--store", asJsmith])
        #expect(usage.status == 64 && usage.error.contains("class give 4A --to LOGIN"), "\(usage.error)")
    }

    @Test func theStoresOwnerChangesAStudentsLoginWithoutSQL() throws {
        let cli = Edujam()
        let school = try School(cli)
        defer { school.remove() }
        #expect(
            try cli.run(
                ["class", "import", "--oneroster", school.export.path, "--create-logins", "--store", school.url()]
            ).status == 0)
        let ana = school.login("ana.lima")
        let new = school.login("ana")
        // Not a teacher's to do: it hands every attempt of the name to another login.
        let byTeacher = try cli.run(
            ["class", "login", ana, "--to", new, "--create-logins", "--store", school.url(as: school.login("jsmith"))])
        #expect(byTeacher.status == 1)
        #expect(
            byTeacher.error.contains("so it is the store's owner's, not \(school.login("jsmith"))'s"),
            "\(byTeacher.error)")
        let missing = try cli.run(["class", "login", ana, "--to", new, "--store", school.url()])
        #expect(missing.status == 1)
        #expect(
            missing.error.contains("there is no login \(new) on this server: add --create-logins"), "\(missing.error)")
        let taken = try cli.run(["class", "login", ana, "--to", school.login("bo.chen"), "--store", school.url()])
        #expect(taken.status == 1)
        #expect(
            taken.error.contains("is already the login of the student \(school.login("bo.chen"))"), "\(taken.error)")
        let teachers = try cli.run(["class", "login", ana, "--to", school.login("jsmith"), "--store", school.url()])
        #expect(teachers.status == 1)
        #expect(teachers.error.contains("is not a student's"), "\(teachers.error)")

        let changed = try cli.run(["class", "login", ana, "--to", new, "--create-logins", "--store", school.url()])
        #expect(changed.status == 0, "\(changed.error)")
        #expect(changed.output == "\(ana) now signs in as \(new) (a new login, without a password).\n")
        #expect(try school.sql("SELECT login FROM student_logins WHERE student = '\(ana)'") == new)
        let inbox = try cli.run(["inbox", "--store", school.url(as: new)])
        #expect(inbox.status == 0, "\(inbox.error)")
        let old = try cli.run(["inbox", "--store", school.url(as: ana)])
        #expect(old.status != 0, "the old login is nobody's now: \(old.output)")
    }
}
