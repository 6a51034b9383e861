import CLua
import LuaShim

/// One call from Lua into a Swift host function: its arguments, and the results it
/// gives back.
///
/// Reading an argument copies it into Swift; all the arguments of one call share
/// one budget of ``SandboxLimits/conversion`` string bytes and 100,000 table
/// entries, and going past it throws ``SandboxError/tooLarge(_:)``, which the
/// script sees as an error at its calling line (it may catch it with `pcall`).
///
/// Positions are 1-based, as in Lua. The typed readers throw the error Lua's
/// own library functions give, e.g. `bad argument #2 to 'quantity' (number
/// expected, got nil)`, which the script then sees at its calling line.
///
/// The function's results are the values it ``push(_:)``es, in order; none for a
/// function that returns nothing. Read the arguments before pushing: a result sits on
/// the stack above them (debug builds assert it). A `HostCall` is valid only while its
/// function runs.
public struct HostCall {
    @usableFromInline let state: OpaquePointer
    /// Lives only while its Sandbox dispatches it.
    unowned(unsafe) let sandbox: Sandbox
    /// The function being called; unowned like the sandbox, which keeps it for its life:
    /// a host call retains nothing.
    unowned(unsafe) let function: HostFunctionBox
    /// The call's argument budget and result count, on the dispatcher's stack: each
    /// call has its own, and nothing is saved or restored around it.
    @usableFromInline let frame: UnsafeMutablePointer<HostCallFrame>

    /// How many arguments the script passed.
    public var count: Int { Int(lua_gettop(state)) - Int(frame.pointee.results) }

    /// The name the function was registered under, for messages. Not the name Lua saw:
    /// called through a local alias or a C function (`string.gsub`), Lua knows it as another
    /// name or none.
    public var name: String { function.name }

    /// The argument at `position` as a value (`nil` past the last).
    public func value(_ position: Int) throws -> LuaValue {
        guard position <= count else { return .nil }
        return try sandbox.value(at: index(position), on: state, budget: &frame.pointee.budget) {
            argumentName(position)
        }
    }

    /// Whether the argument at `position` is absent or `nil`.
    public func isNil(_ position: Int) -> Bool {
        lua_type(state, index(position)) <= LUA_TNIL
    }

    /// Whether the argument at `position` is a string (strictly: a number is not).
    public func isString(_ position: Int) -> Bool {
        lua_type(state, index(position)) == LUA_TSTRING
    }

    /// A string argument (a number is not taken: the API wants text).
    public func string(_ position: Int) throws -> String {
        guard lua_type(state, index(position)) == LUA_TSTRING else { throw badType(position, "string") }
        return try sandbox.string(at: index(position), on: state, budget: &frame.pointee.budget) {
            argumentName(position)
        }
    }

    /// Reads a string argument's bytes in place, without copying them into a Swift
    /// `String`: for a host function that only compares or parses them (an identifier
    /// it looks up, a number it reads). The bytes are valid only inside `body`. Nothing
    /// is copied, so nothing is counted against the conversion budget; a copy `body`
    /// makes is its own (a number is not taken, as in ``string(_:)``).
    @inlinable @inline(__always)
    public func withBytes<Result>(_ position: Int, _ body: (UnsafeRawBufferPointer) throws -> Result) throws -> Result {
        guard lua_type(state, index(position)) == LUA_TSTRING else { throw badType(position, "string") }
        var length = 0
        // A string already: no conversion. Unprotected (no stack canary in the host function):
        // Lua writes one size_t there.
        let bytes = _withUnprotectedUnsafeMutablePointer(to: &length) { lua_tolstring(state, index(position), $0) }
        return try body(UnsafeRawBufferPointer(start: bytes, count: length))
    }

    /// A string argument, or `nil` when absent.
    public func optionalString(_ position: Int) throws -> String? {
        isNil(position) ? nil : try string(position)
    }

    /// A number argument (integer or float).
    @inlinable @inline(__always)
    public func number(_ position: Int) throws -> Double {
        // An integer first, the common case: lua_tonumberx converts one out of line
        // (luaV_tonumber_), which cost more than asking.
        if lua_isinteger(state, index(position)) != 0 { return Double(lua_tointegerx(state, index(position), nil)) }
        guard lua_type(state, index(position)) == LUA_TNUMBER else { throw badType(position, "number") }
        return lua_tonumberx(state, index(position), nil)
    }

    /// A number argument, or `nil` when absent.
    public func optionalNumber(_ position: Int) throws -> Double? {
        isNil(position) ? nil : try number(position)
    }

