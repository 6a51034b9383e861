import LuaShim
import Synchronization

/// What the last line of defence says when it ends the process.
public struct LastResortReport: Sendable, CustomStringConvertible {
    /// The sandbox's ``Sandbox/label``: the script that did not stop.
    public let script: String
    /// The time limit it went past, and the grace period after it.
    public let time: Duration, grace: Duration

    public var description: String {
        "\(script): time limit exceeded (\(time) per call), and the script did not stop "
            + "within \(grace) more; the process was ended"
    }
}

extension Sandbox {
    /// Installs the last line of defence's report, for the whole process.
    ///
    /// A call that runs out of ``SandboxLimits/time`` is normally stopped at its next
    /// Lua instruction or its next poll in C. A few stretches of C cannot be
    /// interrupted at all (a garbage-collector step). If a call has not returned
    /// ``SandboxLimits/grace`` after its time ran out, the watchdog thread calls the
    /// sandbox's ``onLastResort``, then `report`, then ends the process with
    /// `_exit(exitStatus)`: no script can hang its host. Without this, a fixed line
    /// goes to stderr and the status is 124. Call once, at start-up.
    public static func setLastResort(exitStatus: Int32, report: @escaping @Sendable (LastResortReport) -> Void) {
        lastResortReport.withLock { $0 = report }
        edujam_set_last_resort(sandboxLastResort, exitStatus)
    }
}

private let lastResortReport = Mutex<(@Sendable (LastResortReport) -> Void)?>(nil)

/// On the watchdog thread, with the stuck thread still inside the sandbox: reads
/// only Swift properties that nothing else writes during a call.
private let sandboxLastResort: edujam_last_resort_handler = { host, _ in
    guard let host else { return }
    let sandbox = Unmanaged<Sandbox>.fromOpaque(host).takeUnretainedValue()
    let report = LastResortReport(
        script: sandbox.label ?? "a script", time: sandbox.limits.time,
        grace: sandbox.limits.grace)
    lastResortReport.withLock { $0 }?(report)
    sandbox.onLastResort?()
}
