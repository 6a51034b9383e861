import CLua
import LuaShim

/// A Lua 5.4 state that runs untrusted scripts within limits.
///
/// A script sees an allow-list of the standard library (docs/sandbox.md lists
/// it) and whatever host functions you ``register(_:in:_:)``. Every limit in
/// ``SandboxLimits`` holds whatever the script does; once one is hit, the
/// sandbox is finished and every later call throws ``SandboxError/finished``.
///
/// ```swift
/// let sandbox = try Sandbox(output: { print($0) })
/// sandbox.register("double") { call in try call.push(.number(try call.number(1) * 2)) }
/// let results = try sandbox.run("return double(21)", name: "demo.lua")
/// ```
///
/// A sandbox is not thread-safe: use it from one thread at a time.
public final class Sandbox {
    /// The limits this sandbox enforces.
    public let limits: SandboxLimits

    let raw: OpaquePointer
    let state: OpaquePointer
    let token: StateToken
    /// Kept for the state's life: Lua holds raw pointers to them.
    private var hostFunctions: [HostFunctionBox] = []
    private let output: (String) -> Void
    var lastHostError: (any Error)?
    /// What `os.time`, `os.date` and `os.clock` read (``setClock(_:)``); nil: the system's clock.
    var clockReader: (() -> (now: Double, elapsed: Double))?
    /// Whether a call is running (``protectedCall(_:_:results:read:)``): calls do not nest.
    private var isCalling = false

    /// What a last-resort report names this sandbox by; the first chunk loaded
    /// (`games/quiz/game.lua`) unless set.
    public var label: String?

    /// Runs on the watchdog thread just before the process ends because a call did
    /// not stop (``setLastResort(exitStatus:report:)``), while the stuck thread
    /// still holds the Lua state: it must not touch this sandbox, only record what
    /// it can elsewhere (the runtime marks the attempt as stopped by a limit).
    public var onLastResort: (() -> Void)?

    /// Creates a sandbox with the safe libraries opened.
    ///
    /// - Parameters:
    ///   - limits: the limits to enforce; the defaults are safe.
    ///   - seed: the seed of `math.random`, so that runs replay.
    ///   - output: receives everything the script prints, a line at a time (one `print`, its
    ///     values joined by a space, without the newline that ends it), with terminal control
    ///     characters already replaced by `?`.
    /// - Throws: ``SandboxError/stateUnavailable`` when Lua cannot start.
    public init(
        limits: SandboxLimits = SandboxLimits(), seed: Int = 0,
        output: @escaping (String) -> Void = { _ in }
    ) throws {
        precondition(limits.memory > 0 && limits.output > 0 && limits.conversion > 0, "limits must be positive")
        self.limits = limits
        self.output = output
        guard let raw = edujam_new(0, nil, sandboxDispatch, sandboxOutput) else {
            throw SandboxError.stateUnavailable
        }
        self.raw = raw
        self.state = edujam_state(raw)!
        self.token = StateToken(raw: raw)
        edujam_set_host(raw, Unmanaged.passUnretained(self).toOpaque())
        guard edujam_open_sandbox_libs(raw, lua_Integer(seed)) == LUA_OK else {
            edujam_close(raw)
            throw SandboxError.stateUnavailable
        }
        edujam_set_memory_limit(raw, limits.memory)
        edujam_set_output_limit(raw, limits.output)
        edujam_set_instruction_limit(raw, Int64(limits.instructions ?? 0))
        edujam_set_grace(raw, nanoseconds(limits.grace))
    }

    deinit {
        token.raw = nil
        edujam_close(raw)
    }

    /// Whether a limit has stopped this sandbox for good.
    public var isFinished: Bool { Int(edujam_limit(raw)) != EDUJAM_LIMIT_NONE }

    /// Bytes the Lua state holds now.
    public var memoryUsed: Int { edujam_memory_used(raw) }

    /// Bytes printed so far.
    public var outputUsed: Int { edujam_output_used(raw) }

    /// Compiles a text chunk without running it.
    ///
    /// - Parameters:
    ///   - source: Lua source, the bytes as they are (Lua is 8-bit clean: a Latin-1 byte in a
    ///     string literal stays one byte); binary chunks are refused.
    ///   - name: the chunk name errors are located by, e.g. `game.lua`.
    /// - Returns: the compiled chunk, a function of no parameters.
    /// - Throws: ``SandboxError/syntax(_:)``, or ``SandboxError/finished``.
    public func load(_ source: [UInt8], name: String) throws -> LuaFunction {
        guard !isFinished else { throw SandboxError.finished }
        if label == nil { label = name }
        let top = lua_gettop(state)
        defer { lua_settop(state, top) }
        let status = source.withUnsafeBytes { bytes in
            edujam_load(raw, bytes.baseAddress?.assumingMemoryBound(to: CChar.self), bytes.count, "@" + name)
        }
        guard status == LUA_OK else { throw failure(status: status) }
        return makeFunction(at: -1)
    }

