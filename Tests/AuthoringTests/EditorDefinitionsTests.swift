import Foundation
import Runtime
import Sandbox
import Testing

@testable import Authoring

/// The editor definitions `edujam new` writes say what `check` and the sandbox say: every known
/// name, with the types `check` judges arguments and the declaration by.
@Suite struct EditorDefinitionsTests {
    let text = EditorDefinitions.definitions()

    @Test func everyKnownNameHasASignature() {
        #expect(EditorDefinitions.unsigned.isEmpty, "\(EditorDefinitions.unsigned)")
    }

    @Test func everyKnownNameIsDefined() {
        for name in EditorDefinitions.globalFunctions {
            #expect(text.contains("\nfunction \(name)("), "\(name)")
        }
        #expect(text.contains("\n---@class edujam.activity\nactivity = {}\n"))
        #expect(EditorDefinitions.globalFunctions.union(GameAPI.stockGlobals).union(["activity"]) == KnownNames.api)
        for name in KnownNames.activityFunctions {
            #expect(text.contains("\nfunction activity.\(name)("), "activity.\(name)")
        }
        for table in GameAPI.partialLibraries {
            for name in KnownNames.libraryFields[table] ?? [] {
                #expect(
                    text.contains("\nfunction \(table).\(name)(") || text.contains("\n---@field \(name) "),
                    "\(table).\(name)")
            }
        }
        for name in GameAPI.stockGlobals { #expect(text.contains(name), "named as stock Lua's: \(name)") }
    }

    @Test func withheldFieldsAreNotDefined() {
        for table in GameAPI.partialLibraries {
            for name in KnownNames.withheldFields[table] ?? [] {
                #expect(!text.contains("\(table).\(name)("), "\(table).\(name)")
            }
        }
        #expect(!text.contains("---@field open "))
    }

    /// Nothing is described that the sandbox does not have.
    @Test func noSignatureForAnUnknownName() {
        #expect(Set(GameAPI.globals.keys).isSubset(of: KnownNames.api))
        #expect(Set(GameAPI.activity.keys).isSubset(of: KnownNames.activityFunctions))
        for (table, members) in GameAPI.library {
            #expect(Set(members.keys).isSubset(of: KnownNames.libraryFields[table] ?? []), "\(table)")
        }
        #expect(GameAPI.stockGlobals.isSubset(of: KnownNames.api))
    }

    /// The file is Lua the sandbox compiles, and the settings are JSON pointing at it.
    @Test func theFilesAreLuaAndJSON() throws {
        _ = try Sandbox().load(Array(text.utf8), name: EditorDefinitions.definitionFile)
        #expect(text.hasPrefix("---@meta _\n"))
        let settings = try #require(
            try JSONSerialization.jsonObject(with: Data(EditorDefinitions.settings().utf8)) as? [String: Any])
        let runtime = try #require(settings["runtime"] as? [String: Any])
        #expect(runtime["version"] as? String == "Lua 5.4")
        #expect(runtime["builtin"] as? [String: String] == ["io": "disable", "os": "disable", "debug": "disable"])
        let workspace = try #require(settings["workspace"] as? [String: Any])
        #expect(workspace["library"] as? [String] == [EditorDefinitions.folder])
    }

    /// The types the definitions give `activity`'s parameters are the ones `check` judges literals
    /// by: right-typed literals pass, a wrong-typed one or one too few is reported.
    @Test(arguments: KnownNames.activityFunctions)
    func activityParametersAgreeWithCheck(_ name: String) throws {
        guard case .function(let parameters, _, _, _)? = GameAPI.activity[name] else {
            Issue.record("no signature for activity.\(name)")
            return
        }
        let right = parameters.map(Self.literal)
        let required = parameters.filter { !$0.isOptional }.count
        #expect(problems(name, right).isEmpty)
        #expect(problems(name, Array(right.prefix(required))).isEmpty)
        if required > 0 { #expect(!problems(name, Array(right.prefix(required - 1))).isEmpty) }
        for index in parameters.indices {
            var wrong = right
            wrong[index] = Self.wrongLiteral(parameters[index])
            #expect(!problems(name, wrong).isEmpty, "argument #\(index + 1) of activity.\(name)")
        }
        if parameters.isEmpty { #expect(!problems(name, [.number(1)]).isEmpty) }
    }

    private func problems(_ name: String, _ arguments: [ActivityCallCheck.Argument]) -> [String] {
        ActivityCallCheck.problems(ActivityCallCheck.Call(index: 0, name: name, line: 1, arguments: arguments)).map(\.0)
    }

    private static func literal(_ parameter: GameAPI.Parameter) -> ActivityCallCheck.Argument {
        switch parameter.type {
        case "number": return .number(1)
        case "boolean": return .boolean
        case "edujam.BinaryValueType": return .string(KnownNames.binaryValueTypes[0])
        default: return .string("x")
        }
    }

    private static func wrongLiteral(_ parameter: GameAPI.Parameter) -> ActivityCallCheck.Argument {
        parameter.type == "number" ? .string("x") : .number(1)
    }

    /// Each declaration field the definitions type is one the declaration reader checks: a value of
    /// another type is refused naming it, and a required one is missed when left out.
    @Test(arguments: GameAPI.declarationFields.map(\.name))
    func declarationFieldsAgreeWithTheReader(_ name: String) throws {
        let field = try #require(GameAPI.declarationFields.first { $0.name == name })
        let fields = [
            "id": "\"FIELDS\"", "title": "\"Fields\"", "play": "function() end",
        ]
        let wrong = field.type == "boolean" ? "\"yes\"" : (field.type == "string" ? "true" : "\"x\"")
        var changed = fields
        changed[name] = wrong
        #expect(try refusal(changed) == name)
        if field.isRequired {
            changed[name] = nil
            #expect(try refusal(changed) == name)
        }
        #expect(try refusal(fields) == nil)
    }

    /// The field a declaration built from `fields` is refused for, or nil when it loads.
    private func refusal(_ fields: [String: String]) throws -> String? {
        let folder = NSTemporaryDirectory() + "edujam-fields-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let table = fields.sorted { $0.key < $1.key }.map { "\($0.key) = \($0.value)" }.joined(separator: ", ")
        try "return { \(table) }".write(toFile: folder + "/game.lua", atomically: true, encoding: .utf8)
        do {
            _ = try Catalog.declaration(ofGameIn: folder)
            return nil
        } catch GameLoadError.declaration(let error) {
            return error.field
        }
    }

    /// docs/lua-api.md's table of the declaration lists the fields the definitions type.
    @Test func declarationFieldsAreTheDocumentedOnes() throws {
        let docs = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../docs/lua-api.md")
        let text = try String(contentsOf: docs, encoding: .utf8)
        let section = try #require(text.components(separatedBy: "## The declaration").dropFirst().first)
        let rows = section.components(separatedBy: "\n## ")[0].split(separator: "\n").filter { $0.hasPrefix("| `") }
        let documented = rows.flatMap { row in
            row.split(separator: "|")[0].split(separator: ",").map {
                $0.trimmingCharacters(in: .init(charactersIn: " `"))
            }
        }
        #expect(documented == GameAPI.declarationFields.map(\.name))
    }
}
