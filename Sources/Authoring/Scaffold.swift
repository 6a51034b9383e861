import Foundation
import Runtime
import Tracking

/// `edujam new`: a new game folder that already plays, with tests that already pass.
///
/// The folder name is the game's name (`my-quiz`); the declared id is the name in
/// capitals (`MY-QUIZ`), as the bundled games are (`math-jam` declares `MATH-JAM`);
/// the title is its words capitalised (`My Quiz`).
public enum Scaffold {
    /// What the new game declares.
    public struct Options: Sendable {
        /// The folder name: a letter, then letters, digits, `-` or `_`.
        public var name: String
        /// A context topic, e.g. `math`; nil leaves it out.
        public var topic: String?
        /// A context type; `quiz` by default.
        public var type = "quiz"

        /// Options for a game called `name`.
        public init(name: String) { self.name = name }
    }

    /// Why a game could not be created.
    public struct Refusal: Error, Sendable, CustomStringConvertible {
        /// What is wrong, with what to do instead.
        public var description: String
        /// The folder, or a game with the same id, is there already (not a mistake on the command
        /// line, so not a usage error).
        public var clashesWithAGame = false
    }

    /// Creates `<games>/<name>/` with `game.lua` and `tests/`.
    /// - Returns: the files written, in order.
    /// - Throws: ``Refusal`` for a bad name, topic or type, a folder that exists, or an id that another
    ///   game in `games` declares already (ids compare ignoring case).
    @discardableResult
    public static func create(_ options: Options, in games: String) throws -> [String] {
        try check(options)
        let folder = (games as NSString).appendingPathComponent(options.name)
        guard !FileManager.default.fileExists(atPath: folder) else {
            throw Refusal(
                description: "\(folder) already exists; pick another name or edit the game that is there",
                clashesWithAGame: true)
        }
        if let taken = Catalog.folder(declaring: id(for: options.name), in: games) {
            throw Refusal(
                description:
                    "the id \(id(for: options.name)) is taken: \(taken) declares it (ids compare ignoring case); pick another name",
                clashesWithAGame: true)
        }
        let files = ScaffoldTemplates.files(
            id: id(for: options.name), title: title(for: options.name),
            type: options.type, topic: options.topic, folder: folder)
        for (path, text) in files {
            let full = (folder as NSString).appendingPathComponent(path)
            try FileManager.default.createDirectory(
                atPath: PathText.parent(of: full),
                withIntermediateDirectories: true)
            try text.write(toFile: full, atomically: true, encoding: .utf8)
        }
        return files.map { (folder as NSString).appendingPathComponent($0.path) }
    }

    /// The id a game folder's name declares: `my-quiz` -> `MY-QUIZ`.
    public static func id(for name: String) -> String { name.uppercased() }

    /// The title a game folder's name starts with: `my-quiz` -> `My Quiz`.
    public static func title(for name: String) -> String {
        name.split(whereSeparator: { $0 == "-" || $0 == "_" }).map { $0.prefix(1).uppercased() + $0.dropFirst() }
            .joined(separator: " ")
    }

    /// Why `name` cannot name a game, or nil.
    public static func problem(withName name: String) -> String? {
        let allowed = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_")
        guard let first = name.unicodeScalars.first, CharacterSet.letters.contains(first), first.isASCII,
            name.unicodeScalars.allSatisfy(allowed.contains), name.count <= 64
        else {
            return
                "'\(name)' is not a valid game name: start with a letter, then use letters, digits, '-' or '_' (at most 64), like my-quiz"
        }
        return nil
    }

    private static func check(_ options: Options) throws {
        if let problem = problem(withName: options.name) { throw Refusal(description: problem) }
        let types = ContextType.allCases.filter { $0 != .app && $0 != .none }.map(\.name)
        guard types.contains(options.type) else {
            throw Refusal(
                description: "unknown type '\(options.type)'" + Suggest.hint(for: options.type, among: types)
                    + " (one of: \(types.joined(separator: ", ")))")
        }
        let topics = Topic.allCases.map(\.rawValue)
        if let topic = options.topic, !topics.contains(topic) {
            throw Refusal(
                description: "unknown topic '\(topic)'" + Suggest.hint(for: topic, among: topics)
                    + " (one of: \(topics.joined(separator: ", ")))")
        }
    }
}
