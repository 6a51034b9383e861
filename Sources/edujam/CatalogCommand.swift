import Authoring
import Classroom
import DeclaredCommands
import EdujamCommandLine
import Foundation
import Runtime
import School
import Tracking

/// `edujam catalog`: every game's activity tree, and publishing it (its options and synopsis: ``declaration``).
enum CatalogCommand: Command {
    static let declaration = CatalogOptions.declaration

    static func run(_ words: [String]) throws -> ExitStatus {
        let options = try CatalogOptions(words)
        let games =
            try options.folder.map { try Installation.requireFolder($0, named: "games folder") }
            ?? Installation.gamesToRead(options.common)
        let collection = try GameCollection.load(from: games)
        let entries = try Catalog.entries(in: games, loader: GameJobs().declarations)
        let filtering = !options.words.isEmpty || options.topic != nil
        let query = ContextQuery(topic: options.topic, words: options.words)
        let matches = filtering ? try Catalog.paths(matching: query, in: entries, collection: collection) : nil
        let nodes = entries.compactMap { CatalogNode(entry: $0, root: [collection.id]) }.compactMap {
            $0.keeping(matches)
        }
        var refused = false
        if options.publish {
            let store = try StoreLocation(options.common).open(root: .games(collection), clock: .real())
            let identity = try store.identity()
            try Identity.requireTeacher("catalog --publish", identity: identity)
            let counts = try GamePublishing.publishCatalog(
                entries, into: store, by: Identity.publisher(identity: identity), said: say)
            let (published, broken, others) = (counts.published, counts.broken, counts.others)
            Output.error(
                "Published \(published) game(s) to the store"
                    + (broken > 0 ? "; \(broken) broken game(s) skipped" : "")
                    + (others > 0 ? "; \(others) game(s) of other teachers left as they are" : "") + ".")
            if others > 0 { refused = true }
        }
        if options.json {
            try Output.json(CatalogDocument(collection: .init(collection), games: nodes))
        } else {
            Output.line("\(Terminal.cleanLine(collection.id))  \(Terminal.cleanLine(collection.title))")
            Output.line(nodes.isEmpty ? "  (no games match)" : nodes.map { $0.text(indent: 1) }.joined(separator: "\n"))
        }
        return entries.contains { $0.error != nil } || refused ? .failure : .success
    }

    /// Says a note of ``GamePublishing/publishCatalog(_:into:by:said:)`` on stderr: the list keeps stdout.
    private static func say(_ note: GamePublishing.CatalogNote) {
        switch note {
        case .othersGame(let folder, let error):
            Output.error("edujam catalog: \(PathText.name(of: folder)) skipped: \(error)")
        case .refused(let folder, let reason): GameFiles.refuse(folder, reason)
        case .refusal(let refusal): Output.error("edujam publish: \(refusal)")
        case .published(let outcome, let id): Output.error(GameFiles.said(outcome, game: id))
        }
    }
}

extension CatalogNode {
    /// The node and its children, indented; names, titles and keywords cleaned to one line each
    /// (`Output` cleans the rest, such as a multi-line error).
    func text(indent: Int) -> String {
        let pad = String(repeating: "  ", count: indent)
        if let error {  // a broken game has no identifier: its folder's name, as it is, stands in
            let name = Terminal.cleanLine(identifierPath.last ?? "")
            return "\(pad)\(name)  BROKEN (\(Terminal.cleanLine(folder ?? ""))): \(error)"
        }
        let path = Terminal.cleanLine(IdentifierPathText.text(identifierPath.dropFirst()))
        var facts = [type ?? "", topic ?? ""].filter { !$0.isEmpty }
        if let age { facts.append("ages \(age[0])-\(age[1])") }
        if let minutes { facts.append("\(minutes[0])-\(minutes[1]) min") }
        if assignable == false { facts.append("not assignable") }
        var lines = ["\(pad)\(path)  \(Terminal.cleanLine(title ?? ""))  (\(facts.joined(separator: ", ")))"]
        if let summary {  // a summary may run over lines: each is indented
            lines += summary.split { $0 == "\n" || $0 == "\r\n" }.map { "\(pad)    \(Terminal.cleanLine(String($0)))" }
        }
        if let keywords, !keywords.isEmpty {
            lines.append("\(pad)    keywords: \(keywords.map(Terminal.cleanLine).joined(separator: ", "))")
        }
        if let reports {
            let items = reports.items.map { "\(Terminal.cleanLine($0.identifier)) (\($0.kind))" }
            lines.append(
                "\(pad)    reports: \((reports.kinds.filter { ItemKind(rawValue: $0) == nil } + items).joined(separator: ", "))"
            )
        }
        return (lines + contexts.map { $0.text(indent: indent + 1) }).joined(separator: "\n")
    }
}
