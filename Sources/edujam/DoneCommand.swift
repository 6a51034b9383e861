import Classroom
import DeclaredCommands
import EdujamCommandLine
import Foundation
import Tracking

/// `edujam done`: mark work done, as in Schoolwork (its options and synopsis: ``declaration``).
enum DoneCommand: Command {
    static let declaration = DoneOptions.declaration

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
