import Classroom
import Foundation
import Tracking

/// What the store knows of an activity that no game folder on this computer declares: a game the
/// school published need not be on the computer that plays it (`play` then says so, rather than
/// calling the word a mistake).
public enum StoreActivity {
    /// The identifier path `path` (below the root) with its game id as the store has it, when the
    /// store's game differs from the typed one only in case; else nil. A student may add contexts
    /// of their own beside the games (`Math-Jam` beside `MATH-JAM`), so of several matches only a
    /// published game is suggested, and only when it is the one.
    public static func caseSuggestion(for path: [String], in store: TrackingStore) -> String? {
        guard let typed = path.first?.lowercased() else { return nil }
        var matches = store.mainContext.children.map(\.identifier).filter { $0.lowercased() == typed }
        if matches.count > 1 {
            let published = Set(((try? store.publishedGames()) ?? []).map(\.gameID))
            matches = matches.filter(published.contains)
        }
        guard matches.count == 1 else { return nil }
        return IdentifierPathText.text([matches[0]] + path.dropFirst())
    }

    /// Whether an assignment of `student` holds the activity at `path` (below the root), a part of
    /// it, or the game above it; false when the store cannot say.
    public static func isAssigned(_ path: [String], to student: String, in store: TrackingStore) -> Bool {
        guard let entries = try? store.inbox(student: student) else { return false }
        return entries.flatMap(\.activities).contains { activity in
            let assigned = store.relativePath(activity.identifierPath)
            return assigned.starts(with: path) || path.starts(with: assigned)
        }
    }
}
