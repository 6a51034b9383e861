/// `edujam done ASSIGNMENT (--student S [PATH...] | --all-students)`, parsed once.
struct DoneOptions {
    /// Whose work is marked done.
    enum Marker: Equatable {
        /// One student marks some activities (nil: all of them).
        case student(String, paths: [[String]]?)
        /// The teacher completes the assignment for everyone.
        case allStudents
    }

    var common: CommonOptions
    var assignment: Int64
    var marker: Marker

    /// - Throws: ``UsageError`` for a missing or bad assignment id, both or neither of `--student`
    ///   and `--all-students`, or paths with `--all-students`.
    init(_ words: [String]) throws {
        let arguments = try Arguments(words, spec: Arguments.Spec(valued: ["--student"], flags: ["--all-students"]))
        common = CommonOptions(arguments)
        let positionals = arguments.positionals
        guard let first = positionals.first else { throw UsageError("done needs an assignment id") }
        assignment = try AssignmentID.parse(first)
        switch (arguments.value("--student"), arguments.flag("--all-students")) {
        case (let student?, false):
            let paths = try positionals.dropFirst().map(IdentifierPath.parse)
            marker = .student(student, paths: paths.isEmpty ? nil : paths)
        case (nil, true):
            guard positionals.count == 1 else {
                throw UsageError("--all-students completes the whole assignment: give no paths")
            }
            marker = .allStudents
        case (_?, true):
            throw UsageError("give --student S or --all-students, not both")
        case (nil, false):
            // Completing everyone's work must be asked for by name: a student who forgets
            // --student must not mark the whole class done.
            throw UsageError(
                "done needs --student S (your work) or --all-students (the teacher completes it for everyone)")
        }
    }
}
