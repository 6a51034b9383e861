import Authoring
import Foundation
import Runtime

/// One game or context in the catalog, as printed and as `--json` encodes it.
public struct CatalogNode: Encodable {
    public var folder: String?
    public var identifierPath: [String]
    public var title: String?
    public var type: String?
    public var topic: String?
    public var summary: String?
    public var keywords: [String]?
    public var age: [Int]?
    public var minutes: [Int]?
    public var assignable: Bool?
    /// What the game reports (ClassKit's progress reporting capabilities), scanned from its source.
    public var reports: ReportedCapabilities?
    public var contexts: [CatalogNode]
    public var error: String?

    /// The node of a catalog entry below `root`: the game's declaration with what it reports, or
    /// its folder and why it could not be loaded.
    public init?(entry: Catalog.Entry, root: [String]) {
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
    public func keeping(_ matches: Set<[String]>?) -> CatalogNode? {
        guard let matches else { return self }
        guard error == nil else { return nil }
        var copy = self
        copy.contexts = contexts.compactMap { $0.keeping(matches) }
        return matches.contains(identifierPath) || !copy.contexts.isEmpty ? copy : nil
    }
}

/// A games folder's catalog as `catalog --json` prints it: the collection and its games.
public struct CatalogDocument: Encodable {
    public struct Collection: Encodable {
        let id, title, locale: String
        public init(_ c: GameCollection) { (id, title, locale) = (c.id, c.title, c.locale) }
    }
    let collection: Collection
    let games: [CatalogNode]

    public init(collection: Collection, games: [CatalogNode]) {
        self.collection = collection
        self.games = games
    }
}
