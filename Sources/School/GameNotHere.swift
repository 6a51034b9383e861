import Classroom
import Foundation
import Runtime
import Tracking

/// `play ID` found no game declaring `ID` in the games folder. The store may still know the
/// activity: the teacher published it from their own games folder, which this computer lacks
/// (games are shared as files: `docs/school-server.md`, "Sharing the games"). Then the student hears
/// that, rather than a usage error about their command line.
public struct GameNotHere: Error {
    /// The argument as typed.
    public let word: String
    /// The identifier path it names, below the root.
    public let path: [String]
    /// The games folder looked in.
    public let gamesFolder: String
    /// Its collection.
    public let collection: GameCollection
    /// The path of a game here whose id differs from the typed one only in case (`MATH-JAM/LEVEL-1`
    /// for `math-jam/LEVEL-1`), to suggest; nil when there is none.
    public var suggestion: String? = nil

    /// The usage error of an argument that names nothing anywhere.
    public var usage: GameWordError {
        let hint = suggestion.map { "; did you mean '\($0)'?" } ?? ""
        return GameWordError(
            "'\(word)' is neither a game folder nor an identifier path of a game in \(gamesFolder)\(hint)")
    }

    /// What to tell the person: ``Absent`` when the store's catalog has the activity (saying whether
    /// it is assigned to them), else the usage error. A store that cannot be opened leaves the usage
    /// error, and a store file that does not exist is not created for a typo.
    /// - Parameters:
    ///   - location: The store's.
    ///   - typed: The student named, if any.
    ///   - user: Who plays on SQLite when nobody is named (the account's name).
    public func explained(_ location: StoreLocation, student typed: String?, user: String) -> any Error {
        guard let address = try? location.address() else { return usage }
        if case .file(let path) = address, !FileManager.default.fileExists(atPath: path) { return usage }
        guard let store = try? location.open(root: .games(collection), clock: .real()) else {
            return usage
        }
        guard (try? store.context(at: path)) != nil else { return suggesting(from: store).usage }
        return Absent(
            word: word, gamesFolder: gamesFolder, assigned: isAssigned(in: store, typed: typed, user: user))
    }

    /// This error with the store's game whose id differs from the typed one only in case
    /// (``StoreActivity/caseSuggestion(for:in:)``), when the games folder had none to suggest.
    private func suggesting(from store: TrackingStore) -> GameNotHere {
        guard suggestion == nil, let found = StoreActivity.caseSuggestion(for: path, in: store) else { return self }
        var suggested = self
        suggested.suggestion = found
        return suggested
    }

    /// Whether an assignment of the student who plays holds the activity (``StoreActivity/isAssigned(_:to:in:)``).
    private func isAssigned(in store: TrackingStore, typed: String?, user: String) -> Bool {
        guard let identity = try? store.identity(),
            let student = try? Identity.student(typed: typed, identity: identity, fallback: user)
        else { return false }
        return StoreActivity.isAssigned(path, to: student, in: store)
    }

    /// The activity is in the store's catalog, but no game here declares it.
    public struct Absent: Error, CustomStringConvertible {
        let word: String
        let gamesFolder: String
        let assigned: Bool

        public var description: String {
            let known = assigned ? "is assigned to you" : "is in your school's catalog"
            return
                "\(word) \(known), but its game is not on this computer: ask your teacher (games are looked for in \(gamesFolder))"
        }
    }
}
