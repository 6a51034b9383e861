import Classroom
import Foundation
import Interop
import Testing
import Tracking

/// A district's export imports in time linear in its size (a district holds thousands of classes): the work SQLite
/// does (its virtual machine's steps, `Connection.virtualMachineSteps`) for twice the classes,
/// students and enrollments is about twice, not four times. Counted, not timed: the speed itself
/// is the bench's row `roster/import`.
@Suite struct OneRosterScalingTests {
    /// A OneRoster folder: `classes` classes of 10 students and a teacher; each student in 2 classes.
    static func district(classes: Int) throws -> URL {
        let students = classes * 5
        var users = [["sourcedId", "enabledUser", "orgSourcedIds", "role", "username", "givenName", "familyName"]]
        users += (0..<students).map { ["usr-\($0)", "true", "", "student", "student.\($0)", "S", "\($0)"] }
        users += (0..<classes).map { ["tch-\($0)", "true", "", "teacher", "teacher.\($0)", "T", "\($0)"] }
        var classRows = [["sourcedId", "title", "courseSourcedId", "classType", "schoolSourcedId", "termSourcedIds"]]
        classRows += (0..<classes).map { ["cls-\($0)", "Class \($0)", "crs-1", "scheduled", "org-1", "term-1"] }
        var enrollments = [["sourcedId", "classSourcedId", "schoolSourcedId", "userSourcedId", "role"]]
        for student in 0..<students {
            for k in 0..<2 {
                enrollments.append([
                    "enr-\(student)-\(k)", "cls-\((student + k * students / 2) % classes)", "org-1", "usr-\(student)",
                    "student",
                ])
            }
        }
        enrollments += (0..<classes).map { ["enr-t-\($0)", "cls-\($0)", "org-1", "tch-\($0)", "teacher"] }
        let manifest = [
            ["propertyName", "value"], ["oneroster.version", "1.1"], ["file.users", "bulk"], ["file.classes", "bulk"],
            ["file.enrollments", "bulk"], ["file.orgs", "absent"],
        ]
        return try RosterFixture.copy(
            "school",
            [
                "manifest.csv": CSV.text(manifest), "users.csv": CSV.text(users), "classes.csv": CSV.text(classRows),
                "enrollments.csv": CSV.text(enrollments), "orgs.csv": nil,
            ])
    }

    /// SQLite's work for importing `district(classes:)` into a new store, and the students joined.
    static func work(classes: Int) throws -> (steps: Int, joined: Int) {
        let folder = try district(classes: classes)
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = try RosterFixture.store()
        let connection = try #require(store.engine as? SQLiteEngine).connection
        let before = connection.virtualMachineSteps
        let outcome = try OneRosterImport.run(folder: folder, store: store)
        return (connection.virtualMachineSteps - before, outcome.changes.studentsJoined)
    }

    @Test func twiceTheDistrictIsAboutTwiceTheWork() throws {
        let small = try Self.work(classes: 150)
        let large = try Self.work(classes: 300)
        #expect(small.joined == 1_500 && large.joined == 3_000)
        let ratio = Double(large.steps) / Double(small.steps)
        #expect(ratio < 2.5, "work grew \(ratio) times for twice the roster (\(small.steps) -> \(large.steps) steps)")
    }
}
