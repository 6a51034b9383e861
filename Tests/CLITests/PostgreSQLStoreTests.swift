import Foundation
import Testing
import TrackingTestSupport

/// `--store` / `EDUJAM_STORE` as a PostgreSQL URL, and `edujam store init|migrate`, through the
/// built binary against the throwaway server (`PostgresServer`).
@Suite struct PostgreSQLStoreTests {
    /// A fresh database on the test server, as the URL a person would pass.
    private func freshStore() throws -> (server: PostgresServer, database: String, url: String) {
        let server = try PostgresServer.server()
        let database = try server.createDatabase()
        return (server, database, server.url(database: database))
    }

    @Test(.enabled(if: PostgresServer.isAvailable, Comment(rawValue: PostgresServer.skipComment)))
    func initCreatesTheSchemaOnceAndMigrateFindsNothingToDo() throws {
        let (server, database, url) = try freshStore()
        let cli = Edujam()
        let created = try cli.run(["store", "init", "--store", url])
        #expect(created.status == 0, "\(created.error)")
        #expect(created.output.hasPrefix("Created the EduJam schema"))
        let names = try server.psql("SELECT name FROM schema_migrations ORDER BY position", database: database)
        #expect(names.output.split(separator: "\n").first == "001-store-info")
        #expect(try cli.run(["store", "init", "--store", url]).output.hasPrefix("Already an EduJam store"))
        let migrate = try cli.run(["store", "migrate"], environment: ["EDUJAM_STORE": url])
        #expect(migrate.status == 0)
        #expect(migrate.output == "The schema is up to date: nothing to apply.\n")
    }

