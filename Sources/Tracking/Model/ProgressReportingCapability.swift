/// A kind of progress a context reports, shown by Schoolwork (`CLSProgressReportingCapability`).
public struct ProgressReportingCapability: Hashable, Codable, Sendable {
    /// The metric a capability advertises (`CLSProgressReportingCapability.Kind`).
    public enum Kind: String, CaseIterable, Codable, Sendable, Comparable {
        /// Time spent; every context has it.
        case duration
        /// Progress as a percentage.
        case percent
        /// A binary item.
        case binary
        /// A quantity item.
        case quantity
        /// A score item.
        case score

        /// Orders kinds as ClassKit's raw values do.
        public static func < (lhs: Kind, rhs: Kind) -> Bool {
            allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
        }
    }

    /// The metric.
    public var kind: Kind
    /// A localized description; Schoolwork supplies a default when nil.
    public var details: String?

    /// Creates a capability.
    /// - Parameters:
    ///   - kind: The metric.
    ///   - details: Optional description shown to teachers.
    public init(kind: Kind, details: String? = nil) {
        self.kind = kind
        self.details = details
    }

    /// The capability every context has.
    public static let duration = ProgressReportingCapability(kind: .duration)

    /// Applies ClassKit's replace rule: duration entries are ignored, one entry per kind is kept,
    /// and the default duration capability is always present.
    /// - Parameter requested: The set passed by the caller.
    /// - Returns: The resulting capabilities sorted by kind, or nil if nothing but duration was
    ///   requested (ClassKit then leaves the previous set unchanged).
    static func replacement(for requested: Set<ProgressReportingCapability>) -> [ProgressReportingCapability]? {
        var byKind: [Kind: ProgressReportingCapability] = [:]
        for capability in requested.sorted(by: { ($0.kind, $0.details ?? "") < ($1.kind, $1.details ?? "") })
        where capability.kind != .duration && byKind[capability.kind] == nil {
            byKind[capability.kind] = capability  // duplicates: the first in sorted order wins
        }
        guard !byKind.isEmpty else { return nil }
        return [.duration] + byKind.values.sorted { $0.kind < $1.kind }
    }
}
