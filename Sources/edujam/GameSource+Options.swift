import Classroom
import DeclaredCommands
import Foundation
import Runtime
import School
import Tracking

extension GameSource {
    /// The game `word` names (`CAPITALS`, `CAPITALS/EASY`, with or without the root), from the
    /// store's published games, or from the cache when `store` is offline.
    /// - Throws: ``UsageError`` for a word that is no identifier path; the store's and the cache's errors.
    static func fromStore(
        _ word: String, store: TrackingStore, offline: Bool, location: StoreLocation
    ) throws -> GameSource? {
        let path = try GameTarget.identifierPath(word, root: store.rootIdentifier)
        guard let game = path.first else { return nil }
        let level = path.count > 1 ? IdentifierPathText.text(path.dropFirst()) : nil
        return try fromStore(
            game: game, level: level, store: store, offline: offline,
            destination: destination(try location.address()), cache: try location.gameCache())
    }
}
