/// A search over contexts (ClassKit's `contexts(matching:)` predicate). Every non-nil field must match.
public struct ContextQuery: Sendable {
    /// Exact identifier.
    public var identifier: String?
    /// Exact title.
    public var title: String?
    /// Case-insensitive substring of the title.
    public var titleContains: String?
    /// Matches the effective (inherited) topic.
    public var topic: Topic?
    /// Exact type.
    public var type: ContextType?
    /// Identifier path of the parent; root id optional.
    public var parentPath: [String]?
    /// One of the keywords, compared case-insensitively.
    public var keyword: String?
    /// Words that must each appear, ignoring case, in the identifier, title, summary or a keyword
    /// of the context or of one of its ancestors below the main context: a catalog search
    /// (`edujam catalog --search`), where a level matches what its game is about.
    public var words: [String]?

    /// Creates a query; omitted fields match anything.
    /// - Parameters:
    ///   - identifier: Exact identifier.
    ///   - title: Exact title.
    ///   - titleContains: Case-insensitive title substring.
    ///   - topic: Effective topic.
    ///   - type: Context type.
    ///   - parentPath: The parent's identifier path.
    ///   - keyword: A keyword.
    ///   - words: Words to find in the context's text or its ancestors'.
    public init(
        identifier: String? = nil, title: String? = nil, titleContains: String? = nil, topic: Topic? = nil,
        type: ContextType? = nil, parentPath: [String]? = nil, keyword: String? = nil, words: [String]? = nil
    ) {
        self.identifier = identifier
        self.title = title
        self.titleContains = titleContains
        self.topic = topic
        self.type = type
        self.parentPath = parentPath
        self.keyword = keyword
        self.words = words
    }
}

extension TrackingStore {
    /// Contexts matching `query`, parents before children, siblings by display order.
    ///
    /// Searches the live tree, so unsaved contexts are included and removed ones are not.
    /// - Parameter query: The conditions.
    /// - Returns: The matching contexts.
    public func contexts(matching query: ContextQuery) -> [Context] {
        let parentPath = query.parentPath.map { [rootIdentifier] + relativePath($0) }
        return mainContext.subtree.filter { context in
            (query.identifier.map { $0 == context.identifier } ?? true)
                && (query.title.map { $0 == context.title } ?? true)
                && (query.titleContains.map { context.title.localizedCaseInsensitiveContains($0) } ?? true)
                && (query.topic.map { $0 == context.effectiveTopic } ?? true)
                && (query.type.map { $0 == context.type } ?? true)
                && (parentPath.map { $0 == context.parent?.identifierPath } ?? true)
                && (query.keyword.map { k in context.keywords.contains { $0.caseInsensitiveCompare(k) == .orderedSame }
                } ?? true)
                && (query.words.map { words in
                    let text = Self.searchText(context)
                    return words.allSatisfy { text.contains($0.lowercased()) }
                } ?? true)
        }
    }

    /// The lowercased identifier, title, summary and keywords of `context` and its ancestors,
    /// the main context aside (every context is under it, so it would match every search).
    private static func searchText(_ context: Context) -> String {
        var parts: [String] = []
        var current: Context? = context
        while let node = current, node.parent != nil {
            parts += [node.identifier, node.title, node.summary ?? ""] + node.keywords
            current = node.parent
        }
        return parts.joined(separator: " ").lowercased()
    }
}
