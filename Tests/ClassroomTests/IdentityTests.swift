import Testing

@testable import Classroom

/// Whose work a command is (`Identity`): `--student` on SQLite; the login on PostgreSQL, where only
/// a teacher may name a student and a student may not run a teacher's command. The same rules on
/// a real server, with the database refusing them too: `Tests/ClassroomTests/SchoolServerTests.swift`.
@Suite struct IdentityTests {
    private let ana = StoreIdentity.login("ana", role: .student, studentName: "Ana Lima")
    private let maria = StoreIdentity.login("maria", role: .teacher, studentName: nil)

    @Test func aStudentIsTheirLoginsNameAndNamesNobodyElse() throws {
        #expect(try Identity.student(typed: nil, identity: ana) == "Ana Lima")
        #expect(throws: IdentityError.studentChoosesName(login: "ana")) {
            try Identity.student(typed: "bo", identity: ana)
        }
        #expect(throws: IdentityError.studentChoosesName(login: "ana")) {
            try Identity.student(typed: "Ana Lima", identity: ana)
        }
        #expect(throws: IdentityError.notOnARoster(login: "dee")) {
            try Identity.student(typed: nil, identity: .login("dee", role: .student, studentName: nil))
        }
        #expect(throws: IdentityError.noRole(login: "eve")) {
            try Identity.student(
                typed: nil, identity: .login("eve", role: SchoolRole.none, studentName: nil))
        }
    }

    @Test func aTeacherMayNameAStudent() throws {
        #expect(try Identity.student(typed: "bo", identity: maria) == "bo")
        #expect(try Identity.student(typed: nil, identity: maria, fallback: "me") == "maria")
        // `done` and `inbox` give no fallback: a teacher names the student's work, never their own.
        #expect(try Identity.student(typed: nil, identity: maria) == nil)
        let owner = StoreIdentity.login("school", role: .owner, studentName: nil)
        #expect(try Identity.student(typed: "bo", identity: owner) == "bo")
    }

    /// A teacher's play is saved under their own login; a student's attempts are the
    /// student's alone (the database refuses the rest, `SchoolRowsAttackTests`).
    @Test func aTeacherPlaysOnlyUnderTheirOwnLogin() throws {
        #expect(throws: IdentityError.teacherPlaysAsThemselves(login: "maria")) {
            try Identity.player(typed: "bo", identity: maria, fallback: "u")
        }
        #expect(try Identity.player(typed: nil, identity: maria, fallback: "u") == "maria")
        #expect(try Identity.player(typed: "maria", identity: maria, fallback: "u") == "maria")
        let mapped = StoreIdentity.login("maria", role: .teacher, studentName: "Maria Lopes")
        #expect(try Identity.player(typed: nil, identity: mapped, fallback: "u") == "maria")
        let owner = StoreIdentity.login("school", role: .owner, studentName: nil)
        #expect(try Identity.player(typed: "bo", identity: owner, fallback: "u") == "bo")
        #expect(try Identity.player(typed: nil, identity: ana, fallback: "u") == "Ana Lima")
        #expect(try Identity.player(typed: "bo", identity: .anyone, fallback: "u") == "bo")
    }

    @Test func onSQLiteTheStudentIsTyped() throws {
        #expect(try Identity.student(typed: "bo", identity: .anyone) == "bo")
        #expect(try Identity.student(typed: nil, identity: .anyone, fallback: "me") == "me")
        #expect(try Identity.student(typed: nil, identity: .anyone) == nil)
    }

    @Test func teachersCommandsAreRefusedToStudents() throws {
        try Identity.requireTeacher("assign", identity: .anyone)
        try Identity.requireTeacher("assign", identity: maria)
        #expect(throws: IdentityError.teachersOnly(login: "ana", command: "assign")) {
            try Identity.requireTeacher("assign", identity: ana)
        }
        #expect(
            IdentityError.teachersOnly(login: "ana", command: "class add").description
                == "class add is a teacher's command, and the login ana is a student's")
    }
}
