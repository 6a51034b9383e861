import Foundation
import Testing
import TrackingTestSupport

/// A student's own rows must not hurt anyone else, and a teacher reads students'
/// attempts but changes none. Each attack is made through `psql` with the attacker's login, as
/// any client could, on a school set up with the built binary; then the binary, as the classmate
/// or the teacher, shows that nobody else was hurt (`docs/classroom.md`, "Who can see what").
@Suite(.enabled(if: PostgresServer.isAvailable, Comment(rawValue: PostgresServer.skipComment)))
struct SchoolRowsAttackTests {
    /// A store made by its owner with `store init`; maria owns 5C (ana, bo) with the assignment
    /// "Sums", joao owns 6A (cy) with "Words". The games folder is a copy holding only Math Jam, so
    /// a test can add a game. Logins carry a tag: roles belong to the whole server. (Also the
    /// school of `SchoolRowsAttackTests+GameVersions.swift`.)
    struct School {
        let cli = Edujam()
        let server: PostgresServer
        let database: String
        let tag = UUID().uuidString.prefix(8).lowercased()
        let games: URL
        /// The data folder (the outbox), the same for every login: one computer.
        let data: URL

        var maria: String { "maria_\(tag)" }
        var joao: String { "joao_\(tag)" }
        var ana: String { "ana_\(tag)" }
        var bo: String { "bo_\(tag)" }
        var cy: String { "cy_\(tag)" }

        /// The school on `server`, by default the shared throwaway server.
        init(on given: PostgresServer? = nil) throws {
            server = try given ?? PostgresServer.server()
            database = try server.createDatabase()
            games = try Edujam.scratchFolder("rows-games")
            data = try Edujam.scratchFolder("rows-data")
            for name in ["collection.lua", "math-jam"] {
                try FileManager.default.copyItem(
                    at: Edujam.root.appendingPathComponent("games/" + name), to: games.appendingPathComponent(name))
            }
            try require(try cli.run(["store", "init", "--store", server.url(database: database)]))
            let teachers = try server.psql(
                "CREATE ROLE \(maria) LOGIN; CREATE ROLE \(joao) LOGIN; GRANT edujam_teacher TO \(maria), \(joao);",
                database: database)
            guard teachers.status == 0 else { throw PostgresServer.Failure(teachers.error) }
            for words in [
                ["catalog", "--publish"], ["class", "create", "5C"],
                ["class", "add", "5C", ana, bo, "--create-logins"],
                ["assign", "--class", "5C", "--title", "Sums", "MATH-JAM/LEVEL-1"],
            ] {
                try require(try edujam(words, as: maria))
            }
            for words in [
                ["class", "create", "6A"], ["class", "add", "6A", cy, "--create-logins"],
                ["assign", "--class", "6A", "--title", "Words", "MATH-JAM/LEVEL-2"],
            ] {
                try require(try edujam(words, as: joao))
            }
        }

        func remove() {
            for folder in [games, data] { try? FileManager.default.removeItem(at: folder) }
        }

        /// The binary as `login`, on this computer's data folder and the school's games.
        func edujam(_ words: [String], as login: String, input: String = "") throws -> Edujam.Result {
            try cli.run(
                words + ["--games", games.path], input: input,
                environment: [
                    "EDUJAM_STORE": server.url(database: database, user: login), "XDG_DATA_HOME": data.path,
                ])
        }

        /// A round of Math Jam's first level, as `login`.
        func play(as login: String, _ extra: [String] = []) throws -> Edujam.Result {
            try edujam(
                ["play", "MATH-JAM/LEVEL-1"] + extra, as: login,
                input: String(repeating: "0\n", count: 10))
        }

        /// `psql` as `login`.
        func psql(_ sql: String, as login: String) throws -> PostgresServer.ToolResult {
            try server.psql(sql, database: database, role: login)
        }