    /// Compiles Lua source text without running it: its UTF-8 bytes, as the byte version does.
    public func load(_ source: String, name: String) throws -> LuaFunction {
        try load(Array(source.utf8), name: name)
    }

    /// Compiles and runs a chunk.
    ///
    /// - Returns: what the chunk returns.
    /// - Throws: any ``SandboxError``.
    @discardableResult
    public func run(_ source: [UInt8], name: String, arguments: [LuaValue] = []) throws -> [LuaValue] {
        try call(load(source, name: name), arguments)
    }

    /// Compiles and runs Lua source text.
    @discardableResult
    public func run(_ source: String, name: String, arguments: [LuaValue] = []) throws -> [LuaValue] {
        try run(Array(source.utf8), name: name, arguments: arguments)
    }

    /// Calls a Lua function within the limits.
    ///
    /// - Parameters:
    ///   - function: a function from this sandbox.
    ///   - arguments: converted to Lua values.
    /// - Returns: the function's results.
    /// - Throws: any ``SandboxError``.
    @discardableResult
    public func call(_ function: LuaFunction, _ arguments: [LuaValue] = []) throws -> [LuaValue] {
        try protectedCall(function, arguments, results: LUA_MULTRET) { top in
            let resultCount = max(0, Int(lua_gettop(state) - top))
            // one for all results: `return s, s, s, ...` shares it
            var budget = ConversionBudget(bytes: limits.conversion)
            return try (0..<resultCount).map { offset in
                try value(at: top + 1 + Int32(offset), on: state, budget: &budget) { "the returned value" }
            }
        }
    }

    /// Calls `function` within the limits, leaving `results` results (or all, `LUA_MULTRET`) on
    /// the stack above `top` for `read`, which copies what it needs while the call's bracket
    /// is still open; the stack is put back afterwards.
    func protectedCall<T>(
        _ function: LuaFunction, _ arguments: [LuaValue], results: Int32,
        read: (_ top: Int32) throws -> T
    ) throws -> T {
        precondition(function.owner === token, "a LuaFunction is called on the sandbox it came from")
        // A call from inside one of this sandbox's own host functions would start a second
        // bracket over the first: fresh instruction budget and deadline (a way around both),
        // and the watchdog's list of running calls left pointing at this sandbox after it is
        // freed. Host code never needs it (a host function returns values instead), so it is
        // a programming error, as calling another sandbox's function is.
        precondition(!isCalling, "Sandbox.call from inside one of this sandbox's own host functions")
        guard !isFinished else { throw SandboxError.finished }
        isCalling = true
        defer { isCalling = false }
        let top = lua_gettop(state)
        defer { lua_settop(state, top) }
        edujam_begin_call(raw, timeoutNanoseconds)  // the pushes and reads too: they can run the collector
        defer { edujam_end_call(raw) }
        try withRelaxedLimit {
            try reserveStack(arguments.count + 2)
            lua_rawgeti(state, clua_registryindex(), lua_Integer(function.reference))
            for argument in arguments { try push(argument) }
        }
        lastHostError = nil
        let status = edujam_pcall(raw, Int32(arguments.count), results)
        guard status == LUA_OK else { throw failure(status: status) }
        return try read(top)
    }

    /// Calls the global function `name`.
    @discardableResult
    public func call(global name: String, _ arguments: [LuaValue] = []) throws -> [LuaValue] {
        guard case .function(let function) = try global(name) else {
            throw SandboxError.runtime(
                ScriptFailure(
                    message: "attempt to call a \(try global(name).typeName) value (global '\(name)')",
                    traceback: ""))
        }
        return try call(function, arguments)
    }

    /// Reads a global without running any metamethod.
    public func global(_ name: String) throws -> LuaValue {
        let top = lua_gettop(state)
        defer { lua_settop(state, top) }
        clua_pushglobaltable(state)
        pushString(name, on: state)
        lua_rawget(state, -2)
        return try value(at: -1) { "global '\(name)'" }
    }

    /// Sets a global without running any metamethod.
    public func setGlobal(_ name: String, _ value: LuaValue) throws {
        let top = lua_gettop(state)
        defer { lua_settop(state, top) }
        try withRelaxedLimit {
            try reserveStack(3)
            clua_pushglobaltable(state)
            pushString(name, on: state)
            try push(value)
            lua_rawset(state, -3)
        }
    }

