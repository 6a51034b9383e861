import Foundation
import Sandbox

/// The games folder as a whole: the root of the activity tree, as an app's
/// bundle id is in ClassKit. Declared in `collection.lua` at the top of the
/// games folder; without one, the defaults below.
public struct GameCollection: Equatable, Sendable {
    /// Reverse-DNS identifier, the root context's identifier.
    public var id = "org.edujam.games"
    /// The root context's title.
    public var title = "EduJam Games"
    /// The collection's language, e.g. `en`.
    public var locale = "en"

    /// The file name looked for at the top of a games folder.
    public static let fileName = "collection.lua"

    public init() {}

    /// Reads `collection.lua` in `folder`, or the defaults when there is none.
    /// - Throws: ``GameLoadError`` when the file is there but wrong.
    public static func load(from folder: String) throws -> GameCollection {
        let path = (folder as NSString).appendingPathComponent(fileName)
        guard FileManager.default.fileExists(atPath: path) else { return GameCollection() }
        let source = try GameLoadError.reading(path)
        let sandbox = try Sandbox()
        let table: LuaTable
        do {
            guard let result = try sandbox.run(source, name: path).first?.tableValue else {
                throw GameLoadError.declaration(
                    DeclarationError(
                        file: path, field: "return",
                        message: "must return a table, like { id = \"org.example.games\", title = \"Our Games\" }"))
            }
            table = result
        } catch let error as SandboxError {
            throw GameLoadError.script(file: path, error)
        }
        var collection = GameCollection()
        let reader = DeclarationReader(table: table, file: path, prefix: "")
        collection.id = try reader.identifier("id")
        guard collection.id.contains(".") else {
            throw GameLoadError.declaration(reader.fail("id", "must be a reverse-DNS name, like org.example.games"))
        }
        collection.title = try reader.title("title")
        collection.locale = try reader.optionalString("locale", maxLength: 32) ?? "en"
        return collection
    }
}