        /// One answer read as the server's superuser, to see what really is in the tables.
        func sql(_ query: String) throws -> String {
            let result = try server.psql(query, database: database)
            guard result.status == 0 else { throw PostgresServer.Failure("\(query): \(result.error)") }
            return result.output.trimmingCharacters(in: .newlines)
        }

        private func require(_ result: Edujam.Result) throws {
            guard result.status == 0 else { throw PostgresServer.Failure("setup failed: \(result.error)") }
        }
    }

    // MARK: Point 1: ids are the server's alone

    /// Ana takes the ids the next saves would get (3,000 attempts, 300 contexts in her own name,
    /// which her policies allow): the database refuses every way of choosing an id, so Bo's play,
    /// and `catalog --publish` of a new game, are saved as ever.
    @Test func aStudentCannotTakeTheIdsOfTheNextSaves() throws {
        let school = try School()
        defer { school.remove() }
        #expect(try school.play(as: school.ana).status == 0)

        let attempts = try school.psql(
            """
            WITH n AS (SELECT nextval(pg_get_serial_sequence('activities', 'id')) AS v)
            INSERT INTO activities (id, context_id, student, created_at, started_at, uuid)
            SELECT n.v + g, c.id, '\(school.ana)', 0, 0, gen_random_uuid()
            FROM n, contexts c, generate_series(1, 3000) g WHERE c.parent_id IS NULL
            """, as: school.ana)
        #expect(attempts.status != 0 && attempts.error.contains("cannot insert a non-DEFAULT value"), "\(attempts)")
        let drawn = try school.psql("SELECT nextval(pg_get_serial_sequence('activities', 'id'))", as: school.ana)
        #expect(drawn.status != 0 && drawn.error.contains("permission denied for sequence"), "\(drawn)")
        let overriding = try school.psql(
            """
            INSERT INTO activities (id, context_id, student, created_at, started_at, uuid) OVERRIDING SYSTEM VALUE
            SELECT 10 + g, c.id, '\(school.ana)', 0, 0, gen_random_uuid()
            FROM contexts c, generate_series(1, 3000) g WHERE c.parent_id IS NULL
            """, as: school.ana)
        #expect(overriding.status != 0 && overriding.error.contains("permission denied"), "\(overriding)")
        let moved = try school.psql(
            "UPDATE activities SET id = id + 5 WHERE student = '\(school.ana)' RETURNING id", as: school.ana)
        #expect(moved.status != 0 && moved.error.contains("can only be updated to DEFAULT"), "\(moved)")
        let contexts = try school.psql(
            """
            WITH n AS (SELECT nextval(pg_get_serial_sequence('contexts', 'id')) AS v)
            INSERT INTO contexts (id, parent_id, path, identifier, title, type, created_at, modified_at)
            SELECT n.v + g, c.id, '["org.edujam.games","SQUAT-' || g || '"]', 'SQUAT-' || g, 'x', 12, 0, 0
            FROM n, contexts c, generate_series(1, 300) g WHERE c.parent_id IS NULL
            """, as: school.ana)
        #expect(contexts.status != 0 && contexts.error.contains("cannot insert a non-DEFAULT value"), "\(contexts)")
        #expect(try school.sql("SELECT count(*) FROM activities") == "1", "only ana's round")

        try FileManager.default.copyItem(
            at: Edujam.root.appendingPathComponent("games/word-jam"),
            to: school.games.appendingPathComponent("word-jam"))
        let published = try school.edujam(["catalog", "--publish"], as: school.maria)
        #expect(published.status == 0, "\(published.error)")
        #expect(try school.sql("SELECT count(*) FROM contexts WHERE path LIKE '%WORD-JAM%'") != "0")
        let played = try school.play(as: school.bo)
        #expect(played.status == 0, "\(played.error)")
        #expect(try school.sql("SELECT outcome FROM activities WHERE student = '\(school.bo)'") == "finished")
        #expect(try school.edujam(["sync"], as: school.bo).output == "Nothing waits to be sent.\n")
    }

