import Classroom
import Foundation
import Interop
import Tracking

/// Row 10: a district's OneRoster export brought into a new store file
/// (`edujam class import --oneroster`): 300,000 student enrollments (10,000 classes of 30, from
/// 50,000 students in 6 classes each, one teacher per class), read, checked and synced in one
/// transaction. Target: under 30 s. Wall-clock time: the import is one job a person waits for;
/// `--quick` imports a tenth of it.
extension Row {
    static let rosterImport = Row(name: "roster") { context in
        let scale = context.options.quick ? 10 : 1
        let district = District(classes: 10_000 / scale, students: 50_000 / scale)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("edujam-bench-roster-\(getpid())")
        try district.write(to: folder)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("store.sqlite").path
        let store = try TrackingStore(
            address: .file(path), rootIdentifier: "org.edujam.games", rootTitle: "EduJam", parts: [ClassroomSchema.part]
        )
        var outcome: OneRosterImport.Outcome?
        let elapsed = try seconds { outcome = try OneRosterImport.run(folder: folder, store: store) }
        guard outcome?.changes.studentsJoined == district.enrollments else {
            throw BenchError.mismatch("roster import joined \(outcome?.changes.studentsJoined ?? 0) students")
        }
        return [
            Measurement(
                name: "roster/import", reference: nil, edujam: elapsed, unit: "s", target: Target(maxValue: 30),
                note:
                    "OneRoster folder of \(district.enrollments) student enrollments (\(district.classes) classes, \(district.students) students) into a new store file"
            )
        ]
    }
}

/// A made-up district: `classes` classes of 30 students and a teacher each; student `n` is in
/// the 6 classes `(n + k × students / 6) mod classes`, so every class gets 30.
struct District {
    let classes: Int
    let students: Int
    static let classesPerStudent = 6

    var enrollments: Int { students * Self.classesPerStudent }

    /// Writes `manifest.csv`, `users.csv`, `classes.csv` and `enrollments.csv` into `folder`.
    func write(to folder: URL) throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var users = [["sourcedId", "enabledUser", "orgSourcedIds", "role", "username", "givenName", "familyName"]]
        users += (0..<students).map { ["usr-\($0)", "true", "org-1", "student", "student.\($0)", "S", "\($0)"] }
        users += (0..<classes).map { ["tch-\($0)", "true", "org-1", "teacher", "teacher.\($0)", "T", "\($0)"] }
        var classRows = [["sourcedId", "title", "courseSourcedId", "classType", "schoolSourcedId", "termSourcedIds"]]
        classRows += (0..<classes).map { ["cls-\($0)", "Class \($0)", "crs-1", "scheduled", "org-1", "term-1"] }
        var enrollmentRows = [["sourcedId", "classSourcedId", "schoolSourcedId", "userSourcedId", "role"]]
        for student in 0..<students {
            for k in 0..<Self.classesPerStudent {
                let schoolClass = (student + k * (students / Self.classesPerStudent)) % classes
                enrollmentRows.append([
                    "enr-\(student)-\(k)", "cls-\(schoolClass)", "org-1", "usr-\(student)", "student",
                ])
            }
        }
        enrollmentRows += (0..<classes).map { ["enr-t-\($0)", "cls-\($0)", "org-1", "tch-\($0)", "teacher"] }
        let files = [
            "manifest.csv": [
                ["propertyName", "value"], ["manifest.version", "1.0"], ["oneroster.version", "1.1"],
                ["file.users", "bulk"], ["file.classes", "bulk"], ["file.enrollments", "bulk"],
                ["file.orgs", "absent"],
            ],
            "users.csv": users, "classes.csv": classRows, "enrollments.csv": enrollmentRows,
        ]
        for (name, rows) in files {
            try Data(CSV.text(rows).utf8).write(to: folder.appendingPathComponent(name))
        }
    }
}
