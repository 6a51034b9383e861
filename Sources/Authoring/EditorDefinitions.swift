/// The files that let a teacher's editor check a game as it is typed: a definition file of the
/// game API for lua-language-server (the Lua support of VS Code, Neovim and other editors), and
/// the `.luarc.json` that points the language server at it.
///
/// Written by `edujam new` into the game's folder, from ``KnownNames`` (which names exist, as
/// `check` judges them) and ``GameAPI`` (what each takes and gives). The definition file lives
/// in `.edujam/`, a folder no game file can be in: `require`, `loadfile` and publishing reach only
/// paths of plain words, and `check` skips hidden folders.
enum EditorDefinitions {
    /// The folder of the definition file, relative to the game's folder.
    static let folder = ".edujam"
    /// The definition file, relative to the game's folder.
    static let definitionFile = folder + "/edujam.lua"
    /// The language server's settings, relative to the game's folder.
    static let settingsFile = ".luarc.json"

    /// Both files, as `edujam new` writes them.
    static var files: [(path: String, text: String)] {
        [(definitionFile, definitions()), (settingsFile, settings())]
    }

    /// The `.luarc.json`: Lua 5.4, the definitions as a library, and the editor's own definitions of
    /// the tables a game has only part of turned off.
    static func settings() -> String {
        let builtin = GameAPI.partialLibraries.sorted().map { "\"\($0)\": \"disable\"" }.joined(separator: ", ")
        return """
            {
              "runtime": {
                "version": "Lua 5.4",
                "builtin": { \(builtin) }
              },
              "workspace": {
                "library": ["\(folder)"],
                "checkThirdParty": false
              }
            }

            """
    }

    /// The `---@meta` file: the declaration's types, the EduJam globals, `activity`, and the parts of
    /// `io`, `os` and `debug` a game has.
    static func definitions() -> String {
        var out = header
        for alias in GameAPI.aliases {
            out += "---@alias \(alias.name) " + alias.values.map { "\"\($0)\"" }.joined(separator: "|") + "\n\n"
        }
        out += declarationClass("edujam.Game", "The table game.lua returns (docs/lua-api.md).", contexts: false)
        out += declarationClass("edujam.Context", "A child context, such as a level.", contexts: true)
        for name in globalFunctions.sorted() {
            out += member(name, GameAPI.globals[name], path: name)
        }
        out += "---Reporting what the student did: one attempt per run (docs/lua-api.md).\n"
        out += "---@class edujam.activity\nactivity = {}\n\n"
        for name in KnownNames.activityFunctions {
            out += member(name, GameAPI.activity[name], path: "activity.\(name)")
        }
        for table in GameAPI.partialLibraries {
            out += library(table)
        }
        out += "---A file: the terminal's (io.stdout, io.stderr, io.stdin) or one io.open gave.\n"
        out += "---@class edujam.file\nlocal file = {}\n\n"
        for name in GameAPI.fileMethods.keys.sorted() {
            out += member(name, GameAPI.fileMethods[name], path: "file:\(name)")
        }
        return out
    }

    /// The EduJam globals that are functions this file defines: all but `activity` and the stock ones.
    static var globalFunctions: Set<String> {
        KnownNames.api.subtracting(GameAPI.stockGlobals).subtracting(["activity"])
    }

    /// The known names that have no signature in ``GameAPI``: written as untyped functions. None, as
    /// a test keeps it.
    static var unsigned: [String] {
        let globals = globalFunctions.filter { GameAPI.globals[$0] == nil }
        let activity = KnownNames.activityFunctions.filter { GameAPI.activity[$0] == nil }.map { "activity.\($0)" }
        let library = GameAPI.partialLibraries.flatMap { table in
            (KnownNames.libraryFields[table] ?? []).filter { GameAPI.library[table]?[$0] == nil }.map {
                "\(table).\($0)"
            }
        }
        return globals.sorted() + activity + library
    }

    private static let header = """
        ---@meta _
        -- The EduJam game API, for editors that use lua-language-server (VS Code, Neovim and others):
        -- with ../.luarc.json they underline a misspelt name (activity.scroe) or a wrong argument as
        -- you type. Written by `edujam new` from the names `edujam check` knows; see docs/authoring.md.
        -- It is not part of the game: games do not load it, and it is not published.
        -- print, require, loadfile and dofile are stock Lua's, as the editor knows them.

        """ + "\n"

    private static func declarationClass(_ name: String, _ about: String, contexts: Bool) -> String {
        var out = "---\(about)\n---@class \(name)\n"
        for field in GameAPI.declarationFields where !contexts || field.inContexts {
            out += "---@field \(field.name)\(field.isRequired ? "" : "?") \(field.type) \(field.about)\n"
        }
        return out + "\n"
    }

    private static func library(_ table: String) -> String {
        let names = (KnownNames.libraryFields[table] ?? []).sorted()
        let members = GameAPI.library[table] ?? [:]
        var out = "---The part of `\(table)` a game has (docs/sandbox.md).\n---@class edujam.\(table)\n"
        for name in names {
            if case .field(let type, let about)? = members[name] { out += "---@field \(name) \(type) \(about)\n" }
        }
        out += "\(table) = {}\n\n"
        for name in names {
            if case .field? = members[name] { continue }
            out += member(name, members[name], path: "\(table).\(name)")
        }
        return out
    }

    /// `function path(parameters) end` with its annotations; untyped when `member` is nil.
    private static func member(_ name: String, _ member: GameAPI.Member?, path: String) -> String {
        switch member {
        case .function(let parameters, let returns, let about, let overloads)?:
            var out = "---\(about)\n" + overloads.map { "---@overload \($0)\n" }.joined()
            for p in parameters {
                out +=
                    "---@param \(p.name)\(p.isOptional ? "?" : "") \(p.type)" + (p.about.isEmpty ? "" : " \(p.about)")
                    + "\n"
            }
            for type in returns { out += "---@return \(type)\n" }
            return out + "function \(path)(\(parameters.map(\.name).joined(separator: ", "))) end\n\n"
        case .field(let type, let about)?:
            return "---\(about)\n---@type \(type)\n\(path) = nil\n\n"
        case nil:
            return "function \(path)(...) end\n\n"
        }
    }
}
