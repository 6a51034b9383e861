import Authoring
import Classroom
import DeclaredCommands
import Foundation
import Runtime
import School
import Tracking

/// `edujam catalog`: every game's activity tree, and publishing it (its options and synopsis: ``declaration``).
enum CatalogCommand: Command {
    static let declaration = CommandDeclaration(
        "catalog", summary: "list (and --publish) activities", example: "catalog --search addition",
        usage: ["catalog [games folder] [options]"],
        description: """
            Lists every game's activity tree (identifier paths, titles, types, topics, summaries, keywords,
            suggested age and time), loading each game.lua without playing it. A broken game is listed
            with its error (each game.lua runs in a process of its own, so one that cannot be
            stopped ends only its own). --publish writes the tree into the store, so teachers can assign activities
            before any student has played them, and stores each game's files as edujam publish does (checked
            without random-input runs).
            """,
        options: [
            OptionDeclaration("--search", value: "WORDS", "only activities whose text has every word"),
            OptionDeclaration(
                "--topic", value: "T", "only games of this topic", kind: .choice(Topic.allCases.map(\.rawValue))),
            OptionDeclaration("--json", "print JSON instead of a tree"),
            OptionDeclaration("--publish", "write the tree and the games' files into the store"),
        ],
        positional: .directory, docs: "docs/teacher.md", gamesFolder: .reads)

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
            let (mine, others) = try yours(entries, in: store)
            try Catalog.publish(mine, into: store)
            try publishFiles(mine, into: store, by: Identity.publisher(identity: identity))
            let published = mine.filter { $0.declaration != nil }.count
            let broken = mine.count - published
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

    /// The entries this login may write into the catalog, and how many it may not: a game another
    /// teacher owns is hers, its catalog entries as its versions (the database refuses them too),
    /// each said on stderr with whose it is.
    private static func yours(_ entries: [Catalog.Entry], in store: TrackingStore) throws -> ([Catalog.Entry], Int) {
        var mine: [Catalog.Entry] = []
        var others = 0
        for entry in entries {
            if let id = entry.declaration?.id, let owner = try store.otherOwner(ofGame: id) {
                Output.error(
                    "edujam catalog: \(PathText.name(of: entry.folder)) skipped: \(GameStoreError.gameOfAnotherTeacher(id, owner: owner))"
                )
                others += 1
            } else {
                mine.append(entry)
            }
        }
        return (mine, others)
    }

    /// Stores the files of each game that loaded (``GameFiles``), when the check without random
    /// input finds no error in it (the random-input runs are `publish`'s: a catalog of many games
    /// stays quick); each outcome and refusal is said on stderr, the list keeps stdout.
    private static func publishFiles(_ entries: [Catalog.Entry], into store: TrackingStore, by publisher: String) throws
    {
        var settings = GameChecker.Settings()
        settings.fuzzRuns = 0
        let loaded = entries.filter { $0.declaration != nil }
        for (entry, result) in zip(loaded, GameJobs().check(loaded.map(\.folder), settings: settings)) {
            guard let id = entry.declaration?.id else { continue }
            let errors = result.findings.filter { $0.severity == .error }
            guard errors.isEmpty else {
                GameFiles.refuse(entry.folder, errors.map(\.description).joined(separator: "\n"))
                continue
            }
            if let outcome = try GameFiles.publish(folder: entry.folder, gameID: id, into: store, by: publisher) {
                Output.error(GameFiles.said(outcome, game: id))
            }
        }
    }
}

/// One game or context in the catalog, as printed and as `--json` encodes it.
struct CatalogNode: Encodable {
    var folder: String?
    var identifierPath: [String]
    var title: String?
    var type: String?
    var topic: String?
    var summary: String?
    var keywords: [String]?
    var age: [Int]?
    var minutes: [Int]?
    var assignable: Bool?
    /// What the game reports (ClassKit's progress reporting capabilities), scanned from its source.
    var reports: ReportedCapabilities?
    var contexts: [CatalogNode]
    var error: String?

    init?(entry: Catalog.Entry, root: [String]) {
        if let declaration = entry.declaration {
            self.init(declaration, parent: root)
            folder = entry.folder
            reports = ReportedCapabilities.scan(gameFolder: entry.folder)
        } else {
            let name = (entry.folder as NSString).lastPathComponent
            self.init(
                folder: entry.folder, identifierPath: root + [name], contexts: [],
                error: entry.error.map { "\($0)" } ?? "could not be loaded")
        }
    }

    init(_ d: GameDeclaration, parent: [String]) {
        let path = parent + [d.id]
        self.init(
            identifierPath: path, title: d.title, type: d.type.name, topic: d.topic?.rawValue, summary: d.summary,
            keywords: d.keywords, age: d.age.map { [$0.lowerBound, $0.upperBound] },
            minutes: d.minutes.map { [$0.lowerBound, $0.upperBound] }, assignable: d.isAssignable,
            contexts: d.contexts.map { CatalogNode($0, parent: path) })
    }

    init(
        folder: String? = nil, identifierPath: [String], title: String? = nil, type: String? = nil,
        topic: String? = nil,
        summary: String? = nil, keywords: [String]? = nil, age: [Int]? = nil, minutes: [Int]? = nil,
        assignable: Bool? = nil, contexts: [CatalogNode], error: String? = nil
    ) {
        (self.folder, self.identifierPath, self.title, self.type, self.topic) = (
            folder, identifierPath, title, type, topic
        )
        (self.summary, self.keywords, self.age, self.minutes) = (summary, keywords, age, minutes)
        (self.assignable, self.contexts, self.error) = (assignable, contexts, error)
    }

    /// The node with only the contexts whose paths are in `matches` and their ancestors; nil when
    /// none is. A broken game has no contexts to match, so it shows only in the unfiltered list.
    /// - Parameter matches: Paths found by ``Catalog/paths(matching:in:collection:)``, or nil for no filter.
    func keeping(_ matches: Set<[String]>?) -> CatalogNode? {
        guard let matches else { return self }
        guard error == nil else { return nil }
        var copy = self
        copy.contexts = contexts.compactMap { $0.keeping(matches) }
        return matches.contains(identifierPath) || !copy.contexts.isEmpty ? copy : nil
    }

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

/// `edujam catalog --json`.
struct CatalogDocument: Encodable {
    struct Collection: Encodable {
        let id, title, locale: String
        init(_ c: GameCollection) { (id, title, locale) = (c.id, c.title, c.locale) }
    }
    let collection: Collection
    let games: [CatalogNode]
}