    /// Counts `bytes` a host function shows on the script's behalf (a prompt, a list of
    /// options) against the output budget that `print` spends: whatever channel text
    /// takes, the script's output is bounded by ``SandboxLimits/output``.
    /// - Throws: ``SandboxError/outputLimit(_:)`` when they do not fit. The sandbox is
    ///   then finished; thrown on from a host function, it ends the call as `print`
    ///   past the budget does.
    public func spendOutput(_ bytes: Int) throws {
        edujam_flush_output(raw)  // a line io.write left open is shown before what the host shows
        guard edujam_spend_output(raw, max(0, bytes)) == 0 else {
            throw SandboxError.outputLimit(ScriptFailure(message: "output limit exceeded (\(limits.output) bytes)"))
        }
    }

    /// Runs `body` with the time limit stopped: for host functions that wait
    /// on a person (reading a student's answer), which is not the script's time.
    public func withClockPaused<T>(_ body: () throws -> T) rethrows -> T {
        edujam_pause_clock(raw)
        defer { edujam_resume_clock(raw) }
        return try body()
    }

    // MARK: Host functions

    /// A Swift function a script can call.
    ///
    /// It reads its arguments from the ``HostCall`` and gives its results back with
    /// ``HostCall/push(_:)``, in place: a call returns no array. A thrown error becomes
    /// a Lua error at the script's calling line. It must not call its own sandbox
    /// (``call(_:_:)``): calls do not nest, and a nested one is a precondition failure.
    public typealias HostFunction = (HostCall) throws -> Void

    /// Makes a Swift function callable from Lua as a global or a table field.
    ///
    /// - Parameters:
    ///   - name: the function's name, also used in "bad argument" messages.
    ///   - table: a global table to put it in (created if missing), or `nil` for a global.
    ///   - function: the Swift function.
    ///
    /// A sandbox has room for 128 host functions (`EDUJAM_HOST_FUNCTIONS`: each is its own C
    /// entry point, which spares every call a lookup); registering more is a precondition failure.
    public func register(_ name: String, in table: String? = nil, _ function: @escaping HostFunction) {
        let top = lua_gettop(state)
        defer { lua_settop(state, top) }
        edujam_relax(raw, 1)
        defer { edujam_relax(raw, 0) }
        clua_pushglobaltable(state)
        if let table {
            pushString(table, on: state)
            if lua_rawget(state, -2) != LUA_TTABLE {
                clua_pop(state, 1)
                clua_newtable(state)
                pushString(table, on: state)
                lua_pushvalue(state, -2)
                lua_rawset(state, -4)
            }
        }
        pushString(name, on: state)
        pushHostFunction(name, function)
        lua_rawset(state, -3)
    }

    /// Gives the sandbox a global `require` (a bare sandbox has none) that finds modules with
    /// `find`: a host function that, given a module's name, pushes the module's chunk
    /// (``load(_:)``) and the file it came from, or `nil` and the message that says why not.
    /// The rest is stock's, in C (`Sources/LuaShim/libraries/require.c`): `package.loaded`
    /// first, then a loader in `package.preload`, the chunk called with the name and the file,
    /// a module that requires itself refused as a loop. Calling it again replaces the first.
    public func installRequire(_ find: @escaping HostFunction) {
        install("require", find, with: edujam_install_require)
    }

    /// Gives the sandbox `loadfile` and `dofile` (a bare sandbox has neither) that read files with
    /// `find`: a host function that, given the file name, pushes the compiled chunk and the file,
    /// or `nil` and the message that says why not. The rest is stock's, in C
    /// (`Sources/LuaShim/libraries/require.c`): `loadfile`'s mode and environment, `dofile`
    /// calling the chunk. Calling it again replaces the first.
    public func installLoadfile(_ find: @escaping HostFunction) {
        install("loadfile", find, with: edujam_install_loadfile)
    }

    /// Gives `io.read`, `io.lines` and `io.stdin` (a bare sandbox reads the end of input) the
    /// student's lines: `read` is a host function that, given a prompt (the line `io.write` left
    /// unfinished, already counted against the output budget, or `""`), returns the next line
    /// or `nil` (`Sources/LuaShim/libraries/io.c`). Calling it again replaces the first.
    public func installInput(_ read: @escaping HostFunction) {
        install("read", read, with: edujam_install_input)
    }

    /// Pushes `function` (called `name` in its messages) and hands it to the shim's `installer`,
    /// which takes it from the top of the stack, with the limits relaxed (the installer allocates).
    func install(_ name: String, _ function: @escaping HostFunction, with installer: (OpaquePointer?) -> Void) {
        let top = lua_gettop(state)
        defer { lua_settop(state, top) }
        edujam_relax(raw, 1)
        defer { edujam_relax(raw, 0) }
        pushHostFunction(name, function)
        installer(state)
    }

