import CLua
import LuaShim

/// Bounds on copying a table into Swift: a script may build a cycle or a
/// million-entry table, and reading it must stay cheap and finite.
let maximumTableDepth = 32
let maximumTableEntries = 100_000

/// What one conversion from Lua into Swift may still copy: string bytes
/// (``SandboxLimits/conversion``) and table entries (100,000).
///
/// A Lua string is stored once however many times it is referenced, but every
/// reference is copied into Swift, so a 4 MiB string in 300 table slots is 1.2 GB
/// on the host. The budget counts each string per reference, as copied, and is
/// checked before the copy (`lua_tolstring` gives the length without copying);
/// table keys count like values. One budget covers a whole crossing: all of a
/// call's results, or all of a host call's arguments.
struct ConversionBudget {
    let byteLimit: Int
    var bytesLeft: Int
    var entriesLeft = maximumTableEntries

    init(bytes: Int) {
        byteLimit = bytes
        bytesLeft = bytes
    }

    /// Takes `count` string bytes, or throws naming `what` (nothing is copied then).
    mutating func spend(bytes count: Int, for what: () -> String) throws {
        guard count <= bytesLeft else {
            throw SandboxError.tooLarge(
                "\(what()) holds more than \(byteLimit) bytes of text (each reference to a string counts)")
        }
        bytesLeft -= count
    }

    /// Takes one table entry, or throws naming `what`.
    mutating func spendEntry(for what: () -> String) throws {
        guard entriesLeft > 0 else {
            throw SandboxError.tooLarge("\(what()) holds more than \(maximumTableEntries) table entries")
        }
        entriesLeft -= 1
    }
}

extension Sandbox {
    /// Pushes a Swift value. Call with the limit relaxed: pushing allocates.
    func push(_ value: LuaValue, on lua: OpaquePointer? = nil, depth: Int = 0) throws {
        let lua = lua ?? state
        switch value {
        case .nil: lua_pushnil(lua)
        case .boolean(let b): lua_pushboolean(lua, b ? 1 : 0)
        case .integer(let i): lua_pushinteger(lua, lua_Integer(i))
        case .number(let d): lua_pushnumber(lua, d)
        case .string(let s): pushString(s, on: lua)
        case .function(let function):
            precondition(function.owner === token, "a LuaFunction belongs to one sandbox")
            lua_rawgeti(lua, clua_registryindex(), lua_Integer(function.reference))
        case .table(let table):
            try pushTable(table, on: lua, depth: depth)
        }
    }

    /// Pushes all of a Swift string's bytes. Every string the host pushes goes through here, not
    /// `lua_pushstring(state, name)`: handing a `String` to a `const char *` parameter copies it
    /// into a new array first, which was 1.3% of a playthrough (bench/README.md).
    func pushString(_ text: String, on lua: OpaquePointer) {
        var text = text
        text.withUTF8 { bytes in
            bytes.withMemoryRebound(to: CChar.self) { _ = lua_pushlstring(lua, $0.baseAddress, $0.count) }
        }
    }

    private func pushTable(_ table: LuaTable, on lua: OpaquePointer, depth: Int) throws {
        guard depth < maximumTableDepth else { throw SandboxError.conversion("table nested too deeply") }
        guard lua_checkstack(lua, 4) != 0 else { throw SandboxError.conversion("Lua stack exhausted") }
        lua_createtable(
            lua, Int32(min(table.sequence.count, Int(Int32.max))), Int32(min(table.fields.count, Int(Int32.max))))
        for (offset, element) in table.sequence.enumerated() {
            try push(element, on: lua, depth: depth + 1)
            lua_rawseti(lua, -2, lua_Integer(offset + 1))
        }
        for (key, element) in table.fields {
            if case .number(let d) = key, d.isNaN { throw SandboxError.conversion("a table key is NaN") }
            try push(LuaValue(key), on: lua, depth: depth + 1)
            try push(element, on: lua, depth: depth + 1)
            lua_rawset(lua, -3)
        }
    }

    /// Reads the value at `index` without running metamethods, within a budget of its own.
    /// - Parameter what: names the value in a ``SandboxError/tooLarge(_:)`` error.
    func value(at index: Int32, on lua: OpaquePointer? = nil, what: () -> String) throws -> LuaValue {
        var budget = ConversionBudget(bytes: limits.conversion)
        return try value(at: index, on: lua ?? state, budget: &budget, what: what)
    }

