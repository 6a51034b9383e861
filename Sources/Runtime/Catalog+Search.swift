import Tracking

extension Catalog {
    /// The identifier paths (root first) of the catalog's contexts that match `query`: the
    /// games are published into a private in-memory store and Tracking answers
    /// (``TrackingStore/contexts(matching:)``), so a catalog search is the store's search.
    /// - Parameters:
    ///   - query: The conditions, such as `words` and `topic`.
    ///   - entries: The games (``entries(in:loader:)``); broken ones have no contexts to match.
    ///   - collection: The games folder's collection, the root of every path.
    /// - Returns: The matching paths.
    /// - Throws: A validation error for a declaration Tracking refuses.
    public static func paths(matching query: ContextQuery, in entries: [Entry], collection: GameCollection) throws
        -> Set<[String]>
    {
        let store = try TrackingStore.inMemory(rootIdentifier: collection.id, rootTitle: collection.title)
        for (order, entry) in entries.enumerated() {
            if let declaration = entry.declaration { try Publisher.publish(declaration, in: store, order: order) }
        }
        return Set(store.contexts(matching: query).map(\.identifierPath))
    }
}
