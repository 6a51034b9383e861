/// An identifier path as typed: `MATH-JAM/LEVEL-1`, with or without the root id.
enum IdentifierPath {
    /// - Throws: ``UsageError`` for an empty path or an empty identifier in it.
    static func parse(_ text: String) throws -> [String] {
        let path = text.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        guard !path.isEmpty, !path.contains(where: \.isEmpty) else {
            throw UsageError("'\(text)' is not an identifier path (identifiers joined by '/', like MATH-JAM/LEVEL-1)")
        }
        return path
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
