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

    /// Creates a query; omitted fields match anything.
    /// - Parameters:
    ///   - identifier: Exact identifier.
    ///   - title: Exact title.
    ///   - titleContains: Case-insensitive title substring.
    ///   - topic: Effective topic.
    ///   - type: Context type.
    ///   - parentPath: The parent's identifier path.
    ///   - keyword: A keyword.
    public init(identifier: String? = nil, title: String? = nil, titleContains: String? = nil, topic: Topic? = nil,
                type: ContextType? = nil, parentPath: [String]? = nil, keyword: String? = nil) {
        self.identifier = identifier
        self.title = title
        self.titleContains = titleContains
        self.topic = topic
        self.type = type
        self.parentPath = parentPath
        self.keyword = keyword
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
                && (query.keyword.map { k in context.keywords.contains { $0.caseInsensitiveCompare(k) == .orderedSame } } ?? true)
        }
    }
}
