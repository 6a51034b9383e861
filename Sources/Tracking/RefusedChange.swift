import Foundation

/// A context or an attempt, named the way it outlives the objects in memory: a context by its
/// identifier path, an attempt by its UUID (``Activity/uuid``) and its context's path.
public enum TrackedObject: Equatable, Sendable, CustomStringConvertible {
    /// The context at this identifier path, root first.
    case context(identifierPath: [String])
    /// The attempt with this UUID at the context at `identifierPath`.
    case attempt(identifierPath: [String], uuid: UUID)

    /// `context 'root/GAME/LEVEL-1'` or `attempt <uuid> at 'root/GAME/LEVEL-1'`; never the
    /// student's name, as no message carries it.
    public var description: String {
        switch self {
        case .context(let path): return "context '\(IdentifierPathText.text(path))'"
        case .attempt(let path, let uuid):
            return "attempt \(uuid.uuidString.lowercased()) at '\(IdentifierPathText.text(path))'"
        }
    }
}

/// One change a save refused (an element of ClassKit's `CLSErrorUnderlyingErrorsKey`): the
/// object, why, and the rule's category. The change stays pending, so a later save writes it
/// once the reason is gone.
public struct RefusedChange: Equatable, Sendable, CustomStringConvertible {
    /// What was refused.
    public let object: TrackedObject
    /// Why: the rule it broke.
    public let reason: TrackingError

    /// Pairs an object with the reason it was refused.
    /// - Parameters:
    ///   - object: The refused context or attempt.
    ///   - reason: The rule it broke.
    public init(object: TrackedObject, reason: TrackingError) {
        self.object = object
        self.reason = reason
    }

    /// The reason's category (``TrackingError/category``).
    public var category: TrackingError.Category { reason.category }

    /// `context 'root/GAME': invalid title: ... [invalidArgument]`.
    public var description: String { "\(object): \(reason) [\(category.rawValue)]" }
}
