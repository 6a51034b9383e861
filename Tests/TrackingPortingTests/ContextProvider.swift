import Tracking

/// A ClassKit app's data store delegate, ported: a game at the top, levels below it.
///
/// Stateless, so `Sendable`: a test can hand the store it is set on to an actor and keep it alive.
final class ContextProvider: TrackingStoreDelegate, Sendable {
    func createContext(forIdentifier identifier: String, parentContext: Context, parentIdentifierPath: [String])
        -> ContextDraft?
    {
        guard !identifier.hasPrefix("unknown") else { return nil }
        return ContextDraft(
            title: identifier.capitalized, type: parentIdentifierPath.count == 1 ? .game : .level, topic: .math)
    }
}
