import Sandbox
import Tracking

/// What a game's `game.lua` declares about itself: its place in the activity tree.
///
/// Read from the table `game.lua` returns, without playing. Every field is
/// checked here so an author's mistake is reported before a student sees it.
public struct GameDeclaration: Equatable, Sendable, Codable {
    /// The identifier in the activity tree, e.g. `MATH-JAM`.
    public var id: String
    public var title: String
    public var type: ContextType
    public var topic: Topic?
    public var summary: String?
    public var keywords: [String]
    /// Suggested age range in years.
    public var age: ClosedRange<Int>?
    /// Suggested completion time in minutes.
    public var minutes: ClosedRange<Int>?
    public var isAssignable: Bool
    /// Child contexts (levels, chapters, ...), in display order.
    public var contexts: [GameDeclaration]

    /// The identifiers of every child, depth first, as paths below the game.
    public var childPaths: [[String]] {
        contexts.flatMap { child in [[child.id]] + child.childPaths.map { [child.id] + $0 } }
    }

    /// The child at a path below this declaration.
    public func child(at path: [String]) -> GameDeclaration? {
        guard let first = path.first else { return self }
        return contexts.first { $0.id == first }?.child(at: Array(path.dropFirst()))
    }
}

/// A mistake in a game's declaration, named so its author can fix it.
public struct DeclarationError: Error, Equatable, CustomStringConvertible {
    /// The file, e.g. `games/math-jam/game.lua`.
    public var file: String
    /// Where in the declaration, e.g. `contexts[2].type`.
    public var field: String
    /// What is wrong, with a hint where there is one.
    public var message: String

    public var description: String { "\(file): \(field): \(message)" }
}

extension GameDeclaration {
    /// Reads and checks the table a `game.lua` returned.
    /// - Throws: ``DeclarationError`` naming the first bad field.
    init(table: LuaTable, file: String, field prefix: String = "") throws {
        let reader = DeclarationReader(table: table, file: file, prefix: prefix)
        id = try reader.identifier("id")
        title = try reader.title("title")
        type = try reader.contextType("type", default: prefix.isEmpty ? .game : .level)
        topic = try reader.topic("topic")
        summary = try reader.summary("summary")
        keywords = try reader.keywords("keywords")
        age = try reader.range("age")
        minutes = try reader.range("minutes")
        isAssignable = try reader.boolean("assignable", default: true)
        contexts = try reader.children("contexts")
    }
}
