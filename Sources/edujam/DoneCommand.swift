import Foundation
import Classroom
import Tracking

/// `edujam done ASSIGNMENT (--student S [PATH...] | --all-students)`: mark work done, as in Schoolwork.
enum DoneCommand {
    static let usage = """
        usage: edujam done ASSIGNMENT --student S [PATH...]   the student marks their activities done (all, or those given)
               edujam done ASSIGNMENT --all-students          the teacher marks the whole assignment complete
        """

    static func run(_ words: [String]) throws -> ExitStatus {
        let context = try StoreContext(words, spec: Arguments.Spec(valued: ["--student"], flags: ["--all-students"]))
        return try context.suggestingNames { try perform(context) }
    }

    private static func perform(_ context: StoreContext) throws -> ExitStatus {
        let positionals = context.arguments.positionals
        guard let first = positionals.first else { throw UsageError("done needs an assignment id") }
        let id = try StoreContext.assignmentID(first)
        let everyone = context.arguments.flag("--all-students")
        switch (try context.student(), everyone) {
        case (let student?, false):
            let paths = try positionals.dropFirst().map(StoreContext.path)
            try context.store.markDone(assignment: id, student: student, paths: paths.isEmpty ? nil : paths)
            Output.line("Marked done for \(student) in assignment \(id).")
        case (nil, true):
            guard positionals.count == 1 else { throw UsageError("--all-students completes the whole assignment: give no paths") }
            try context.store.markAssignmentComplete(id)
            Output.line("Assignment \(id) is complete.")
        case (_?, true):
            throw UsageError("give --student S or --all-students, not both")
        case (nil, false):
            // Completing everyone's work must be asked for by name: a student who forgets
            // --student must not mark the whole class done.
            throw UsageError("done needs --student S (your work) or --all-students (the teacher completes it for everyone)")
        }
        return .success
    }
}
