import Classroom
import DeclaredCommands
import EdujamCommandLine
import Foundation
import Interop
import Runtime
import Tracking

/// `edujam class import --oneroster DIR [--create-logins]`: classes, students and teachers from
/// a school's OneRoster 1.1 CSV export (docs/interop.md, "OneRoster in"); on a PostgreSQL store
/// each class goes to its teacher, and `--create-logins` creates the missing logins
/// (docs/school-server.md, "Running a school server").
enum ClassImportCommand {
    /// `class import`, an action of ``ClassCommand`` with a parser of its own (``ClassImportOptions``).
    static let declaration = ClassImportOptions.declaration

    static func run(_ words: [String]) throws -> ExitStatus {
        let options = try ClassImportOptions(words)
        let folder = try existingFolder(options.folder)
        let context = try StoreContext(options.common)
        let outcome = try OneRosterImport.run(folder: folder, store: context.store, createLogins: options.createLogins)
        for warning in outcome.warnings { Output.error("warning: \(warning)") }
        Output.line(summary(outcome))
        return .success
    }

    /// "Read 2 classes and 5 students from OneRoster: 2 classes created, 5 students joined, …",
    /// or "…: nothing changed." on a re-import.
    static func summary(_ outcome: OneRosterImport.Outcome) -> String {
        let roster = outcome.roster
        let changes = outcome.changes
        let students = Set(roster.classes.flatMap(\.students)).count
        let head =
            "Read \(count(roster.classes.count, "class", "classes")) and \(count(students, "student")) from OneRoster"
        let parts = [
            (changes.classesCreated, "class created", "classes created"),
            (changes.classesRenamed, "class renamed", "classes renamed"),
            (changes.studentsJoined, "student joined", "students joined"),
            (changes.studentsLeft, "student left", "students left"),
            (changes.studentsRenamed, "student renamed", "students renamed"),
            (changes.namesUpdated, "name updated", "names updated"),
            (changes.teachersAdded, "teacher added", "teachers added"),
            (changes.teachersRemoved, "teacher removed", "teachers removed"),
            (changes.studentLoginsCreated, "student login created", "student logins created"),
            (changes.teacherLoginsCreated, "teacher login created", "teacher logins created"),
            (changes.classesGiven, "class given to its teacher", "classes given to their teachers"),
        ].filter { $0.0 > 0 }.map { count($0.0, $0.1, $0.2) }
        let leftOut =
            changes.leftOut.isEmpty
            ? "" : " " + count(changes.leftOut.count, "student", "students") + " left out (see the warnings above)."
        return head + (parts.isEmpty ? ": nothing changed." : ": " + parts.joined(separator: ", ") + ".") + leftOut
    }

    private static func count(_ n: Int, _ one: String, _ many: String? = nil) -> String {
        "\(n) \(n == 1 ? one : many ?? one + "s")"
    }

    /// The export's folder, refused as a whole when it is not one (not as its first missing file).
    private static func existingFolder(_ path: String) throws -> URL {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
            throw FolderError(path: path, problem: "no such folder")
        }
        guard isFolder.boolValue else { throw FolderError(path: path, problem: "not a folder") }
        return URL(fileURLWithPath: path)
    }
}

/// The import's folder is missing or a file: `no such folder: DIR`.
struct FolderError: Error, CustomStringConvertible {
    let path: String
    let problem: String

    var description: String { "\(problem): \(Terminal.cleanLine(path))" }
}