    /// Who a login is cannot be changed from its own session: the identity functions name every
    /// table, function and operator with its schema (PostgreSQL migration 020), so a student's own
    /// temporary `student_logins` saying they are a classmate, found first through their own
    /// `search_path`, is never read: writing as the classmate is refused, and writing as
    /// themselves still works in that session.
    @Test func aStudentsOwnSearchPathAndTemporaryTablesDoNotChangeWhoTheyAre() throws {
        let school = try School()
        defer { school.remove() }
        let spoof = """
            CREATE TEMP TABLE student_logins (login text, student text);
            INSERT INTO pg_temp.student_logins VALUES (current_user, '\(school.bo)');
            SET search_path = pg_temp, public;
            """
        let asBo = try school.psql(
            spoof + """
                INSERT INTO activities (context_id, student, created_at, started_at, uuid)
                SELECT c.id, '\(school.bo)', 0, 0, gen_random_uuid() FROM public.contexts c WHERE c.parent_id IS NULL;
                """, as: school.ana)
        #expect(asBo.status != 0 && asBo.error.contains("row-level security"), "\(asBo)")
        let asAna = try school.psql(
            spoof + """
                INSERT INTO activities (context_id, student, created_at, started_at, uuid)
                SELECT c.id, '\(school.ana)', 0, 0, gen_random_uuid() FROM public.contexts c WHERE c.parent_id IS NULL;
                """, as: school.ana)
        #expect(asAna.status == 0, "\(asAna)")
        #expect(try school.sql("SELECT string_agg(student, ',') FROM activities") == school.ana)
    }

    /// A save the server refuses, for whatever reason (here a trigger the owner added), is kept in
    /// the outbox and reported; `sync` says why it waits, and sends it once the server takes it.
    @Test func aSaveTheServerRefusesIsKeptAndReported() throws {
        let school = try School()
        defer { school.remove() }
        _ = try school.sql(
            """
            CREATE FUNCTION refuse_attempts() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN RAISE EXCEPTION 'closed for maintenance' USING ERRCODE = 'check_violation'; END $$;
            CREATE TRIGGER refuse_attempts BEFORE INSERT ON activities FOR EACH ROW EXECUTE FUNCTION refuse_attempts();
            """)
        let played = try school.play(as: school.bo)
        #expect(played.status == 1)
        #expect(played.error.contains("the school server refused to save this attempt ("), "\(played.error)")
        #expect(played.error.contains("closed for maintenance"), "\(played.error)")
        #expect(played.error.contains("it is kept on this computer, and edujam sync sends it again"))
        #expect(!played.error.contains("ROLLBACK TO SAVEPOINT"), "\(played.error)")

        let refused = try school.edujam(["sync"], as: school.bo)
        #expect(refused.status == 1)
        #expect(
            refused.output.hasPrefix("Refused, kept on this computer: \(school.bo), MATH-JAM/LEVEL-1, finished, "),
            "\(refused.output)")
        #expect(refused.output.contains("closed for maintenance"))