    /// Reads the value at `index` without running metamethods, spending `budget`.
    func value(at index: Int32, on lua: OpaquePointer, budget: inout ConversionBudget, what: () -> String) throws
        -> LuaValue
    {
        try value(at: lua_absindex(lua, index), on: lua, depth: 0, budget: &budget, what: what)
    }

    /// The string at `index` (which must be a string), its length taken from `budget` before it is copied.
    func string(at index: Int32, on lua: OpaquePointer, budget: inout ConversionBudget, what: () -> String) throws
        -> String
    {
        var length = 0
        _ = lua_tolstring(lua, index, &length)  // a string already: no conversion, no allocation
        try budget.spend(bytes: length, for: what)
        return luaString(at: index, on: lua)
    }

    private func value(
        at index: Int32, on lua: OpaquePointer, depth: Int, budget: inout ConversionBudget,
        what: () -> String
    ) throws -> LuaValue {
        switch lua_type(lua, index) {
        case LUA_TNIL, LUA_TNONE: return .nil
        case LUA_TBOOLEAN: return .boolean(lua_toboolean(lua, index) != 0)
        case LUA_TNUMBER:
            var isInteger: Int32 = 0
            let i = lua_tointegerx(lua, index, &isInteger)
            return lua_isinteger(lua, index) != 0 && isInteger != 0
                ? .integer(Int(i)) : .number(lua_tonumberx(lua, index, nil))
        case LUA_TSTRING: return .string(try string(at: index, on: lua, budget: &budget, what: what))
        case LUA_TFUNCTION:
            lua_pushvalue(lua, index)
            let reference = withRelaxedLimit { luaL_ref(lua, clua_registryindex()) }
            return .function(LuaFunction(reference: reference, owner: token))
        case LUA_TTABLE: return .table(try table(at: index, on: lua, depth: depth, budget: &budget, what: what))
        default:
            throw SandboxError.conversion(
                "a \(String(cString: lua_typename(lua, lua_type(lua, index)))) value has no Swift counterpart")
        }
    }

    private func table(
        at index: Int32, on lua: OpaquePointer, depth: Int, budget: inout ConversionBudget,
        what: () -> String
    ) throws -> LuaTable {
        guard depth < maximumTableDepth else { throw SandboxError.conversion("table nested too deeply (a cycle?)") }
        guard lua_checkstack(lua, 4) != 0 else { throw SandboxError.conversion("Lua stack exhausted") }
        var integers: [Int: LuaValue] = [:]
        var fields: [LuaKey: LuaValue] = [:]
        let top = lua_gettop(lua)
        defer { lua_settop(lua, top) }  // a refusal leaves the key and value behind
        lua_pushnil(lua)
        while lua_next(lua, index) != 0 {
            try budget.spendEntry(for: what)
            let element = try value(at: lua_gettop(lua), on: lua, depth: depth + 1, budget: &budget, what: what)
            switch try key(at: lua_gettop(lua) - 1, on: lua, budget: &budget, what: what) {
            case .integer(let i): integers[i] = element
            case let other: fields[other] = element
            }
            clua_pop(lua, 1)
        }
        var sequence: [LuaValue] = []
        while let next = integers.removeValue(forKey: sequence.count + 1) { sequence.append(next) }
        for (i, element) in integers { fields[.integer(i)] = element }
        return LuaTable(sequence: sequence, fields: fields)
    }

    private func key(at index: Int32, on lua: OpaquePointer, budget: inout ConversionBudget, what: () -> String) throws
        -> LuaKey
    {
        let type = lua_type(lua, index)
        if type == LUA_TBOOLEAN || type == LUA_TNUMBER || type == LUA_TSTRING {  // never copy a table key first
            switch try value(at: index, on: lua, depth: 0, budget: &budget, what: what) {
            case .boolean(let b): return .boolean(b)
            case .integer(let i): return .integer(i)
            case .number(let d): return .number(d)
            case .string(let s): return .string(s)
            default: break
            }
        }
        throw SandboxError.conversion(
            "a \(String(cString: lua_typename(lua, type))) used as a table key has no Swift counterpart")
    }

}

/// The bytes of the string at `index` (which must be a string), decoded as UTF-8.
func luaString(at index: Int32, on lua: OpaquePointer) -> String {
    var length = 0
    guard let bytes = lua_tolstring(lua, index, &length) else { return "" }
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
