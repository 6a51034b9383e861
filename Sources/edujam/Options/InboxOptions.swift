/// `edujam inbox --student S [--json]`, parsed once.
struct InboxOptions {
    var common: CommonOptions
    /// As typed; checked against the store's name rule when the store is open.
    var student: String
    var json: Bool

    /// - Throws: ``UsageError`` without `--student`.
    init(_ words: [String]) throws {
        let arguments = try Arguments(words, spec: Arguments.Spec(valued: ["--student"], flags: ["--json"]))
        guard let student = arguments.value("--student") else { throw UsageError("inbox needs --student S") }
        common = CommonOptions(arguments)
        self.student = student
        json = arguments.flag("--json")
    }
}
