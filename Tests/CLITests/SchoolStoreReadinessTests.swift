import Foundation
import Testing
import TrackingTestSupport

/// A school server's database that is not ready for a teacher or a student, through the built
/// binary: no store yet, a schema older or newer than this EduJam, a login with no EduJam role.
/// Only the database's owner can fix each, so the person at the terminal gets one line saying
/// where and what the owner runs, never PostgreSQL's "permission denied".
@Suite(.enabled(if: PostgresServer.isAvailable, Comment(rawValue: PostgresServer.skipComment)))
struct SchoolStoreReadinessTests {
    let cli = Edujam()
    let server: PostgresServer
    let database: String
    /// A login made per test: roles are server-wide.
    let login = "login_\(UUID().uuidString.prefix(8).lowercased())"

    init() throws {
        server = try PostgresServer.server()
        database = try server.createDatabase()
    }

    private func initialize() throws {
        let initialized = try cli.run(["store", "init", "--store", server.url(database: database)])
        #expect(initialized.status == 0, "\(initialized.error)")
    }

    private func sql(_ statements: String) throws {
        let result = try server.psql(statements, database: database)
        #expect(result.status == 0, "\(result.error)")
    }

    /// What `edujam inbox` says to the login, which must be one line naming the database and server.
    private func refusal() throws -> String {
        let result = try cli.run(["inbox", "--store", server.url(database: database, user: login)])
        #expect(result.status != 0)
        #expect(result.error.split(separator: "\n").count == 1, "\(result.error)")
        #expect(result.error.contains("the PostgreSQL database \(database) at \(server.socketDirectory) (port 5432)"))
        #expect(!result.error.contains("permission denied"), "\(result.error)")
        return result.error
    }

    @Test func aDatabaseWithNoStoreYetSaysTheOwnerRunsStoreInit() throws {
        try sql("CREATE ROLE \(login) LOGIN")
        #expect(try refusal().hasSuffix("holds no EduJam store yet: the database's owner runs: edujam store init\n"))
    }

    @Test func anOlderSchemaSaysTheOwnerRunsStoreMigrate() throws {
        try initialize()
        try sql(
            """
            CREATE ROLE \(login) LOGIN IN ROLE edujam_teacher;
            DELETE FROM schema_migrations WHERE position = (SELECT max(position) FROM schema_migrations);
            """)
        #expect(try refusal().hasSuffix("is older than this edujam: the database's owner runs: edujam store migrate\n"))
    }

    @Test func aNewerSchemaSaysSo() throws {
        try initialize()
        try sql(
            """
            CREATE ROLE \(login) LOGIN IN ROLE edujam_student;
            INSERT INTO schema_migrations (name, position) VALUES ('999-from-the-future', 999);
            """)
        let result = try cli.run(["inbox", "--store", server.url(database: database, user: login)])
        #expect(result.status != 0)
        #expect(result.error.contains("store written by a newer version (unknown migration '999-from-the-future')"))
    }

    @Test func aLoginWithNoEduJamRoleSaysHowToGrantOne() throws {
        try initialize()
        try sql("CREATE ROLE \(login) LOGIN")
        #expect(
            try refusal().hasSuffix(
                "the database's owner runs: GRANT edujam_student TO \(login); (or edujam_teacher, for a teacher)\n"))
    }
}
