import CLua
import LuaShim

/// A Lua value on the Swift side.
///
/// Values are copied across the boundary, except functions, which stay in the
/// Lua state and are reached through a ``LuaFunction`` handle.
public enum LuaValue: Equatable, CustomStringConvertible {
    case `nil`
    case boolean(Bool)
    case integer(Int)
    case number(Double)
    case string(String)
    case table(LuaTable)
    case function(LuaFunction)

    /// Lua's name for the value's type (`nil`, `boolean`, `number`, `string`, `table`, `function`).
    public var typeName: String {
        switch self {
        case .nil: return "nil"
        case .boolean: return "boolean"
        case .integer, .number: return "number"
        case .string: return "string"
        case .table: return "table"
        case .function: return "function"
        }
    }

    /// The string, if this is one.
    public var stringValue: String? {
        if case .string(let s) = self { return s }
        return nil
    }

    /// The number, if this is an integer or a float.
    public var numberValue: Double? {
        switch self {
        case .integer(let i): return Double(i)
        case .number(let d): return d
        default: return nil
        }
    }

    /// The table, if this is one.
    public var tableValue: LuaTable? {
        if case .table(let t) = self { return t }
        return nil
    }

    /// The function, if this is one.
    public var functionValue: LuaFunction? {
        if case .function(let f) = self { return f }
        return nil
    }

    /// Whether Lua would treat the value as true (everything but `nil` and `false`).
    public var isTruthy: Bool {
        switch self {
        case .nil, .boolean(false): return false
        default: return true
        }
    }

    /// The value as `tostring` shows it, without metamethods (a table shows its contents).
    public var description: String {
        switch self {
        case .nil: return "nil"
        case .boolean(let b): return String(b)
        case .integer(let i): return String(i)
        case .number(let d): return String(d)
        case .string(let s): return s
        case .table(let t): return t.description
        case .function: return "function"
        }
    }
}

/// A table key that Swift can hash: Lua's keys other than tables and functions.
public enum LuaKey: Hashable, Sendable, CustomStringConvertible {
    case boolean(Bool)
    case integer(Int)
    case number(Double)
    case string(String)

    public var description: String {
        switch self {
        case .boolean(let b): return String(b)
        case .integer(let i): return String(i)
        case .number(let d): return String(d)
        case .string(let s): return s
        }
    }
}

/// A Lua table copied into Swift: its sequence part `t[1..n]` and its other fields.
public struct LuaTable: Equatable, CustomStringConvertible {
    /// `t[1]`, `t[2]`, ... up to the first `nil`.
    public var sequence: [LuaValue]
    /// Every other key.
    public var fields: [LuaKey: LuaValue]

    /// Creates a table from its parts.
    public init(sequence: [LuaValue] = [], fields: [LuaKey: LuaValue] = [:]) {
        self.sequence = sequence
        self.fields = fields
    }

    /// The value at a string key, or `nil`.
    public subscript(key: String) -> LuaValue {
        get { fields[.string(key)] ?? .nil }
        set { fields[.string(key)] = newValue == .nil ? nil : newValue }
    }

    /// The value at `t[index]` (1-based), or `nil`.
    public subscript(index: Int) -> LuaValue {
        if index >= 1 && index <= sequence.count { return sequence[index - 1] }
        return fields[.integer(index)] ?? .nil
    }

    public var description: String {
        let items = sequence.map(\.description) + fields.map { "\($0.key)=\($0.value)" }.sorted()
        return "{" + items.joined(separator: ", ") + "}"
    }
}

/// A handle to a function that lives in a ``Sandbox``'s Lua state.
///
/// Call it with ``Sandbox/call(_:_:)`` on the sandbox it came from. The
/// function stays alive in Lua as long as the handle does.
public final class LuaFunction: Equatable {
    let reference: Int32
    let owner: StateToken

    init(reference: Int32, owner: StateToken) {
        self.reference = reference
        self.owner = owner
    }

    deinit {
        owner.release(reference)
    }

    public static func == (lhs: LuaFunction, rhs: LuaFunction) -> Bool { lhs === rhs }
}

/// What a ``LuaFunction`` keeps of its sandbox: the raw state, cleared when the
/// sandbox closes. Not the sandbox itself: a weak reference would put every
/// retain of the Sandbox on Swift's slow path, and host calls retain it.
final class StateToken {
    var raw: OpaquePointer?

    init(raw: OpaquePointer) { self.raw = raw }

    func release(_ reference: Int32) {
        guard let raw else { return }  // the sandbox is gone, and its state with it
        edujam_relax(raw, 1)
        luaL_unref(edujam_state(raw), clua_registryindex(), reference)
        edujam_relax(raw, 0)
    }
}
