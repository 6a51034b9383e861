import Foundation
import Testing
import TrackingTestSupport

/// The first command a school runs, `edujam store init`, by a database owner the administrator
/// made without CREATEROLE (the docs' one line `CREATE ROLE edujam LOGIN CREATEROLE`, typed
/// short), and then `--create-logins` after the administrator takes CREATEROLE back. A server of
/// this suite's own: the group roles are server-wide, and on the server the
/// other suites share some store has created them already, so init would never need to.
private let storeInitTestServer = Result { try PostgresServer.dedicated() }

@Suite(
    .enabled(
        if: (try? storeInitTestServer.get()) != nil,
        "needs a PostgreSQL server of its own: install the Debian packages postgresql and libpq-dev"))
struct SchoolStoreInitTests {
    let cli = Edujam()

    /// One test, in order: init must meet a server with no group roles yet, and any store made on
    /// this server before it would have made them.
    @Test func anOwnerWhoMayNotCreateRolesIsToldWhatTheAdministratorRuns() throws {
        let server = try storeInitTestServer.get()
        let database = try server.createDatabase()
        let owner = "store owner"  // a name SQL must quote, as the printed fix does
        let made = try server.psql(
            "CREATE ROLE \"\(owner)\" LOGIN; ALTER DATABASE \(database) OWNER TO \"\(owner)\";", database: "postgres")
        #expect(made.status == 0, "\(made.error)")
        let store = server.url(database: database, user: owner.replacingOccurrences(of: " ", with: "%20"))

        let refused = try cli.run(["store", "init", "--store", store])
        #expect(refused.status != 0)
        #expect(refused.error.split(separator: "\n").count == 1, "\(refused.error)")
        #expect(
            refused.error.contains(
                "the login \"\(owner)\" owns the PostgreSQL database \(database) at \(server.socketDirectory)"),
            "\(refused.error)")
        #expect(refused.error.contains("the server's administrator runs: ALTER ROLE \"\(owner)\" CREATEROLE;"))
        // Not what a teacher is told (the owner is the one running init), nor PostgreSQL's words.
        #expect(!refused.error.contains("holds no EduJam store yet"), "\(refused.error)")
        #expect(!refused.error.contains("permission denied"), "\(refused.error)")
        let tables = try server.psql("SELECT count(*) FROM pg_tables WHERE schemaname = 'public'", database: database)
        #expect(tables.output == "0\n", "init left nothing half made")

        // The fix the line names works.
        let granted = try server.psql("ALTER ROLE \"\(owner)\" CREATEROLE;", database: "postgres")
        #expect(granted.status == 0, "\(granted.error)")
        let initialized = try cli.run(["store", "init", "--store", store])
        #expect(initialized.status == 0, "\(initialized.error)")
        #expect(initialized.output.contains("Created the EduJam schema"), "\(initialized.output)")

        try createLoginsWithAnOwnerWhoMayNotCreateRoles(server, database, owner: "\"\(owner)\"")
    }

    /// A teacher's `class add --create-logins` runs the owner's function that creates a login: an
    /// owner without CREATEROLE is named with the fix, and nothing of the command is kept.
    private func createLoginsWithAnOwnerWhoMayNotCreateRoles(
        _ server: PostgresServer, _ database: String, owner: String
    ) throws {
        let suffix = UUID().uuidString.prefix(8).lowercased()
        let (teacher, cy) = ("teacher_\(suffix)", "cy_\(suffix)")
        let setUp = try server.psql(
            "CREATE ROLE \(teacher) LOGIN IN ROLE edujam_teacher; ALTER ROLE \(owner) NOCREATEROLE;",
            database: "postgres")
        #expect(setUp.status == 0, "\(setUp.error)")
        let asTeacher = server.url(database: database, user: teacher)
        #expect(try cli.run(["class", "create", "5C", "--store", asTeacher]).status == 0)

        let refused = try cli.run(["class", "add", "5C", cy, "--create-logins", "--store", asTeacher])
        #expect(refused.status != 0)
        #expect(
            refused.error.contains(
                "the store's owner, \(owner), may not create logins, so --create-logins cannot create \(cy)'s: "
                    + "the server's administrator runs: ALTER ROLE \(owner) CREATEROLE; "
                    + "(or creates the login: CREATE ROLE \(cy) LOGIN IN ROLE edujam_student;)"),
            "\(refused.error)")
        #expect(!refused.error.contains("permission denied"), "\(refused.error)")
        #expect(try cli.run(["class", "list", "--store", asTeacher]).output.contains("5C: (no students)"))

        // The second fix the line names works, with the same command.
        let created = try server.psql("CREATE ROLE \(cy) LOGIN IN ROLE edujam_student;", database: "postgres")
        #expect(created.status == 0, "\(created.error)")
        let added = try cli.run(["class", "add", "5C", cy, "--create-logins", "--store", asTeacher])
        #expect(added.status == 0, "\(added.error)")
        #expect(try cli.run(["class", "list", "--store", asTeacher]).output.contains("5C: \(cy)"))
    }
}
