import Foundation
import Testing
import TrackingTestSupport

@testable import Classroom
@testable import Tracking

@Suite(.enabled(if: TestEngine.isSQLite, "SQLite's own: opens a store file or reads its connection"))
struct ClassroomPersistenceTests {
    @Test func classesAndAssignmentsSurviveReopening() throws {
        let path = temporaryStorePath()
        let clock = VirtualClock()
        var id: Int64 = 0
        do {
            let store = try classroomStore(clock, path: path)
            id = try store.createAssignment(AssignmentDraft(className: "5A", title: "T", paths: [Catalog.level1]))
            clock.advance(1)
            try play(store, "ana", Catalog.level1, clock: clock, progress: 0.5)
            try store.markDone(assignment: id, student: "ben")
        }
        let reopened = try TrackingStore(path: path, rootIdentifier: rootID, rootTitle: "EduJam", clock: clock.read)
        #expect(try reopened.classes() == [SchoolClass(name: "5A", students: ["ana", "ben", "cleo"])])
        #expect(try reopened.assignment(id: id)?.activities.map(\.title) == ["Level 1"])
        let grid = try #require(try reopened.classReport(className: "5A").assignments.first)
        #expect(grid.students.map { $0.activities[0].status } == [.inProgress, .done, .notStarted])
    }

    @Test func aSecondStoreOnTheSameFileSeesEverything() throws {
        let path = temporaryStorePath()
        let clock = VirtualClock()
        let teacher = try TrackingStore(path: path, rootIdentifier: rootID, rootTitle: "EduJam", clock: clock.read)
        let student = try TrackingStore(path: path, rootIdentifier: rootID, rootTitle: "EduJam", clock: clock.read)
        try publishCatalog(teacher)  // published after the second store opened: the catalog is read from rows
        try teacher.createClass(named: "5A")
        try teacher.addStudents(["ana"], toClass: "5A")
        let id = try teacher.createAssignment(AssignmentDraft(className: "5A", title: "T", paths: [Catalog.level1]))
        #expect(try student.inbox(student: "ana").map(\.assignmentId) == [id])
        #expect(classroomError { try student.createClass(named: "5A") } == .duplicateClass("5A"))
        try student.markDone(assignment: id, student: "ana")
        #expect(
            try teacher.classReport(className: "5A").assignments.first?.students.first?.activities.first?.status
                == .done)
    }

    @Test func aLockedStoreIsBusyNotACrash() throws {
        let path = temporaryStorePath()
        let holder = try classroomStore(path: path)
        let other = try TrackingStore(path: path, rootIdentifier: rootID, rootTitle: "EduJam")
        try other.connection.execute("PRAGMA busy_timeout = 50")  // keep the test fast
        try holder.connection.execute("BEGIN IMMEDIATE")
        defer { try? holder.connection.execute("ROLLBACK") }
        #expect(trackingError { try other.createClass(named: "5B") } == .busy(sql: "BEGIN IMMEDIATE"))
        #expect(trackingError { try other.addStudents(["dan"], toClass: "5A") } == .busy(sql: "BEGIN IMMEDIATE"))
        try holder.connection.execute("ROLLBACK")
        try other.createClass(named: "5B")
        #expect(try other.classes().map(\.name) == ["5A", "5B"])
    }

    @Test func migrationsAreRecordedInOrder() throws {
        let store = try makeStore()
        let names = try Migrator.appliedNames(store.connection)
        #expect(names == Migrations.all.map(\.name))
        #expect(names.dropFirst(4).prefix(3) == ["005-classes", "006-assignments", "007-activities-started"])
    }

    @Test func attemptsSavedBeforeTheStartedColumnAreNotStartedOnlyWhenEmpty() throws {
        let path = temporaryStorePath()
        let clock = VirtualClock()
        let store = try classroomStore(clock, path: path)
        let game = try #require(try store.context(at: ["MATH-JAM"]))
        try game.createNewActivity(student: "ana").end(outcome: .quit)
        try store.save()
        try play(store, "ben", Catalog.level1, clock: clock)
        // Roll the file back to how 006 left it (every later migration undone), then let the
        // store migrate it again.
        try store.connection.execute(
            """
            DROP TABLE attempt_inputs;
            ALTER TABLE activities DROP COLUMN was_started;
            ALTER TABLE activities DROP COLUMN owner_host;
            ALTER TABLE activities DROP COLUMN owner_pid;
            ALTER TABLE activities DROP COLUMN owner_start;
            DROP INDEX activities_uuid;
            ALTER TABLE activities DROP COLUMN uuid;
            DROP TABLE attempt_events;
            DROP TABLE roster_enrollments;
            DROP TABLE roster_classes;
            DROP TABLE roster_people;
            DROP TABLE lrs_accepted;
            ALTER TABLE activities DROP COLUMN saved_at;
            ALTER TABLE contexts RENAME COLUMN minutes_min TO time_min;
            ALTER TABLE contexts RENAME COLUMN minutes_max TO time_max;
            DELETE FROM schema_migrations WHERE position >= 6;
            """)
        let reopened = try TrackingStore(path: path, rootIdentifier: rootID, rootTitle: "EduJam Games")
        #expect(try reopened.runs(student: "ana").map(\.started) == [false])
        #expect(try reopened.runs(student: "ben").map(\.started) == [true])
    }
}
