import Foundation
import Testing
import TrackingTestSupport

/// Who you are on a PostgreSQL store is your login, through the built binary: a student login can
/// neither name another student nor run a teacher's command; a teacher may name a student (but
/// plays only under their own login: `SchoolRowsAttackTests`). The
/// database's own rules (row-level security, tested through `psql` in `SchoolServerTests`) stand
/// behind these refusals; here the person at the terminal gets them in words.
@Suite(.enabled(if: PostgresServer.isAvailable, Comment(rawValue: PostgresServer.skipComment)))
struct SchoolIdentityCommandTests {
    /// A store made by its owner with `store init`, a teacher login, and a class whose two students
    /// got logins from `--create-logins`. Login names are unique per test: roles are server-wide.
    private struct School {
        let server: PostgresServer
        let database: String
        let teacher: String
        let ana: String
        let bo: String

        func url(as login: String) -> String { server.url(database: database, user: login) }
    }

    private func school(_ cli: Edujam) throws -> School {
        let server = try PostgresServer.server()
        let database = try server.createDatabase()
        let suffix = UUID().uuidString.prefix(8).lowercased()
        let school = School(
            server: server, database: database, teacher: "teacher_\(suffix)", ana: "ana_\(suffix)", bo: "bo_\(suffix)")
        let initialized = try cli.run(["store", "init", "--store", server.url(database: database)])
        #expect(initialized.status == 0, "\(initialized.error)")
        let granted = try server.psql(
            "CREATE ROLE \(school.teacher) LOGIN; GRANT edujam_teacher TO \(school.teacher);", database: database)
        #expect(granted.status == 0, "\(granted.output)")
        let created = try cli.run(["class", "create", "5C", "--store", school.url(as: school.teacher)])
        #expect(created.status == 0, "\(created.error)")
        let added = try cli.run(
            ["class", "add", "5C", school.ana, school.bo, "--create-logins", "--store", school.url(as: school.teacher)])
        #expect(added.status == 0, "\(added.error)")
        return school
    }

    @Test func aStudentLoginCannotNameAClassmateNorRunATeachersCommand() throws {
        let cli = Edujam()
        let school = try school(cli)
        let asAna = school.url(as: school.ana)

        let posing = try cli.run(["inbox", "--student", school.bo, "--store", asAna])
        #expect(posing.status != 0)
        #expect(posing.error.contains("on this store you are \(school.ana): --student is for teachers"))

        let report = try cli.run(["report", "--class", "5C", "--store", asAna])
        #expect(report.status != 0)
        #expect(report.error.contains("is a teacher's command, and the login \(school.ana) is a student's"))

        let grades = try cli.run(["export", "--oneroster-results", "grades", "--class", "5C", "--store", asAna])
        #expect(grades.status != 0)
        #expect(
            grades.error.contains("export --oneroster-results is a teacher's command"), "no SQL: \(grades.error)")

        // Publishing is refused as a teacher's before the game is looked for (a game here or not).
        let publish = try cli.run(["publish", "NO-SUCH-GAME", "--store", asAna])
        #expect(publish.status != 0)
        #expect(publish.error.contains("publish is a teacher's command"), "\(publish.error)")

        let enrol = try cli.run(["class", "add", "5C", "mallory", "--store", asAna])
        #expect(enrol.status != 0)
        #expect(try cli.run(["class", "list", "--store", school.url(as: school.teacher)]).output.contains("5C"))

        let ownInbox = try cli.run(["inbox", "--store", asAna])
        #expect(ownInbox.status == 0, "\(ownInbox.error)")
    }

    @Test func aTeacherMayNameAStudent() throws {
        let cli = Edujam()
        let school = try school(cli)
        let inbox = try cli.run(["inbox", "--student", school.bo, "--store", school.url(as: school.teacher)])
        #expect(inbox.status == 0, "\(inbox.error)")
    }
}
