import Foundation
import Runtime
import Tracking

/// What every store command needs: its arguments, the games folder's collection and the store.
struct StoreContext {
    let arguments: Arguments
    let games: String
    let store: TrackingStore

    init(_ words: [String], spec: Arguments.Spec) throws {
        arguments = try Arguments(words, spec: spec)
        games = try Installation.games(arguments)
        let collection = try GameCollection.load(from: games)
        store = try StoreLocation.open(arguments, collection: collection, clock: .real())
    }

    /// An identifier path as typed: `MATH-JAM/LEVEL-1`, with or without the root id.
    static func path(_ text: String) throws -> [String] {
        let path = text.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        guard !path.isEmpty, !path.contains(where: \.isEmpty) else {
            throw UsageError("'\(text)' is not an identifier path (identifiers joined by '/', like MATH-JAM/LEVEL-1)")
        }
        return path
    }

    /// An assignment id as typed.
    static func assignmentID(_ text: String) throws -> Int64 {
        guard let id = Int64(text), id > 0 else { throw UsageError("'\(text)' is not an assignment id (a number)") }
        return id
    }
}
