import Tracking

/// The parts of `io`, `os` and `debug` a game has, and the fields of its declaration.
extension GameAPI {
    /// The members of ``partialLibraries``, by table and name.
    static let library: [String: [String: Member]] = ["io": io, "os": os, "debug": debug]

    private static let io: [String: Member] = [
        "write": function(
            "Writes to the game's output, without a newline of its own.", Parameter(name: "...", type: "string|number"),
            returns: ["edujam.file"]),
        "read": function(
            "Reads from the student's input: a line by default, \"n\" a number, \"a\" all.",
            Parameter(name: "...", type: "string|integer"), returns: ["any"]),
        "lines": function(
            "Loops over the student's lines until input ends; given a file the run wrote or a .lua file of the game, over its lines.",
            Parameter(name: "filename", type: "string", isOptional: true),
            Parameter(name: "...", type: "string|integer"),
            returns: ["fun(): any"]),
        "close": function(
            "Closes a file io.open gave; the terminal's files stay open.", file(optional: true),
            returns: ["boolean?", "string?"]),
        "open": function(
            "Opens a file the run wrote or a .lua file of the game (\"r\"), or a file of the run's own, in memory until the run ends (\"w\", \"a\", \"+\").",
            Parameter(name: "filename", type: "string"), Parameter(name: "mode", type: "string", isOptional: true),
            returns: ["edujam.file?", "string?", "integer?"]),
        "flush": function("Shows what was written.", returns: ["boolean"]),
        "input": function("The input file (the student's input).", file(optional: true), returns: ["edujam.file"]),
        "output": function("The output file (the game's output).", file(optional: true), returns: ["edujam.file"]),
        "type": function(
            "\"file\", \"closed file\", or nil for anything else.", Parameter(name: "object", type: "any"),
            returns: ["string?"]),
        "stdout": .field(type: "edujam.file", about: "The game's output."),
        "stderr": .field(type: "edujam.file", about: "The game's output too."),
        "stdin": .field(type: "edujam.file", about: "The student's input."),
    ]

    private static let os: [String: Member] = [
        "clock": function("Seconds since the run began, on the run's clock.", returns: ["number"]),
        "date": function(
            "The run's date, formatted (\"*t\" for a table).",
            Parameter(name: "format", type: "string", isOptional: true),
            Parameter(name: "time", type: "integer", isOptional: true), returns: ["string|table"]),
        "difftime": function(
            "t2 - t1 in seconds.", Parameter(name: "t2", type: "integer"),
            Parameter(name: "t1", type: "integer", isOptional: true), returns: ["number"]),
        "setlocale": function(
            "\"C\": a game runs in the C locale; another locale gives nil.",
            Parameter(name: "locale", type: "string", isOptional: true),
            Parameter(name: "category", type: "string", isOptional: true), returns: ["string?"]),
        "time": function(
            "The run's time, or the time of a date table.", Parameter(name: "date", type: "table", isOptional: true),
            returns: ["integer"]),
    ]

    private static let debug: [String: Member] = [
        "getinfo": function(
            "Where a function is and what it is (source, line, name): getinfo(2, \"Sl\") for a caller.",
            Parameter(name: "f", type: "integer|function"), Parameter(name: "what", type: "string", isOptional: true),
            returns: ["table?"]),
        "getmetatable": function(
            "A table's metatable, past its __metatable field; for other values what getmetatable gives.",
            Parameter(name: "value", type: "any"), returns: ["table?"]),
        "traceback": function(
            "The message with the stack below it.", Parameter(name: "message", type: "any", isOptional: true),
            Parameter(name: "level", type: "integer", isOptional: true), returns: ["string"]),
    ]

    /// The methods of `io.stdout`, `io.stderr`, `io.stdin` and what `io.open` gives, called with `:`.
    static let fileMethods: [String: Member] = [
        "write": function(
            "Writes strings and numbers.", Parameter(name: "...", type: "string|number"), returns: ["edujam.file"]),
        "read": function("Reads as io.read does.", Parameter(name: "...", type: "string|integer"), returns: ["any"]),
        "lines": function("Loops over the lines until the end.", returns: ["fun(): string?"]),
        "close": function("Closes a file io.open gave; the terminal's stay open.", returns: ["boolean?", "string?"]),
        "flush": function("Shows what was written.", returns: ["boolean"]),
        "setvbuf": function(
            "Accepted; the output is line-buffered.", Parameter(name: "mode", type: "\"no\"|\"full\"|\"line\""),
            Parameter(name: "size", type: "integer", isOptional: true), returns: ["boolean"]),
        "seek": function(
            "Moves in a file io.open gave (\"set\", \"cur\", \"end\"); the terminal cannot seek.",
            Parameter(name: "whence", type: "string", isOptional: true),
            Parameter(name: "offset", type: "integer", isOptional: true), returns: ["integer?", "string?"]),
    ]

    private static func file(optional: Bool) -> Parameter {
        Parameter(name: "file", type: "edujam.file", isOptional: optional)
    }

    /// A field of the declaration `game.lua` returns: its type, whether it is required, whether a
    /// child context has it too.
    struct DeclarationField: Sendable {
        var name: String
        var type: String
        var isRequired = false
        var inContexts = true
        var about: String
    }

    /// The declaration's fields, in the order docs/lua-api.md lists them.
    static let declarationFields: [DeclarationField] = [
        DeclarationField(name: "id", type: "string", isRequired: true, about: "Identifier in the activity tree."),
        DeclarationField(name: "title", type: "string", isRequired: true, about: "What students and teachers see."),
        DeclarationField(name: "type", type: "edujam.ContextType", about: "game by default, level for a child."),
        DeclarationField(name: "topic", type: "edujam.Topic", about: "Children without one inherit it."),
        DeclarationField(name: "summary", type: "string", about: "A sentence on what the student does."),
        DeclarationField(name: "keywords", type: "string[]", about: "Words catalog search finds it by."),
        DeclarationField(name: "age", type: "integer[]", about: "Suggested ages in years, lowest first: { 6, 9 }."),
        DeclarationField(name: "minutes", type: "integer[]", about: "Suggested time in minutes: { 2, 5 }."),
        DeclarationField(name: "assignable", type: "boolean", about: "false keeps teachers from assigning it."),
        DeclarationField(name: "contexts", type: "edujam.Context[]", about: "Child contexts, such as levels."),
        DeclarationField(
            name: "play", type: "fun(level: string?)", isRequired: true, inContexts: false,
            about: "Plays one run; level is the launched child's path, or nil."),
    ]

    /// The names of the string types the declaration and `activity.binary` take, each with its values.
    static var aliases: [(name: String, values: [String])] {
        [
            ("edujam.ContextType", ContextType.allCases.filter { $0 != .app && $0 != .none }.map(\.name)),
            ("edujam.Topic", Topic.allCases.map(\.rawValue)),
            ("edujam.BinaryValueType", KnownNames.binaryValueTypes),
        ]
    }
}
