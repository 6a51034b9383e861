import Foundation
import Tracking

/// `edujam done ASSIGNMENT [--student S] [PATH...]`: mark work done, as in Schoolwork.
enum DoneCommand {
    static let usage = """
        usage: edujam done ASSIGNMENT --student S [PATH...]   the student marks their activities done (all, or those given)
               edujam done ASSIGNMENT                         the teacher marks the whole assignment complete
        """

    static func run(_ words: [String]) throws -> ExitStatus {
        let context = try StoreContext(words, spec: Arguments.Spec(valued: ["--student"]))
        let positionals = context.arguments.positionals
        guard let first = positionals.first else { throw UsageError("done needs an assignment id") }
        let id = try StoreContext.assignmentID(first)
        if let student = context.arguments.value("--student") {
            let paths = try positionals.dropFirst().map(StoreContext.path)
            try context.store.markDone(assignment: id, student: student, paths: paths.isEmpty ? nil : paths)
            Output.line("Marked done for \(student) in assignment \(id).")
        } else {
            guard positionals.count == 1 else { throw UsageError("a teacher completes the whole assignment: give no paths") }
            try context.store.markAssignmentComplete(id)
            Output.line("Assignment \(id) is complete.")
        }
        return .success
    }
}
