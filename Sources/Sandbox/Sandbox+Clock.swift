import LuaShim

extension Sandbox {
    /// Sets the clock a script reads through `os.time()`, `os.date()` and `os.clock()`.
    ///
    /// Without one they read the system's clock and the process's CPU time, as stock Lua.
    /// A game's runtime gives its run's clock, so a run on a virtual clock (a transcript,
    /// a playthrough test) reads the same time whenever it is replayed.
    ///
    /// - Parameter read: the time now, in seconds since 1970, and the seconds since the
    ///   run began (what `os.clock()` returns). Called during a script's call: it must not
    ///   call back into this sandbox.
    public func setClock(_ read: @escaping () -> (now: Double, elapsed: Double)) {
        clockReader = read
        edujam_set_clock(raw, sandboxClock)
    }
}

/// C reads the run's clock through this one entry; the host pointer is the Sandbox.
private let sandboxClock: edujam_clock_source = { host, now, elapsed in
    guard let host, let now, let elapsed,
        let read = Unmanaged<Sandbox>.fromOpaque(host).takeUnretainedValue().clockReader
    else { return 1 }
    (now.pointee, elapsed.pointee) = read()
    return 0
}
