/// Asked for each missing context along a requested path (ClassKit's
/// `createContext(forIdentifier:parentContext:parentIdentifierPath:)`).
///
/// - Parameters:
///   - identifier: The missing identifier.
///   - parent: The context that will hold it.
///   - parentPath: The parent's identifier path, root first.
/// - Returns: A draft to create, or nil to leave the path incomplete.
public typealias ContextFactory = (_ identifier: String, _ parent: Context, _ parentPath: [String]) throws ->
    ContextDraft?

/// What a ``ContextFactory`` returns: the properties of a context to create.
///
/// The identifier comes from the requested path, so the draft does not carry one.
public struct ContextDraft: Sendable {
    /// Non-blank, within ``Limits/title``.
    public var title: String
    /// Anything but `.app`.
    public var type: ContextType
    /// See ``Context/topic``.
    public var topic: Topic?
    /// See ``Context/summary``.
    public var summary: String?
    /// See ``Context/displayOrder``.
    public var displayOrder: Int
    /// See ``Context/isAssignable``.
    public var isAssignable: Bool
    /// See ``Context/keywords``.
    public var keywords: [String]
    /// See ``Context/customTypeName``.
    public var customTypeName: String?

    /// Creates a draft.
    /// - Parameters:
    ///   - title: The context's title.
    ///   - type: The context's type.
    ///   - topic: Optional subject; nil inherits.
    ///   - summary: Optional description.
    ///   - displayOrder: Sibling sort key.
    ///   - isAssignable: Whether teachers can assign it.
    ///   - keywords: Search tags.
    ///   - customTypeName: Name shown for `.custom`.
    public init(
        title: String, type: ContextType, topic: Topic? = nil, summary: String? = nil,
        displayOrder: Int = 0, isAssignable: Bool = true, keywords: [String] = [],
        customTypeName: String? = nil
    ) {
        self.title = title
        self.type = type
        self.topic = topic
        self.summary = summary
        self.displayOrder = displayOrder
        self.isAssignable = isAssignable
        self.keywords = keywords
        self.customTypeName = customTypeName
    }

    /// Copies the optional properties onto a freshly created context.
    func apply(to context: Context) {
        context.topic = topic
        context.summary = summary
        context.displayOrder = displayOrder
        context.isAssignable = isAssignable
        context.keywords = keywords
        context.customTypeName = customTypeName
    }
}
