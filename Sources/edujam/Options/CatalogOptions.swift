import DeclaredCommands
import Runtime
import Tracking

/// `edujam catalog`, parsed once from the options ``CatalogCommand/declaration`` declares.
struct CatalogOptions {
    var common: CommonOptions
    /// The games folder named on the command line, if any.
    var folder: String?
    /// `--search`, lowercased and split at spaces; empty for no search.
    var words: [String]
    /// `--topic`, checked against ClassKit's topics.
    var topic: Topic?
    var json: Bool
    var publish: Bool

    /// - Throws: ``UsageError`` for a second folder or an unknown topic (with a "did you mean").
    init(_ words: [String]) throws {
        let arguments = try Arguments(words, declared: CatalogCommand.declaration.options)
        guard arguments.positionals.count <= 1 else { throw UsageError("catalog takes at most one games folder") }
        common = CommonOptions(arguments)
        folder = arguments.positionals.first
        self.words = (arguments.value("--search") ?? "").lowercased().split(separator: " ").map(String.init)
        if let name = arguments.value("--topic") {
            guard let topic = Topic(rawValue: name) else {
                let names = Topic.allCases.map(\.rawValue)
                throw UsageError(
                    "unknown topic '\(name)'\(Suggest.hint(for: name, among: names)) (one of: \(names.joined(separator: ", ")))"
                )
            }
            self.topic = topic
        }
        json = arguments.flag("--json")
        publish = arguments.flag("--publish")
    }
}