    /// `store init` where no games folder says which collection the store is for stops after
    /// making the schema; a teacher's first command is then told that the owner finishes it, not
    /// shown a permission PostgreSQL refused.
    @Test(.enabled(if: PostgresServer.isAvailable, Comment(rawValue: PostgresServer.skipComment)))
    func aTeacherOnAStoreNoCollectionClaimedIsToldTheOwnerInitsIt() throws {
        let (server, database, url) = try freshStore()
        let folder = try Edujam.scratchFolder("init-without-games")
        defer { try? FileManager.default.removeItem(at: folder) }
        let initialized = try Edujam().run(
            ["store", "init", "--store", url], unset: ["EDUJAM_GAMES"], directory: folder)
        #expect(initialized.status != 0 && initialized.error.contains("no games folder"), "\(initialized.error)")
        let teacher = "teacher_\(UUID().uuidString.prefix(8).lowercased())"
        let granted = try server.psql(
            "CREATE ROLE \(teacher) LOGIN; GRANT edujam_teacher TO \(teacher);", database: database)
        #expect(granted.status == 0, "\(granted.output)")
        // With no games folder either, the teacher is sent to the owner too, not to a games folder.
        let bare = try Edujam().run(
            ["class", "list", "--store", server.url(database: database, user: teacher)], unset: ["EDUJAM_GAMES"],
            directory: folder)
        #expect(bare.status == 1)
        #expect(
            bare.error.contains(
                "holds no EduJam collection yet: the database's owner runs edujam store init --games DIR"),
            "\(bare.error)")
        let created = try Edujam().run([
            "class", "create", "3B", "--store", server.url(database: database, user: teacher),
        ])
        #expect(created.status == 1)
        #expect(
            created.error.contains("holds no EduJam store yet: the database's owner runs: edujam store init"),
            "\(created.error)")
        // The owner does as told, with the games folder this time: the store is claimed, and said so.
        let again = try Edujam().run(
            ["store", "init", "--store", url, "--games", Edujam.root.appendingPathComponent("games").path])
        #expect(again.status == 0, "\(again.error)")
        #expect(
            again.output
                == "The schema was up to date; the store is now claimed for the collection org.edujam.games.\n",
            "\(again.output)")
        let teacherStore = server.url(database: database, user: teacher)
        #expect(try Edujam().run(["class", "create", "3B", "--store", teacherStore]).status == 0)
    }

    @Test(.enabled(if: PostgresServer.isAvailable, Comment(rawValue: PostgresServer.skipComment)))
    func anotherProgramsDatabaseIsLeftAlone() throws {
        let (server, database, url) = try freshStore()
        #expect(
            try server.psql("CREATE TABLE invoices (id int); INSERT INTO invoices VALUES (1);", database: database)
                .status == 0)
        let result = try Edujam().run(["store", "init", "--store", url])
        #expect(result.status == 1)
        #expect(
            result.error
                == "edujam store: not an EduJam store: the PostgreSQL database has other tables (it was left as it is)\n"
        )
        #expect(try server.psql("SELECT to_regclass('schema_migrations') IS NULL", database: database).output == "t\n")
    }

    @Test func migrateOnAFileAppliesEveryMigration() throws {
        let cli = Edujam()
        defer { cli.remove() }
        let result = try cli.run(["store", "migrate"])
        #expect(result.status == 0)
        #expect(result.output.hasPrefix("Applied "))
        #expect(result.output.contains(" migration(s): 001-store-info, 002-contexts, "))
        #expect(try cli.run(["store", "migrate"]).output == "The schema is up to date: nothing to apply.\n")
    }

    @Test func anUnreachableServerIsOneLineNamingItAndNeverThePassword() throws {
        let folder = "/nonexistent-edujam-\(UUID().uuidString.prefix(8))"
        let result = try Edujam().run(
            ["class", "list"], environment: ["EDUJAM_STORE": "postgresql://ana:s3cret@/edujam?host=\(folder)"])
        #expect(result.status == 1)
        #expect(
            result.error
                == "edujam class: cannot reach the PostgreSQL server at \(folder) (port 5432): no such file or directory\n"
        )
        #expect(!result.error.contains("s3cret"))
    }

    /// libpq quotes what it cannot read, the whole URL or the bad token: the message hides the
    /// password whatever the URL's mistake.
    @Test func aMalformedURLNeverShowsItsPassword() throws {
        for url in [
            "postgresql://ana:Sup3rSecretPW@[::1/edujam", "postgresql://ana:Sup3r%ZZSecretPW@localhost/edujam",
            "postgresql://ana@localhost/edujam?password=Sup3rSecretPW&sslmod=require",
            "postgresql://ana:Sup3r%41SecretPW@localhost:notaport/edujam",
        ] {
            let result = try Edujam().run(["store", "migrate", "--store", url])
            #expect(result.status == 1)
            #expect(result.error.hasPrefix("edujam store: "), "\(result.error)")
            #expect(!result.error.contains("SecretPW"), "\(result.error)")
            #expect(!result.error.contains("Sup3r"), "\(result.error)")
        }
    }

    @Test func aBadURLIsOneLineSayingWhy() throws {
        let typo = try Edujam().run(["store", "migrate", "--store", "postgresql://localhost/edujam?sslmod=require"])
        #expect(typo.status == 1)
        #expect(
            typo.error
                == "edujam store: invalid PostgreSQL connection string: invalid URI query parameter: \"sslmod\"\n")
        let port = try Edujam().run(["store", "migrate", "--store", "postgresql://localhost:notaport/edujam"])
        #expect(
            port.error
                == "edujam store: cannot reach the PostgreSQL server at localhost (port notaport): invalid integer value \"notaport\" for connection option \"port\"\n"
        )
    }

    @Test(.enabled(if: PostgresServer.isAvailable, Comment(rawValue: PostgresServer.skipComment)))
    func classesAndPlaysLiveOnTheServer() throws {
        let (server, database, url) = try freshStore()
        let cli = Edujam()
        let env = ["EDUJAM_STORE": url]
        #expect(try cli.run(["catalog", "--publish"], environment: env).status == 0)
        #expect(try cli.run(["class", "create", "3B"], environment: env).status == 0)
        #expect(try cli.run(["class", "add", "3B", "ana"], environment: env).status == 0)
        let play = try cli.run(
            ["play", "--student", "ana", "MATH-JAM/LEVEL-1", "--seed", "3"], input: String(repeating: "0\n", count: 10),
            environment: env)
        #expect(play.status == 0, "\(play.error)")
        let runs = try server.psql("SELECT student, outcome FROM activities", database: database)
        #expect(runs.output == "ana|finished\n")
        let list = try cli.run(["class", "list"], environment: env)
        #expect(list.output.contains("3B"))
        #expect(list.output.contains("ana"))
    }

    @Test(.enabled(if: PostgresServer.isAvailable, Comment(rawValue: PostgresServer.skipComment)))
    func copyMovesTheHistoryAndTheGameVersionsToTheServerAndBackOnce() throws {
        let (server, database, url) = try freshStore()
        let cli = Edujam()
        defer { cli.remove() }
        #expect(try cli.run(["catalog", "--publish"]).status == 0)
        #expect(try cli.run(["class", "create", "3B"]).status == 0)
        #expect(try cli.run(["class", "add", "3B", "ana", "bo"]).status == 0)
        let assign = try cli.run(["assign", "--class", "3B", "--title", "Sums", "MATH-JAM/LEVEL-1"])
        #expect(assign.status == 0, "\(assign.error)")
        let play = try cli.run(
            ["play", "--student", "ana", "MATH-JAM/LEVEL-1", "--seed", "3"], input: String(repeating: "0\n", count: 10))
        #expect(play.status == 0)
        #expect(try cli.run(["done", "1", "--student", "ana"]).status == 0)
        let report = try cli.run(["report", "--class", "3B", "--json"]).output
        // `catalog --publish` put the games' files in the store: their versions travel too, and the
        // attempt, which ran a published version, counts the same everywhere (the report).
        let published = try cli.run(["games", "--all"]).output
        #expect(published.contains("MATH-JAM") && published.contains("WORD-JAM"), "\(published)")

        let copied = try cli.run(["store", "copy", cli.store, url])
        #expect(copied.status == 0, "\(copied.error)")
        #expect(copied.output.contains("1 assignments"))
        #expect(
            try cli.run(["report", "--class", "3B", "--json"], environment: ["EDUJAM_STORE": url]).output == report)
        let events = try server.psql("SELECT count(*) FROM attempt_events", database: database).output
        #expect(events != "0\n")

        let again = try cli.run(["store", "copy", cli.store, url])
        #expect(again.output == "Nothing to copy: the destination already holds everything.\n")
        #expect(try server.psql("SELECT count(*) FROM attempt_events", database: database).output == events)

        let back = Edujam()
        defer { back.remove() }
        #expect(try cli.run(["store", "copy", url, back.store]).status == 0)
        #expect(try back.run(["report", "--class", "3B", "--json"]).output == report)
        #expect(try cli.run(["games", "--all"], environment: ["EDUJAM_STORE": url]).output == published)
        #expect(try back.run(["games", "--all"]).output == published)
    }
}
