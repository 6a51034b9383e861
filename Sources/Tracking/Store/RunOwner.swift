import Foundation

/// The process that plays an attempt, saved with the attempt's row so that a reader can tell
/// an attempt still being played from one whose process died without ending it (`kill -9`,
/// a crash, power loss): those are reported as ``RunOutcome/interrupted``.
///
/// A process id alone is reused, so the owner is the host name, the process id, and the
/// process's start: the kernel's boot id and the start time in clock ticks since boot
/// (`/proc/PID/stat`, field 22). No other process on that machine, before or after a
/// reboot, has the same three.
struct RunOwner: Equatable, Hashable {
    /// `gethostname`.
    let host: String
    /// The process id.
    let pid: Int32
    /// `BOOT-ID/TICKS`, or empty where `/proc` cannot say (then only the pid is checked).
    let start: String

    /// The most UTF-8 bytes of ``host`` (`gethostname` gives at most 255, each invalid byte
    /// read as U+FFFD may take three) and of ``start`` (a boot id of 36 characters, `/`, at most 20
    /// digits), which the store's CHECK holds too: a student's own row can make no reader read more.
    static let hostBytes = 255
    static let startBytes = 64

    /// This process.
    static let current = RunOwner(host: hostName(), pid: getpid(), start: startToken(of: getpid()) ?? "")

    /// Whether this owner's process is known to be gone. An owner on another host cannot be
    /// checked from here and is never said to be gone: a store shared over a network keeps
    /// such attempts `running`.
    var isGone: Bool {
        guard host == Self.current.host else { return false }
        guard !start.isEmpty, !Self.current.start.isEmpty else {
            return kill(pid, 0) != 0 && errno == ESRCH  // no /proc: a live pid is taken as ours
        }
        return Self.startToken(of: pid) != start  // no such process now, or another one with its pid
    }

    private static func hostName() -> String {
        var name = [CChar](repeating: 0, count: 256)
        guard gethostname(&name, name.count - 1) == 0 else { return "" }
        var host = String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        while host.utf8.count > hostBytes { host.unicodeScalars.removeLast() }
        return host
    }

    /// `BOOT-ID/TICKS` for a live process, nil when there is none with that pid (or no /proc).
    private static func startToken(of pid: Int32) -> String? {
        guard let boot = try? String(contentsOfFile: "/proc/sys/kernel/random/boot_id", encoding: .utf8),
            let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = stat.lastIndex(of: ")")
        else { return nil }
        // After "pid (name)" come fields 3, 4, ...: the start time, field 22, is the 20th of them.
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        guard fields.count > 19 else { return nil }
        let token = boot.trimmingCharacters(in: .whitespacesAndNewlines) + "/" + fields[19]
        return token.utf8.count <= startBytes ? token : nil
    }
}