    /// An integer argument (a float with an exact integer value is taken).
    public func integer(_ position: Int) throws -> Int {
        var isInteger: Int32 = 0
        let value = _withUnprotectedUnsafeMutablePointer(to: &isInteger) { lua_tointegerx(state, index(position), $0) }
        guard lua_type(state, index(position)) == LUA_TNUMBER else { throw badType(position, "number") }
        guard isInteger != 0 else { throw badArgument(position, "number has no integer representation") }
        return Int(value)
    }

    /// A boolean argument (strictly `true` or `false`).
    public func boolean(_ position: Int) throws -> Bool {
        guard lua_type(state, index(position)) == LUA_TBOOLEAN else { throw badType(position, "boolean") }
        return lua_toboolean(state, index(position)) != 0
    }

    /// A table argument, copied into Swift.
    public func table(_ position: Int) throws -> LuaTable {
        guard lua_type(state, index(position)) == LUA_TTABLE else { throw badType(position, "table") }
        return try value(position).tableValue ?? LuaTable()
    }

    /// Gives `value` back to the script as the call's next result (`return a, b` is
    /// `push(a)` then `push(b)`). Results pushed before an error are dropped with the call.
    /// - Throws: ``SandboxError/conversion(_:)`` when the value cannot be made in Lua
    ///   (a table nested too deeply, a NaN key, the Lua stack full).
    public func push(_ value: LuaValue) throws {
        // 3 slots: the value, and the trampoline's error message with its location.
        guard lua_checkstack(state, 3) != 0 else { throw SandboxError.conversion("too many results") }
        try sandbox.push(value, on: state)
        frame.pointee.results &+= 1  // bounded by the Lua stack (checked above)
    }

    /// Gives a number back as ``push(_:)`` does with `.number(value)`, pushed straight: for a
    /// host function a game calls many times a run (`clock`, some 40 times a playthrough), which
    /// need not walk the general ``LuaValue`` push.
    /// - Throws: ``SandboxError/conversion(_:)`` when the Lua stack is full.
    public func push(number value: Double) throws {
        guard lua_checkstack(state, 3) != 0 else { throw SandboxError.conversion("too many results") }
        lua_pushnumber(state, value)
        frame.pointee.results &+= 1  // bounded by the Lua stack (checked above)
    }

    /// The stack index of argument `position`. Arguments are read before results are pushed
    /// above them: checked in debug builds only, as it is the host's code, not the script,
    /// that decides the order (a release build pays nothing per read).
    @inlinable @inline(__always)
    func index(_ position: Int) -> Int32 {
        assert(frame.pointee.results == 0, "\(name): an argument read after a result was pushed")
        return Int32(position)
    }

    /// An error for argument `position`: `bad argument #2 to 'f' (reason)`.
    public func badArgument(_ position: Int, _ reason: String) -> HostFunctionError {
        .badArgument(position: position, function: name, reason: reason)
    }

    /// `argument #2 to 'choose'`, for errors about the whole value.
    private func argumentName(_ position: Int) -> String {
        "argument #\(position) to '\(name)'"
    }

    /// `bad argument #2 to 'f' (number expected, got nil)`, boxed as the error a reader throws.
    /// Out of line, and boxed there: a reader inlined into a host function leaves only a call
    /// on its error path, not the error made in its frame (registers and stack it would save).
    @usableFromInline @inline(never)
    func badType(_ position: Int, _ expected: String) -> any Error {
        let got =
            lua_type(state, index(position)) == LUA_TNONE
            ? "no value" : String(cString: lua_typename(state, lua_type(state, index(position))))
        return badArgument(position, "\(expected) expected, got \(got)")
    }
}

/// What a host call keeps on its dispatcher's stack.
@usableFromInline
struct HostCallFrame {
    /// What the call may still copy of its arguments: one budget for all of them.
    var budget: ConversionBudget
    /// How many results the function has pushed.
    @usableFromInline var results: Int32 = 0
}

/// An error a host function throws to raise a Lua error at the script's line.
public enum HostFunctionError: Error, CustomStringConvertible, Equatable {
    /// `bad argument #position to 'function' (reason)`, Lua's own format.
    case badArgument(position: Int, function: String, reason: String)
    /// Any other message, shown as is.
    case message(String)

    public var description: String {
        switch self {
        case .badArgument(let position, let function, let reason):
            return "bad argument #\(position) to '\(function)' (\(reason))"
        case .message(let message):
            return message
        }
    }
}
