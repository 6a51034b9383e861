import Foundation

/// A node of the content tree: an app, a game, a level, a quiz... (ClassKit's `CLSContext`).
///
/// Contexts live in a ``TrackingStore`` and are created with ``addChild(identifier:title:type:)``
/// or through ``TrackingStore/descendant(at:creatingWith:)``. Property changes are validated and
/// written by the next ``TrackingStore/save()``. A context is confined to its store's thread.
public final class Context {
    /// Unique among siblings; never shown to users.
    public let identifier: String
    /// Identifiers from the main context down to this one, root first.
    public let identifierPath: [String]
    /// The parent, nil for the main context.
    public private(set) weak var parent: Context?
    /// The store that owns this context.
    public internal(set) weak var store: TrackingStore?

    /// What the context represents; `.app` is reserved for the main context.
    public var type: ContextType { didSet { touch() } }
    /// Shown verbatim to teachers; non-blank, within ``Limits/title`` (checked at save).
    public var title: String { didSet { touch() } }
    /// Name shown when ``type`` is `.custom`; ignored otherwise.
    public var customTypeName: String? { didSet { touch() } }
    /// The subject; nil means inherit (see ``effectiveTopic``).
    public var topic: Topic? { didSet { touch() } }
    /// A description within ``Limits/summary`` (checked at save).
    public var summary: String? { didSet { touch() } }
    /// Sibling sort key, ascending; only a hint.
    public var displayOrder: Int { didSet { touch() } }
    /// Whether teachers can assign it; false for pure containers. Defaults to true.
    public var isAssignable: Bool { didSet { touch() } }
    /// Suggested ages in years; nil means all ages. Bounds must not be negative.
    public var suggestedAge: ClosedRange<Int>? { didSet { touch() } }
    /// Suggested completion time in minutes, as ClassKit's `suggestedCompletionTime`; nil means any.
    /// Bounds must not be negative. (Named for its unit: an earlier version had
    /// `suggestedCompletionTime` in seconds, see ``suggestedCompletionTime``.)
    public var suggestedCompletionMinutes: ClosedRange<Int>? { didSet { touch() } }
    /// Search tags, as in the ClassKit Catalog API's `keywords`.
    /// At most ``Limits/keywordCount``, each within ``Limits/keyword`` (checked at save).
    public var keywords: [String] { didSet { touch() } }
    /// Deep link Schoolwork opens; nil means the app handles the identifier path itself.
    public var universalLinkURL: URL? { didSet { touch() } }
    /// The capabilities, sorted by kind; always starts with duration.
    public internal(set) var capabilityList: [ProgressReportingCapability] = [.duration]

    /// When the context was created.
    public internal(set) var dateCreated: Date
    /// When a property last changed.
    public internal(set) var dateLastModified: Date
    /// Each student's current attempt here, created or restored in this session
    /// (``currentActivity(student:)``).
    var currentByStudent: [String: Activity] = [:]
    /// The attempt created or restored last in this session (``currentActivity``).
    var latestActivity: Activity?
    /// Students whose saved attempt was looked up, found or not, so it is read once.
    var restoredStudents: Set<String> = []
    /// Whether the latest saved attempt of anyone was looked up.
    var restoredLatest = false

    var childrenByID: [String: Context] = [:]
    var rowID: Int64?
    var isRemoved = false

    /// Creates a detached context; callers attach it with ``attach(_:)``.
    init(identifier: String, title: String, type: ContextType, parent: Context?, date: Date) {
        self.identifier = identifier
        self.identifierPath = (parent?.identifierPath ?? []) + [identifier]
        self.parent = parent
        self.title = title
        self.type = type
        self.displayOrder = 0
        self.isAssignable = true
        self.keywords = []
        self.dateCreated = date
        self.dateLastModified = date
    }

    /// The topic, or the nearest ancestor's when this context sets none.
    public var effectiveTopic: Topic? { topic ?? parent?.effectiveTopic }

    /// The depth in the tree: 1 for the main context.
    public var depth: Int { identifierPath.count }

    /// The children, sorted by ``displayOrder`` then identifier.
    public var children: [Context] {
        childrenByID.values.sorted { ($0.displayOrder, $0.identifier) < ($1.displayOrder, $1.identifier) }
    }

    /// Records a change so the next save writes this context.
    func touch() {
        guard let store else { return }  // still loading: nothing to record
        dateLastModified = store.clock()
        store.markDirty(self)
    }

    /// Checks every property against ClassKit's limits; run by ``TrackingStore/save()``.
    /// - Throws: The first ``TrackingError`` validation case that applies.
    public func validate() throws {
        try Validate.identifier(identifier, of: .context, what: "context identifier")
        try Validate.title(title)
        if let summary { try Limits.summary.check(summary) }
        try Validate.keywords(keywords)
        if type == .app && parent != nil { throw TrackingError.reservedType }
        if let suggestedAge, suggestedAge.lowerBound < 0 { throw TrackingError.invalidRange(field: "suggestedAge") }
        if let time = suggestedCompletionMinutes, time.lowerBound < 0 {
            throw TrackingError.invalidRange(field: "suggestedCompletionMinutes")
        }
        if depth > Limits.depth { throw TrackingError.depthExceeded(depth: depth) }
    }
}
