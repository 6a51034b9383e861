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
        precondition(function.owner === token, "a LuaFunction is called on the sandbox it came from")
        guard !isFinished else { throw SandboxError.finished }
        let top = lua_gettop(state)
        defer { lua_settop(state, top) }
        try withRelaxedLimit {
            try reserveStack(arguments.count + 2)
            lua_rawgeti(state, clua_registryindex(), lua_Integer(function.reference))
            for argument in arguments { try push(argument) }
        }
        lastHostError = nil
        let status = edujam_pcall(raw, Int32(arguments.count), 1, timeoutNanoseconds)
        guard status == LUA_OK else { throw failure(status: status) }
        guard lua_type(state, -1) == LUA_TTABLE else {
            return .notATable(typeName: String(cString: lua_typename(state, lua_type(state, -1))))
        }
        withRelaxedLimit {
            lua_pushstring(state, name)
            lua_rawget(state, -2)
        }
        return .value(try value(at: -1) { "field '\(name)' of the returned value" })
    }
}
