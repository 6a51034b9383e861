/// The limits a ``Sandbox`` enforces on the scripts it runs.
///
/// The defaults are the safe ones for a student's game: every limit is on. Each is stated once,
/// as its property's initial value (the docs' one table of them is `docs/sandbox.md`, "Limits").
/// Limits are enforced by the host, whatever the script does; after one is hit
/// the sandbox is finished and must be discarded (see ``SandboxError/finished``).
///
/// ```swift
/// var limits = SandboxLimits()
/// limits.time = .milliseconds(200)
/// let sandbox = try Sandbox(limits: limits)
/// ```
public struct SandboxLimits: Sendable, Equatable {
    /// The most bytes the Lua state may hold.
    public var memory: Int = 32 << 20

    /// How long one call into Lua may run, not counting time the host spends
    /// waiting in ``Sandbox/withClockPaused(_:)`` (for a student's answer, say).
    public var time: Duration = .seconds(5)

    /// How long a call may go on after ``time`` ran out before the process is ended:
    /// the last line of defence, for C code that nothing can interrupt (a collector
    /// step). See ``Sandbox/setLastResort(exitStatus:report:)``.
    public var grace: Duration = .seconds(2)

    /// The most bytes a script may show over the sandbox's life: what `print` writes and
    /// what host functions show for it (``Sandbox/spendOutput(_:)``).
    public var output: Int = 1 << 20

    /// The most string bytes one conversion into Swift may copy: a call's results, a host
    /// call's arguments, a global. Each reference to a string counts, as each is copied.
    /// Going past it throws ``SandboxError/tooLarge(_:)``.
    public var conversion: Int = 8 << 20

    /// The most Lua instructions one call may run, or `nil` for no count.
    ///
    /// Off by default: counting needs a hook on every instruction, which makes
    /// Lua about 1.9 times slower. Turn it on where a run must stop at the same
    /// point on every machine (reproducible limit tests), not for speed.
    public var instructions: Int? = nil

    /// Creates the default limits.
    public init() {}
}
