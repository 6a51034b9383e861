import CLua
import LuaShim

/// What ``Sandbox/call(_:_:field:)`` found in a function's first result.
public enum FieldLookup: Equatable {
    /// The first result is a table; this is its field (`nil` when absent).
    case value(LuaValue)
    /// The first result is not a table: its Lua type name (`nil` when there is no result).
    case notATable(typeName: String)
}

extension Sandbox {
    /// Calls a Lua function within the limits and copies only one field of its first
    /// result into Swift, leaving the rest of the table in Lua: for a caller that has
    /// already read the table once (a game's declaration, read once per process) and
    /// now needs one value of it per run. The field is read raw (no metamethods), as
    /// the table copy ``call(_:_:)`` makes reads it.
    ///
    /// - Throws: any ``SandboxError``, as ``call(_:_:)``.
    public func call(_ function: LuaFunction, _ arguments: [LuaValue] = [], field name: String) throws -> FieldLookup {
        try protectedCall(function, arguments, results: 1) { _ in
            guard lua_type(state, -1) == LUA_TTABLE else {
                return .notATable(typeName: String(cString: lua_typename(state, lua_type(state, -1))))
            }
            withRelaxedLimit {
                pushString(name, on: state)
                lua_rawget(state, -2)
            }
            return .value(try value(at: -1) { "field '\(name)' of the returned value" })
        }
    }
}
