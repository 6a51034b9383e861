import CLua
import LuaShim

/// Bounds on copying a table into Swift: a script may build a cycle or a
/// million-entry table, and reading it must stay cheap and finite.
let maximumTableDepth = 32
let maximumTableEntries = 100_000

extension Sandbox {
    /// Pushes a Swift value. Call with the limit relaxed: pushing allocates.
    func push(_ value: LuaValue, on L: OpaquePointer? = nil, depth: Int = 0) throws {
        let L = L ?? state
        switch value {
        case .nil: lua_pushnil(L)
        case .boolean(let b): lua_pushboolean(L, b ? 1 : 0)
        case .integer(let i): lua_pushinteger(L, lua_Integer(i))
        case .number(let d): lua_pushnumber(L, d)
        case .string(var s):
            s.withUTF8 { bytes in
                bytes.withMemoryRebound(to: CChar.self) { _ = lua_pushlstring(L, $0.baseAddress, $0.count) }
            }
        case .function(let function):
            precondition(function.owner === token, "a LuaFunction belongs to one sandbox")
            lua_rawgeti(L, clua_registryindex(), lua_Integer(function.reference))
        case .table(let table):
            try pushTable(table, on: L, depth: depth)
        }
    }

    private func pushTable(_ table: LuaTable, on L: OpaquePointer, depth: Int) throws {
        guard depth < maximumTableDepth else { throw SandboxError.conversion("table nested too deeply") }
        guard lua_checkstack(L, 4) != 0 else { throw SandboxError.conversion("Lua stack exhausted") }
        lua_createtable(L, Int32(min(table.sequence.count, Int(Int32.max))), Int32(min(table.fields.count, Int(Int32.max))))
        for (offset, element) in table.sequence.enumerated() {
            try push(element, on: L, depth: depth + 1)
            lua_rawseti(L, -2, lua_Integer(offset + 1))
        }
        for (key, element) in table.fields {
            if case .number(let d) = key, d.isNaN { throw SandboxError.conversion("a table key is NaN") }
            try push(LuaValue(key), on: L, depth: depth + 1)
            try push(element, on: L, depth: depth + 1)
            lua_rawset(L, -3)
        }
    }

    /// Reads the value at `index` without running metamethods.
    func value(at index: Int32, on L: OpaquePointer? = nil) throws -> LuaValue {
        var budget = maximumTableEntries
        return try value(at: lua_absindex(L ?? state, index), on: L ?? state, depth: 0, budget: &budget)
    }

    private func value(at index: Int32, on L: OpaquePointer, depth: Int, budget: inout Int) throws -> LuaValue {
        switch lua_type(L, index) {
        case LUA_TNIL, LUA_TNONE: return .nil
        case LUA_TBOOLEAN: return .boolean(lua_toboolean(L, index) != 0)
        case LUA_TNUMBER:
            var isInteger: Int32 = 0
            let i = lua_tointegerx(L, index, &isInteger)
            return lua_isinteger(L, index) != 0 && isInteger != 0 ? .integer(Int(i)) : .number(lua_tonumberx(L, index, nil))
        case LUA_TSTRING: return .string(luaString(at: index, on: L))
        case LUA_TFUNCTION:
            lua_pushvalue(L, index)
            let reference = withRelaxedLimit { luaL_ref(L, clua_registryindex()) }
            return .function(LuaFunction(reference: reference, owner: token))
        case LUA_TTABLE: return .table(try table(at: index, on: L, depth: depth, budget: &budget))
        default:
            throw SandboxError.conversion("a \(String(cString: lua_typename(L, lua_type(L, index)))) value has no Swift counterpart")
        }
    }

    private func table(at index: Int32, on L: OpaquePointer, depth: Int, budget: inout Int) throws -> LuaTable {
        guard depth < maximumTableDepth else { throw SandboxError.conversion("table nested too deeply (a cycle?)") }
        guard lua_checkstack(L, 4) != 0 else { throw SandboxError.conversion("Lua stack exhausted") }
        var integers: [Int: LuaValue] = [:]
        var fields: [LuaKey: LuaValue] = [:]
        lua_pushnil(L)
        while lua_next(L, index) != 0 {
            budget -= 1
            guard budget >= 0 else {
                clua_pop(L, 2)
                throw SandboxError.conversion("table has more than \(maximumTableEntries) entries")
            }
            let element = try value(at: lua_gettop(L), on: L, depth: depth + 1, budget: &budget)
            switch try key(at: lua_gettop(L) - 1, on: L) {
            case .integer(let i): integers[i] = element
            case let other: fields[other] = element
            }
            clua_pop(L, 1)
        }
        var sequence: [LuaValue] = []
        while let next = integers.removeValue(forKey: sequence.count + 1) { sequence.append(next) }
        for (i, element) in integers { fields[.integer(i)] = element }
        return LuaTable(sequence: sequence, fields: fields)
    }

    private func key(at index: Int32, on L: OpaquePointer) throws -> LuaKey {
        switch try value(at: index, on: L) {
        case .boolean(let b): return .boolean(b)
        case .integer(let i): return .integer(i)
        case .number(let d): return .number(d)
        case .string(let s): return .string(s)
        case let other: throw SandboxError.conversion("a \(other.typeName) used as a table key has no Swift counterpart")
        }
    }

}

/// The bytes of the string at `index` (which must be a string), decoded as UTF-8.
func luaString(at index: Int32, on L: OpaquePointer) -> String {
    var length = 0
    guard let bytes = lua_tolstring(L, index, &length) else { return "" }
    return String(decoding: UnsafeRawBufferPointer(start: bytes, count: length), as: UTF8.self)
}

extension LuaValue {
    init(_ key: LuaKey) {
        switch key {
        case .boolean(let b): self = .boolean(b)
        case .integer(let i): self = .integer(i)
        case .number(let d): self = .number(d)
        case .string(let s): self = .string(s)
        }
    }
}
