import CLua

/// A bare Lua state from the raw C API: `luaL_newstate` and `luaL_openlibs`,
/// no limits, no allocator of ours. The in-process baseline, using the same
/// liblua5.4 the sandbox links.
final class RawLua {
    let state: OpaquePointer

    init() throws {
        guard let state = luaL_newstate() else { throw BenchError.rawLua("luaL_newstate failed") }
        self.state = state
        luaL_openlibs(state)
    }

    deinit { lua_close(state) }

    /// Loads and runs a chunk, leaving its first result on the stack.
    func run(_ source: String, name: String) throws {
        guard luaL_loadbufferx(state, source, source.utf8.count, "=" + name, "t") == LUA_OK,
            clua_pcall(state, 0, 1, 0) == LUA_OK
        else { throw BenchError.rawLua(String(cString: clua_tostring(state, -1))) }
    }

    /// Calls the function at stack `index` with one integer argument and
    /// returns its result as text (the workloads' checksum).
    @discardableResult
    func call(at index: Int32, _ argument: Int) throws -> String {
        lua_pushvalue(state, index)
        lua_pushinteger(state, lua_Integer(argument))
        guard clua_pcall(state, 1, 1, 0) == LUA_OK else {
            throw BenchError.rawLua(String(cString: clua_tostring(state, -1)))
        }
        let text = String(cString: luaL_tolstring(state, -1, nil))
        clua_pop(state, 2)  // the result and luaL_tolstring's copy of it
        return text
    }
}
