import Tracking

/// The names a game may use, from docs/lua-api.md and the sandbox's allow-list.
///
/// Kept as data here (not read from a live sandbox) so `check` can explain withheld
/// names; `KnownNamesTests` checks the lists against a real run.
enum KnownNames {
    /// The EduJam API globals games use.
    static let api: Set<String> = [
        "activity", "say", "print", "ask", "choose", "random", "clock", "require", "loadfile", "dofile",
    ]

    /// The standard library the sandbox lets a game see (Tests/SandboxTests/AllowListTests.swift).
    static let standard: Set<String> = [
        "_G", "_VERSION", "assert", "collectgarbage", "coroutine", "debug", "error", "getmetatable", "io", "ipairs",
        "load",
        "math", "next", "os", "package", "pairs", "pcall", "rawequal", "rawget", "rawlen", "rawset", "select",
        "setmetatable", "string", "table", "tonumber", "tostring", "type", "utf8", "xpcall",
    ]

    /// Globals of stock Lua that are absent (nil) in the sandbox: a use is warned about, since a
    /// library's feature test (`io and io.write`) is fine and only a call fails.
    static let withheld: Set<String> = ["warn"]

    /// Fields of stock Lua's tables that are absent in the sandbox, warned about like ``withheld``.
    static let withheldFields: [String: Set<String>] = [
        "os": ["execute", "exit", "getenv", "remove", "rename", "tmpname"],
        "package": ["cpath", "loadlib", "searchers", "searchpath"],
        "io": ["popen", "tmpfile"],
        "debug": [
            "debug", "gethook", "getlocal", "getregistry", "getupvalue", "getuservalue", "sethook",
            "setcstacklimit", "setlocal", "setmetatable", "setupvalue", "setuservalue", "upvalueid", "upvaluejoin",
        ],
    ]

    /// The fields of ``withheldFields`` that are there and raise `... is not available to games`
    /// when called (the others are nil).
    static let refusingFields: [String: Set<String>] = [
        "os": ["execute", "exit", "remove", "rename", "tmpname"],
        "io": ["popen", "tmpfile"],
    ]

    /// `collectgarbage` options that raise `collectgarbage('generational') is not available to games`.
    static let refusedCollectorOptions: Set<String> = [
        "incremental", "generational", "setpause", "setstepmul",
    ]

    /// Why a withheld name is not there, for the warning's hint.
    static let withheldReason =
        "games cannot reach files, processes, the environment or the debugger, and cannot load bytecode; a call fails at this line (docs/sandbox.md)"

    /// Every global a game can read without defining it.
    static let globals = api.union(standard)

    /// The functions in `activity`.
    static let activityFunctions =
        ["start", "stop", "finish", "done"] + itemFunctions + ["primary", "progress"]

    /// The functions in `activity` that set an item: one per ``ItemKind``, named as the kind.
    static let itemFunctions = ItemKind.allCases.map(\.rawValue)

    /// The value types `activity.binary` takes.
    static let binaryValueTypes = BinaryValueType.allCases.map(\.rawValue)

    /// Fields of the standard tables, for "did you mean" on `string.fromat` and the like.
    static let libraryFields: [String: [String]] = [
        "string": [
            "byte", "char", "find", "format", "gmatch", "gsub", "len", "lower", "match", "pack", "packsize",
            "dump", "rep", "reverse", "sub", "unpack", "upper",
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
        "os": ["clock", "date", "difftime", "setlocale", "time"],
        "package": ["config", "loaded", "path", "preload"],
        "debug": ["getinfo", "getmetatable", "traceback"],
        "io": [
            "close", "flush", "input", "lines", "open", "output", "read", "stderr", "stdin", "stdout", "type", "write",
        ],
        "activity": activityFunctions,
    ]
}
