import Tracking

/// What each name a game can use takes and gives, in the types lua-language-server reads
/// (LuaCATS: `string`, `integer?`, `string[]`): the source of a new game's editor definitions
/// (``EditorDefinitions``).
///
/// Which names exist is ``KnownNames``'s to say, as it is for `check`; this adds only their
/// signatures. `EditorDefinitionsTests` keeps the two in step: every known name has a signature
/// here, and none is here that the sandbox does not have.
enum GameAPI {
    /// One parameter, as `---@param` writes it.
    struct Parameter: Sendable {
        var name: String
        /// A LuaCATS type: `string`, `number`, `edujam.BinaryValueType`.
        var type: String
        var isOptional = false
        /// What it is, shown on hover.
        var about = ""
    }

    /// A function, or a field that holds a value.
    enum Member: Sendable {
        /// The parameters and results of its fullest form; `overloads` are its other forms, as
        /// LuaCATS function types (`fun(n: integer): integer`).
        case function([Parameter], returns: [String], about: String, overloads: [String] = [])
        case field(type: String, about: String)
    }

    /// The EduJam globals that stock Lua has too (`print`, `require`, `loadfile`, `dofile`): left to
    /// the editor's own Lua 5.4 definitions, so it still follows `require("lib.json")` to the file.
    static let stockGlobals: Set<String> = ["print", "require", "loadfile", "dofile"]

    /// The standard tables the sandbox gives only part of: the editor's own definitions are turned
    /// off (`.luarc.json`'s `runtime.builtin`) and replaced by the part a game has, so `io.open` or
    /// `os.getenv` is underlined.
    static let partialLibraries = ["io", "os", "debug"]

    /// The EduJam globals other than ``stockGlobals``.
    static let globals: [String: Member] = [
        "say": function(
            "Writes a line: the arguments through tostring, joined by one space.",
            Parameter(name: "...", type: "any"), returns: []),
        "ask": function(
            "Shows the prompt and returns the line the student types, or nil when they have left.",
            Parameter(name: "prompt", type: "any", isOptional: true), returns: ["string?"]),
        "choose": function(
            "Shows the options numbered; returns the number picked, or nil when the student has left.",
            Parameter(name: "prompt", type: "string", isOptional: true), Parameter(name: "options", type: "any[]"),
            returns: ["integer?"]),
        "random": .function(
            [Parameter(name: "m", type: "integer"), Parameter(name: "n", type: "integer")], returns: ["integer"],
            about: "random(m, n): a whole number from m to n; random(n): from 1 to n; random(): a number in [0, 1).",
            overloads: ["fun(): number", "fun(n: integer): integer"]),
        "clock": function("Seconds since the run began (a virtual clock under test).", returns: ["number"]),
    ]

    /// The functions of `activity`, by name.
    static let activity: [String: Member] = [
        "start": function("First: makes the launched context active and starts (or resumes) the timer.", returns: []),
        "stop": function("Pauses the timer without finishing: a student who left.", returns: []),
        "finish": function("Last: stops the timer and marks the run finished.", returns: []),
        "done": function("Marks the run done on the game's side.", returns: []),
        "quantity": function(
            "Sets a quantity item: a number, such as points.", itemID, Parameter(name: "value", type: "number"),
            title, returns: []),
        "binary": function(
            "Sets a yes/no item; valueType says how teachers see it (trueFalse by default).", itemID,
            Parameter(name: "value", type: "boolean"),
            Parameter(name: "valueType", type: "edujam.BinaryValueType", isOptional: true), title, returns: []),
        "score": function(
            "Sets a score item: 0 <= score <= maxScore, maxScore > 0.", itemID,
            Parameter(name: "score", type: "number"), Parameter(name: "maxScore", type: "number"), title,
            returns: []),
        "primary": function("Makes the item id the one teachers see first.", itemID, returns: []),
        "progress": function(
            "progress(f) reports 0..f done; progress(from, to) the range from..to (both within 0..1).",
            Parameter(name: "from", type: "number"), Parameter(name: "to", type: "number", isOptional: true),
            returns: []),
    ]

    private static let itemID = Parameter(name: "id", type: "string", about: "the item's id")
    private static let title = Parameter(name: "title", type: "string", isOptional: true, about: "what teachers see")

    /// A function member, its parameters in order.
    static func function(_ about: String, _ parameters: Parameter..., returns: [String]) -> Member {
        .function(parameters, returns: returns, about: about)
    }
}
