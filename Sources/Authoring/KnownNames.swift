/// The names a game may use, from docs/lua-api.md and the sandbox's allow-list.
///
/// Kept as data here (not read from a live sandbox) so `check` can explain withheld
/// names; `KnownNamesTests` checks the lists against a real run.
enum KnownNames {
    /// The EduJam API globals games use.
    static let api: Set<String> = ["activity", "say", "print", "ask", "choose", "random", "clock", "require"]

    /// The standard library the sandbox lets a game see (Tests/SandboxTests/AllowListTests.swift).
    static let standard: Set<String> = [
        "_G", "_VERSION", "assert", "collectgarbage", "coroutine", "error", "getmetatable", "ipairs", "load",
        "math", "next", "pairs", "pcall", "rawequal", "rawget", "rawlen", "rawset", "select", "setmetatable",
        "string", "table", "tonumber", "tostring", "type", "utf8", "xpcall",
    ]

    /// Names that exist in stock Lua but raise "... is not available in the sandbox".
    static let withheld: Set<String> = ["io", "os", "debug", "package", "dofile", "loadfile", "warn"]

    /// Every global a game can read without defining it.
    static let globals = api.union(standard)

    /// The functions in `activity`.
    static let activityFunctions = [
        "start", "stop", "finish", "done", "quantity", "binary", "score", "primary", "progress",
    ]

    /// The value types `activity.binary` takes.
    static let binaryValueTypes = ["trueFalse", "passFail", "yesNo", "correctIncorrect"]

    /// Fields of the standard tables, for "did you mean" on `string.fromat` and the like.
    static let libraryFields: [String: [String]] = [
        "string": [
            "byte", "char", "dump", "find", "format", "gmatch", "gsub", "len", "lower", "match", "pack", "packsize",
            "rep", "reverse", "sub", "unpack", "upper",
        ],
        "math": [
            "abs", "ceil", "cos", "deg", "exp", "floor", "fmod", "huge", "log", "max", "maxinteger", "min",
            "mininteger", "modf", "pi", "rad", "random", "randomseed", "sin", "sqrt", "tan", "tointeger", "type",
            "ult", "acos", "asin", "atan",
            // Lua 5.4 as Debian builds it keeps 5.2's compatibility functions
            "atan2", "cosh", "frexp", "ldexp", "log10", "pow", "sinh", "tanh",
        ],
        "table": ["concat", "insert", "move", "pack", "remove", "sort", "unpack"],
        "utf8": ["char", "charpattern", "codepoint", "codes", "len", "offset"],
        "coroutine": ["close", "create", "isyieldable", "resume", "running", "status", "wrap", "yield"],
        "activity": activityFunctions,
    ]
}
