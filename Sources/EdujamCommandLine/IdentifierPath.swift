import DeclaredCommands
import School
import Tracking

/// An identifier path as typed: `MATH-JAM/LEVEL-1`, with or without the root id, written as
/// ``IdentifierPathText`` writes it (`MATH-JAM/unit%2F1` for level `unit/1`).
enum IdentifierPath {
    /// - Throws: ``UsageError`` for an empty identifier in the path or a bad `%` escape.
    static func parse(_ text: String) throws -> [String] {
        do {
            return try GameWordError.identifiers(text)
        } catch let error as GameWordError {
            throw UsageError(error.description)
        }
    }
}

/// An assignment id as typed: a number above 0.
enum AssignmentID {
    /// - Throws: ``UsageError`` for anything else.
    static func parse(_ text: String) throws -> Int64 {
        guard let id = Int64(text), id > 0 else { throw UsageError("'\(text)' is not an assignment id (a number)") }
        return id
    }
}