    /// Pushes `function` as a Lua function in the next of the sandbox's host slots; the sandbox
    /// keeps it alive. `name` is what its "bad argument" messages call it.
    private func pushHostFunction(_ name: String, _ function: @escaping HostFunction) {
        let box = HostFunctionBox(name: name, function)
        hostFunctions.append(box)
        precondition(
            edujam_push_host_function(state, Unmanaged.passUnretained(box).toOpaque()) == 0,
            "a sandbox has at most \(EDUJAM_HOST_FUNCTIONS) host functions")
    }

    /// Called from C through `sandboxDispatch` (inlined there: one Swift frame per call);
    /// never lets an error escape. Returns how many results the function pushed.
    @inline(__always)
    fileprivate func dispatch(_ lua: OpaquePointer, _ function: HostFunctionBox) -> Int32 {
        // Each call's frame is its own, on this stack: nothing on the Sandbox to save and restore.
        var frame = HostCallFrame(budget: ConversionBudget(bytes: limits.conversion))
        do {
            // Unprotected: the frame is a struct of integers the host's readers write through
            // typed accessors, and a stack protector (a canary stored and checked) was 5 of
            // the entry's 34 instructions.
            try _withUnprotectedUnsafeMutablePointer(to: &frame) { frame in
                try function.body(HostCall(state: lua, sandbox: self, function: function, frame: frame))
            }
            return frame.results
        } catch {
            return hostFunctionFailed(error, on: lua)
        }
    }

    /// What C raises for a host function's error: the output limit as a limit, anything
    /// else as its message (pushed). Out of line: the common path stays a small frame.
    @inline(never)
    private func hostFunctionFailed(_ error: any Error, on lua: OpaquePointer) -> Int32 {
        if case SandboxError.outputLimit = error {
            edujam_set_limit(raw, Int32(EDUJAM_LIMIT_OUTPUT))
            return EDUJAM_HOST_LIMIT
        }
        lastHostError = error
        pushString(String(describing: error), on: lua)
        return EDUJAM_HOST_ERROR
    }

    /// One `print`'s line, without the newline print adds (C leaves it out: a plain string is
    /// handed over as its own bytes, with no line built around it). One `String` per line, made
    /// here: a caller that cut the newline off made a second (5% of a playthrough, bench/README.md).
    fileprivate func write(_ bytes: UnsafeRawBufferPointer) {
        output(String(decoding: bytes, as: UTF8.self))
    }

    // MARK: Internals

    var timeoutNanoseconds: UInt64 { nanoseconds(limits.time) }

    /// A limit's duration in nanoseconds; negative is 0, too long saturates.
    func nanoseconds(_ duration: Duration) -> UInt64 {
        let (seconds, attoseconds) = duration.components
        let (whole, overflow) = UInt64(max(0, seconds)).multipliedReportingOverflow(by: 1_000_000_000)
        let (total, overflow2) = whole.addingReportingOverflow(UInt64(max(0, attoseconds) / 1_000_000_000))
        return overflow || overflow2 ? UInt64.max : total
    }

    func withRelaxedLimit<T>(_ body: () throws -> T) rethrows -> T {
        edujam_relax(raw, 1)
        defer { edujam_relax(raw, 0) }
        return try body()
    }

    func reserveStack(_ slots: Int) throws {
        guard lua_checkstack(state, Int32(slots)) != 0 else {
            throw SandboxError.conversion("Lua stack exhausted")
        }
    }

    func makeFunction(at index: Int32) -> LuaFunction {
        lua_pushvalue(state, index)
        let reference = withRelaxedLimit { luaL_ref(state, clua_registryindex()) }
        return LuaFunction(reference: reference, owner: token)
    }

}

/// C calls Swift host functions through this one entry; the host pointer is the Sandbox.
/// The Sandbox outlives every call it dispatches, so no retain is needed here. C never
/// passes NULL (edujam_shim.h): the pointers are taken without a check.
private let sandboxDispatch: edujam_host_dispatch = { lua, host, function in
    Unmanaged<HostFunctionBox>.fromOpaque(function.unsafelyUnwrapped)._withUnsafeGuaranteedRef { function in
        Unmanaged<Sandbox>.fromOpaque(host.unsafelyUnwrapped)._withUnsafeGuaranteedRef {
            $0.dispatch(lua.unsafelyUnwrapped, function)
        }
    }
}

/// A registered host function, addressed from Lua by pointer.
final class HostFunctionBox {
    /// The name it was registered under, for messages.
    let name: String
    let body: Sandbox.HostFunction
    init(name: String, _ body: @escaping Sandbox.HostFunction) {
        self.name = name
        self.body = body
    }
}

private let sandboxOutput: edujam_output_sink = { host, bytes, count in
    Unmanaged<Sandbox>.fromOpaque(host!).takeUnretainedValue()
        .write(UnsafeRawBufferPointer(start: bytes, count: count))
    return 0
}
