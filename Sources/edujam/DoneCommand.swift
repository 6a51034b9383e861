import Classroom
import DeclaredCommands
import Foundation
import Tracking

/// `edujam done`: mark work done, as in Schoolwork (its options and synopsis: ``declaration``).
enum DoneCommand: Command {
    static let declaration = CommandDeclaration(
        "done", summary: "mark work done", example: "done 1 --student ana",
        usage: [
            "done ASSIGNMENT --student S [PATH...]   the student marks their activities done (all, or those given)",
            "done ASSIGNMENT --all-students          the teacher marks the whole assignment complete",
        ],
        description: "On a PostgreSQL store a student marks their own work: edujam done ASSIGNMENT [PATH...].",
        options: [
            OptionDeclaration("--student", value: "S", "the student whose work is done"),
            OptionDeclaration("--all-students", "the whole assignment, for everyone (a teacher)"),
        ],
        positional: .text, docs: "docs/student.md")

    static func run(_ words: [String]) throws -> ExitStatus {
        let options = try DoneOptions(words)
        let context = try StoreContext(options.common)
        return try context.suggestingNames {
            let id = options.assignment
            switch options.marker {
            case .student(let typed, let paths):
                let student = try Identity.student(
                    typed: typed, identity: try context.store.identity(), usage: DoneOptions.needsStudent)
                try context.store.checkStudentName(student)  // at the door
                try context.store.markDone(assignment: id, student: student, paths: paths)
                Output.line("Marked done for \(student) in assignment \(id).")
            case .allStudents:
                try Identity.requireTeacher("done --all-students", identity: try context.store.identity())
                try context.store.markAssignmentComplete(id)
                Output.line("Assignment \(id) is complete.")
            }
            return .success
        }
    }
}
