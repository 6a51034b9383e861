import Sandbox
import Tracking

/// Reads one declaration table field by field, naming the field in every error.
struct DeclarationReader {
    let table: LuaTable
    let file: String
    let prefix: String

    func fail(_ field: String, _ message: String) -> DeclarationError {
        DeclarationError(file: file, field: prefix + field, message: message)
    }

    func identifier(_ field: String) throws -> String {
        guard case .string(let id) = table[field] else {
            throw fail(field, table[field] == .nil ? "missing: every game and context needs an id" : "must be a string")
        }
        // Tracking's rule
        if let violation = IdentifierRule.violation(id, of: .context) { throw fail(field, violation.reason) }
        return id
    }

    func title(_ field: String) throws -> String {
        guard case .string(let title) = table[field] else {
            throw fail(field, table[field] == .nil ? "missing: give it a title students will see" : "must be a string")
        }
        try check(field, title, within: Limits.title)
        guard !title.allSatisfy(\.isWhitespace) else { throw fail(field, "must not be blank") }
        return title
    }

    /// Text the tracking model stores (a title, a summary, a keyword), within Tracking's limit for it.
    func check(_ field: String, _ text: String, within limit: TextLimit) throws {
        if let overrun = limit.overrun(text) { throw fail(field, overrun.reason) }
    }

    func summary(_ field: String) throws -> String? {
        switch table[field] {
        case .nil: return nil
        case .string(let summary):
            try check(field, summary, within: Limits.summary)
            return summary
        case let other: throw fail(field, "must be a string, not a \(other.typeName)")
        }
    }

    func optionalString(_ field: String, maxLength: Int) throws -> String? {
        switch table[field] {
        case .nil: return nil
        case .string(let s) where s.count <= maxLength: return s
        case .string(let s): throw fail(field, "is \(s.count) characters; the most is \(maxLength)")
        case let other: throw fail(field, "must be a string, not a \(other.typeName)")
        }
    }

    func contextType(_ field: String, default fallback: ContextType) throws -> ContextType {
        guard let name = try optionalString(field, maxLength: 64) else { return fallback }
        guard let type = ContextType(name: name), type != .app, type != .none else {
            let names = ContextType.allCases.filter { $0 != .app && $0 != .none }.map(\.name)
            throw fail(
                field,
                "unknown type '\(name)'" + Suggest.hint(for: name, among: names)
                    + " (one of: \(names.joined(separator: ", ")))")
        }
        return type
    }

    func topic(_ field: String) throws -> Topic? {
        guard let name = try optionalString(field, maxLength: 64) else { return nil }
        guard let topic = Topic(rawValue: name) else {
            let names = Topic.allCases.map(\.rawValue)
            throw fail(
                field,
                "unknown topic '\(name)'" + Suggest.hint(for: name, among: names)
                    + " (one of: \(names.joined(separator: ", ")))")
        }
        return topic
    }

    /// A list of keywords, each within ``Limits/keyword``.
    func keywords(_ field: String) throws -> [String] {
        switch table[field] {
        case .nil: return []
        case .table(let list) where list.fields.isEmpty:
            guard list.sequence.count <= Limits.keywordCount else {
                throw fail(field, "has \(list.sequence.count) entries; the most is \(Limits.keywordCount)")
            }
            return try list.sequence.enumerated().map { index, value in
                guard case .string(let s) = value else { throw fail("\(field)[\(index + 1)]", "must be a string") }
                try check("\(field)[\(index + 1)]", s, within: Limits.keyword)
                return s
            }
        default: throw fail(field, "must be a list of strings, like { \"addition\", \"mental math\" }")
        }
    }

    func range(_ field: String) throws -> ClosedRange<Int>? {
        switch table[field] {
        case .nil: return nil
        case .table(let pair):
            guard pair.sequence.count == 2, case .integer(let low) = pair.sequence[0],
                case .integer(let high) = pair.sequence[1], 0 <= low, low <= high
            else {
                throw fail(field, "must be two whole numbers, lowest first, like { 6, 9 }")
            }
            return low...high
        default: throw fail(field, "must be two whole numbers, lowest first, like { 6, 9 }")
        }
    }

    func boolean(_ field: String, default fallback: Bool) throws -> Bool {
        switch table[field] {
        case .nil: return fallback
        case .boolean(let b): return b
        default: throw fail(field, "must be true or false")
        }
    }

    func children(_ field: String) throws -> [GameDeclaration] {
        switch table[field] {
        case .nil: return []
        case .table(let list) where list.fields.isEmpty:
            var seen: Set<String> = []
            return try list.sequence.enumerated().map { index, value in
                let place = "\(prefix)\(field)[\(index + 1)]."
                guard case .table(let child) = value else { throw fail("\(field)[\(index + 1)]", "must be a table") }
                let declaration = try GameDeclaration(table: child, file: file, field: place)
                guard seen.insert(declaration.id).inserted else {
                    throw fail(
                        "\(field)[\(index + 1)].id", "'\(declaration.id)' is used twice; ids must differ among siblings"
                    )
                }
                return declaration
            }
        default: throw fail(field, "must be a list of tables, like { { id = \"LEVEL-1\", title = \"Warm-up\" } }")
        }
    }
}
