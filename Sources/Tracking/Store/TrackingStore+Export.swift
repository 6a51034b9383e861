import Foundation

/// The whole-store JSON document written by ``TrackingStore/exportJSON(student:)``.
///
/// Keys: `formatVersion` (2: `suggestedCompletionTime` became minutes; 1 had seconds), `rootIdentifier`, `student` (null for the whole store),
/// `contexts` (see ``ContextRecord``), `runs` (see ``RunRecord``) and `replayRecords` (see
/// ``SavedInputs``: each attempt's replay record that can be read, oldest attempt first).
public struct StoreExport: Codable, Equatable, Sendable {
    /// Bumped when a key changes meaning.
    public var formatVersion: Int
    /// The main context's identifier.
    public var rootIdentifier: String
    /// The student the runs were filtered to, or nil.
    public var student: String?
    /// Every context, parents before children.
    public var contexts: [ContextRecord]
    /// The runs, newest first.
    public var runs: [RunRecord]
    /// The attempts' replay records; absent in a document written before they were kept.
    public var replayRecords: [SavedInputs]?
}

/// One context in a ``StoreExport``. Keys mirror the ClassKit Catalog API's context data.
public struct ContextRecord: Codable, Equatable, Sendable {
    /// Root first.
    public var identifierPath: [String]
    /// The title.
    public var title: String
    /// The type's name, e.g. `"game"`.
    public var type: String
    /// Only meaningful for `custom`.
    public var customTypeName: String?
    /// The context's own topic.
    public var topic: Topic?
    /// The topic after inheritance.
    public var effectiveTopic: Topic?
    /// The summary.
    public var summary: String?
    /// Sibling sort key.
    public var displayOrder: Int
    /// Whether teachers can assign it.
    public var isAssignable: Bool
    /// `[low, high]` in years, absent for all ages.
    public var suggestedAge: [Int]?
    /// `[low, high]` in minutes (as the Catalog API's), absent for any. Format 1 gave seconds.
    public var suggestedCompletionTime: [Int]?
    /// Always includes duration.
    public var progressReportingCapabilities: [ProgressReportingCapability]
    /// Search tags.
    public var keywords: [String]
    /// The deep link, if any.
    public var universalLinkURL: String?

    /// Builds the record of `context`.
    /// - Parameter context: The context.
    public init(_ context: Context) {
        identifierPath = context.identifierPath
        title = context.title
        type = context.type.name
        customTypeName = context.customTypeName
        topic = context.topic
        effectiveTopic = context.effectiveTopic
        summary = context.summary
        displayOrder = context.displayOrder
        isAssignable = context.isAssignable
        suggestedAge = context.suggestedAge.map { [$0.lowerBound, $0.upperBound] }
        suggestedCompletionTime = context.suggestedCompletionMinutes.map { [$0.lowerBound, $0.upperBound] }
        progressReportingCapabilities = context.capabilityList
        keywords = context.keywords
        universalLinkURL = context.universalLinkURL?.absoluteString
    }
}

extension TrackingStore {
    /// Exports the context tree and the saved runs as JSON.
    /// - Parameter student: A student to restrict the runs to, or nil for everyone.
    /// - Returns: Pretty-printed UTF-8 JSON with sorted keys (a ``StoreExport``).
    /// - Throws: An engine or encoding error.
    public func exportJSON(student: String? = nil) throws -> Data {
        let document = StoreExport(
            formatVersion: 2, rootIdentifier: rootIdentifier, student: student,
            contexts: mainContext.subtree.map(ContextRecord.init), runs: try runs(student: student),
            replayRecords: engine.sql == nil ? nil : try replayRecords(student: student))
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(document)
    }
}