        _ = try school.sql("DROP TRIGGER refuse_attempts ON activities")
        let sent = try school.edujam(["sync"], as: school.bo)
        #expect(sent.status == 0, "\(sent.error)")
        #expect(sent.output.hasPrefix("Sent: \(school.bo), MATH-JAM/LEVEL-1, finished, started "), "\(sent.output)")
        #expect(try school.sql("SELECT outcome FROM activities WHERE student = '\(school.bo)'") == "finished")
        #expect(try school.sql("SELECT count(*) > 0 FROM activity_items") == "t")
        #expect(try school.edujam(["sync"], as: school.bo).output == "Nothing waits to be sent.\n")
    }

    /// A student who tries `store copy` from the school server to a file of their own is refused
    /// by the server; the refusal is said in words, names no store it did not come from, and shows
    /// no SQL.
    @Test func aStudentsRefusedStoreCopyShowsNoSQL() throws {
        let school = try School()
        defer { school.remove() }
        let file = school.data.appendingPathComponent("copy.sqlite").path
        let copied = try school.edujam(
            ["store", "copy", school.server.url(database: school.database, user: school.ana), file], as: school.ana)
        #expect(copied.status == 1)
        #expect(copied.error.contains("the school's PostgreSQL server refused it: "), "\(copied.error)")
        #expect(!copied.error.contains("CREATE TABLE"), "\(copied.error)")
        #expect(!copied.error.contains(file), "\(copied.error)")
    }

    /// `store init` and `store migrate` are the owner's: a student or a teacher who runs one on the
    /// school's up-to-date store is told so in words, not with the schema privilege PostgreSQL
    /// refused; the owner's `store migrate` still finds nothing to apply.
    @Test func aStudentsOrTeachersStoreMigrateSaysItIsTheOwners() throws {
        let school = try School()
        defer { school.remove() }
        for login in [school.ana, school.maria] {
            for verb in ["init", "migrate"] {
                let refused = try school.edujam(["store", verb], as: login)
                #expect(refused.status == 1, "\(login) \(verb): \(refused)")
                let said = "store \(verb) is the store owner's command, and the login \(login) is not the owner's"
                #expect(refused.error.contains(said), "\(login) \(verb): \(refused.error)")
                #expect(!refused.error.contains("SQLSTATE"), "\(refused.error)")
            }
        }
        let owner = try school.cli.run(["store", "migrate", "--store", school.server.url(database: school.database)])
        #expect(owner.status == 0 && owner.output == "The schema is up to date: nothing to apply.\n", "\(owner)")
    }

    /// Ana writes the contexts of a game nobody has published yet (Word Jam, here but not in the
    /// catalog), as her policies let a student's play do, with titles of her own: Bo's play of
    /// that game still saves (a student's play adds only what is missing and rewrites nothing), and
    /// the teacher's `catalog --publish` then puts the game's own titles back.
    @Test func aStudentWhoWritesAnUnpublishedGamesContextsCostsAClassmateNothing() throws {
        let school = try School()
        defer { school.remove() }
        try FileManager.default.copyItem(
            at: Edujam.root.appendingPathComponent("games/word-jam"),
            to: school.games.appendingPathComponent("word-jam"))
        let squat = try school.psql(
            """
            INSERT INTO contexts (parent_id, path, identifier, title, type, created_at, modified_at)
            SELECT c.id, '["org.edujam.games","WORD-JAM"]', 'WORD-JAM', 'ana was here', c.type, 0, 0
            FROM contexts c WHERE c.parent_id IS NULL;
            INSERT INTO contexts (parent_id, path, identifier, title, type, created_at, modified_at)
            SELECT c.id, '["org.edujam.games","WORD-JAM","LEVEL-1"]', 'LEVEL-1', 'ana was here', c.type, 0, 0
            FROM contexts c WHERE c.identifier = 'WORD-JAM';
            """, as: school.ana)
        #expect(squat.status == 0, "a student may add an unpublished game's contexts: \(squat)")

        let played = try school.edujam(
            ["play", "WORD-JAM/LEVEL-1"], as: school.bo, input: String(repeating: "x\n", count: 10))
        #expect(played.status == 0, "\(played.error)")
        #expect(!played.error.contains("SQL") && !played.error.contains("INSERT"), "\(played.error)")
        #expect(try school.sql("SELECT count(*) FROM activities WHERE student = '\(school.bo)'") == "1")
        #expect(try school.edujam(["sync"], as: school.bo).output == "Nothing waits to be sent.\n")

        let published = try school.edujam(["catalog", "--publish"], as: school.maria)
        #expect(published.status == 0, "\(published.error)")
        #expect(try school.sql("SELECT title FROM contexts WHERE identifier = 'WORD-JAM'") == "Word Jam")
    }

    /// Before anyone publishes, Ana tries to add a context with no parent of her own: the only root
    /// a student may add is the one `store init` claimed (PostgreSQL migration
    /// `029-catalog-additions`), so hers is refused, and the teacher's `catalog --publish` and Bo's
    /// play are saved under the store's root as ever.
    @Test func aStudentCannotPlantARootBeforeTheCatalogIsPublished() throws {
        let cli = Edujam()
        let server = try PostgresServer.server()
        let database = try server.createDatabase()
        let tag = UUID().uuidString.prefix(8).lowercased()
        let (maria, ana, bo) = ("maria_\(tag)", "ana_\(tag)", "bo_\(tag)")
        let data = try Edujam.scratchFolder("root-data")
        defer { try? FileManager.default.removeItem(at: data) }
        func edujam(_ words: [String], as login: String?, input: String = "") throws -> Edujam.Result {
            try cli.run(
                words, input: input,
                environment: [
                    "EDUJAM_STORE": server.url(database: database, user: login), "XDG_DATA_HOME": data.path,
                ])
        }
        #expect(try edujam(["store", "init"], as: nil).status == 0)
        _ = try server.psql("CREATE ROLE \(maria) LOGIN; GRANT edujam_teacher TO \(maria);", database: database)
        #expect(try edujam(["class", "create", "5C"], as: maria).status == 0)
        #expect(try edujam(["class", "add", "5C", ana, bo, "--create-logins"], as: maria).status == 0)

        let planted = try server.psql(
            """
            INSERT INTO contexts (parent_id, path, identifier, title, type, created_at, modified_at)
            VALUES (NULL, '["planted"]', 'planted', 'ana was here', 0, 0, 0)
            """, database: database, role: ana)
        #expect(planted.status != 0 && planted.error.contains("row-level security"), "\(planted)")

        let published = try edujam(["catalog", "--publish"], as: maria)
        #expect(published.status == 0, "\(published.error)")
        let played = try edujam(
            ["play", "MATH-JAM/LEVEL-1"], as: bo, input: String(repeating: "0\n", count: 10))
        #expect(played.status == 0, "\(played.error)")
        let saved = try server.psql(
            """
            SELECT c.path FROM activities a JOIN contexts c ON c.id = a.context_id WHERE a.student = '\(bo)'
            """, database: database)
        #expect(saved.output == #"["org.edujam.games","MATH-JAM","LEVEL-1"]"# + "\n", "\(saved)")
        #expect(try edujam(["sync"], as: bo).output == "Nothing waits to be sent.\n")
        let catalog = try edujam(["catalog"], as: bo)
        #expect(catalog.output.contains("MATH-JAM") && !catalog.output.contains("planted"), "\(catalog.output)")
    }

    // MARK: Point 5: the owner lookups tell a student nothing

    @Test func theOwnerLookupsTellNothingAboutAnotherClass() throws {
        let school = try School()
        defer { school.remove() }
        let sixA = try school.sql("SELECT id FROM classes WHERE name = '6A'")
        let words = try school.sql("SELECT id FROM assignments WHERE title = 'Words'")
        let fiveC = try school.sql("SELECT id FROM classes WHERE name = '5C'")
        for lookup in ["edujam_class_owner(\(sixA))", "edujam_assignment_owner(\(words))", "edujam_class_owner(1)"] {
            let asked = try school.psql("SELECT \(lookup)", as: school.ana)
            #expect(asked.status != 0 && asked.error.contains("permission denied"), "\(lookup): \(asked)")
            #expect(!asked.output.contains(school.joao) && !asked.output.contains(school.maria))
        }
        let teacher = try school.psql(
            """
            SELECT edujam_class_owner(\(sixA)) IS NULL, edujam_assignment_owner(\(words)) IS NULL,
                edujam_class_owner(\(fiveC))
            """, as: school.maria)
        #expect(teacher.output == "t|t|\(school.maria)\n", "another teacher's class: nothing; her own: hers")

        // The teachers' policies, which use the lookups, serve each teacher their own class.
        let report = try school.edujam(["report", "--class", "5C"], as: school.maria)
        #expect(report.status == 0 && report.output.contains("Sums"), "\(report.error)")
        #expect(try school.edujam(["report", "--class", "6A"], as: school.maria).status != 0)
        #expect(try school.edujam(["class", "list"], as: school.joao).output == "6A: \(school.cy)\n")
        #expect(try school.edujam(["inbox"], as: school.ana).output.contains("Sums"))
    }

    // MARK: Point 6: a teacher changes no student's attempt

    /// Joao adds Bo to his class to reach Bo's work for maria's class; neither he nor maria can
    /// change, remove, add to or forge any of Bo's attempts, items or events. They read them; Done
    /// marks stay theirs; a teacher plays under their own login only.
    @Test func aTeacherReadsButChangesNoStudentsAttempt() throws {
        let school = try School()
        defer { school.remove() }
        #expect(try school.play(as: school.bo).status == 0)
        #expect(try school.edujam(["class", "add", "6A", school.bo], as: school.joao).status == 0)
        let bo = "(SELECT id FROM activities WHERE student = '\(school.bo)')"
        let stored = """
            SELECT a.progress, a.outcome, (SELECT count(*) FROM activity_items i WHERE i.activity_id = a.id),
                (SELECT count(*) FROM attempt_events e WHERE e.activity_id = a.id)
            FROM activities a WHERE a.student = '\(school.bo)'
            """
        let before = try school.sql(stored)
        let report = try school.edujam(["report", "--class", "5C", "--json"], as: school.maria).output

        for teacher in [school.joao, school.maria] {
            #expect(try school.psql("SELECT count(*) FROM activities WHERE id = \(bo)", as: teacher).output == "1\n")
            for change in [
                "UPDATE activities SET progress = 0.01, outcome = 'failed' WHERE id = \(bo) RETURNING id",
                "UPDATE activity_items SET score = 0 WHERE activity_id = \(bo) RETURNING identifier",
                "DELETE FROM activity_items WHERE activity_id = \(bo) RETURNING identifier",
                "DELETE FROM attempt_events WHERE activity_id = \(bo) RETURNING sequence",
                "UPDATE attempt_events SET progress = 0 WHERE activity_id = \(bo) RETURNING sequence",
            ] {
                let changed = try school.psql(change, as: teacher)
                #expect(changed.status == 0 && changed.output.isEmpty, "\(teacher): \(change): \(changed)")
            }
            for forgery in [
                """
                INSERT INTO activity_items (activity_id, identifier, title, kind, sequence, quantity)
                VALUES (\(bo), 'forged', 'Forged', 'quantity', 99, 1)
                """,
                "INSERT INTO attempt_events (activity_id, sequence, kind, at) VALUES (\(bo), 999, 'ended', 0)",
                """
                INSERT INTO activities (context_id, student, created_at, started_at, uuid, outcome, progress)
                SELECT id, '\(school.bo)', 0, 0, gen_random_uuid(), 'finished', 1 FROM contexts
                WHERE identifier = 'LEVEL-1'
                """,
            ] {
                let forged = try school.psql(forgery, as: teacher)
                #expect(forged.status != 0 && forged.error.contains("row-level security"), "\(teacher): \(forged)")
            }
        }
        #expect(try school.sql(stored) == before)
        #expect(try school.edujam(["report", "--class", "5C", "--json"], as: school.maria).output == report)

        let posing = try school.play(as: school.maria, ["--student", school.bo])
        #expect(posing.status != 0)
        #expect(posing.error.contains("a teacher plays under their own login (\(school.maria))"), "\(posing.error)")
        let own = try school.play(as: school.maria)
        #expect(own.status == 0, "\(own.error)")
        #expect(try school.sql("SELECT count(*) FROM activities WHERE student = '\(school.maria)'") == "1")
        let done = try school.edujam(["done", "1", "--student", school.bo], as: school.maria)
        #expect(done.status == 0, "\(done.error)")
    }
}
