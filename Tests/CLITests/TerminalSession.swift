import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The built `edujam` in a pseudo-terminal that is its controlling terminal, as a student's shell
/// starts it: a session of its own, the terminal on stdin, stdout and stderr, and everything typed
/// going through the terminal's line discipline (echo, Ctrl-C as SIGINT to the foreground
/// process group, Ctrl-D as end of input). Closing the session hangs the terminal up (SIGHUP).
/// Needs no real terminal, so it runs in CI as root.
final class TerminalSession {
    let pid: pid_t
    private var master: Int32
    private var bytes: [UInt8] = []
    /// Where the next ``expect(_:timeout:)`` starts looking, so that expectations read in order.
    private var cursor: String.Index?
    private var exitStatus: Int32?

    /// glibc's POSIX_SPAWN_SETSID (2.26+): the child starts a new session before the file
    /// actions run, so opening the terminal there makes it the controlling terminal.
    private static let spawnSetSID: Int32 = 0x80
    /// Linux's TIOCSPTLCK (`_IOW('T', 0x31, int)`) and TIOCGPTN (`_IOR('T', 0x30, unsigned)`),
    /// which Swift cannot import (they are macros over a structure).
    private static let unlock: UInt = 0x4004_5431, number: UInt = 0x8004_5430

    /// Starts `edujam arguments` in `directory` with the test process's environment plus
    /// `environment`, less the variables in `unset`.
    init(
        _ arguments: [String], environment: [String: String] = [:], unset: Set<String> = [],
        directory: String = Edujam.root.path
    ) throws {
        // posix_openpt, unlockpt and ptsname are not imported into Swift: their ioctls are.
        master = open("/dev/ptmx", O_RDWR | O_NOCTTY | O_CLOEXEC)
        var locked: Int32 = 0
        var number: UInt32 = 0
        guard master >= 0, ioctl(master, Self.unlock, &locked) == 0, ioctl(master, Self.number, &number) == 0 else {
            throw POSIXError(.EIO)
        }
        let name = "/dev/pts/\(number)"

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t()
        var all = sigset_t()
        sigemptyset(&none)
        sigfillset(&all)
        posix_spawnattr_setsigmask(&attributes, &none)  // the test runner's threads block signals
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setflags(&attributes, Int16(Self.spawnSetSID | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, name, O_RDWR, 0)
        posix_spawn_file_actions_adddup2(&actions, 0, 1)
        posix_spawn_file_actions_adddup2(&actions, 0, 2)

        var merged = ProcessInfo.processInfo.environment
        for (key, value) in environment { merged[key] = value }
        for key in unset { merged[key] = nil }
        // env -C sets the folder: posix_spawn_file_actions_addchdir_np is not imported either.
        let argv = (["/usr/bin/env", "-C", directory, Edujam.binary.path] + arguments).map { strdup($0) } + [nil]
        let envp = merged.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for string in argv + envp { free(string) } }
        var child: pid_t = 0
        let code = posix_spawn(&child, "/usr/bin/env", &actions, &attributes, argv, envp)
        guard code == 0 else { throw POSIXError(POSIXErrorCode(rawValue: code) ?? .EIO) }
        pid = child
    }

    deinit {
        if exitStatus == nil {
            kill(pid, SIGKILL)
            _ = waitForExit(timeout: 5)
        }
        if master >= 0 { close(master) }
    }

    /// Everything the program (and the terminal's echo) wrote so far, without the terminal's `\r`.
    var output: String { String(decoding: bytes.filter { $0 != UInt8(ascii: "\r") }, as: UTF8.self) }

    /// Types `text` at the keyboard: `\n` is Enter, `\u{3}` Ctrl-C, `\u{4}` Ctrl-D.
    func type(_ text: String) {
        let data = Array(text.utf8)
        _ = data.withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
    }

    /// Waits until `text` appears after the previous match, reading as the program writes.
    /// - Returns: Whether it appeared within `timeout` seconds.
    @discardableResult
    func expect(_ text: String, timeout: Double = 20) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            let seen = output
            let start = cursor.map { min($0, seen.endIndex) } ?? seen.startIndex
            if let range = seen.range(of: text, range: start..<seen.endIndex) {
                cursor = range.upperBound
                return true
            }
            guard Date() < deadline else { return false }
            if !readSome(waitingMilliseconds: 50), hasExited(), !readSome(waitingMilliseconds: 0) { return false }
        }
    }

    /// Hangs the terminal up, as closing a terminal window does: the session gets SIGHUP.
    func hangUp() {
        close(master)
        master = -1
    }

    /// Waits for the program to end, reading what it writes meanwhile.
    /// - Returns: Its exit status, 128 + the signal if a signal killed it, nil on timeout.
    func waitForExit(timeout: Double = 20) -> Int32? {
        let deadline = Date().addingTimeInterval(timeout)
        while exitStatus == nil && Date() < deadline {
            if !hasExited() { _ = readSome(waitingMilliseconds: 20) }
        }
        while readSome(waitingMilliseconds: 0) {}  // what it wrote last
        return exitStatus
    }

    /// Reads what is available within `waitingMilliseconds`; false when nothing came.
    private func readSome(waitingMilliseconds: Int32) -> Bool {
        guard master >= 0 else {
            if waitingMilliseconds > 0 { usleep(UInt32(waitingMilliseconds) * 1000) }
            return false
        }
        var request = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
        guard poll(&request, 1, waitingMilliseconds) > 0 else { return false }
        var chunk = [UInt8](repeating: 0, count: 4096)
        let count = read(master, &chunk, chunk.count)
        guard count > 0 else {  // EIO: every copy of the terminal's other side is closed
            if waitingMilliseconds > 0 { usleep(UInt32(waitingMilliseconds) * 1000) }
            return false
        }
        bytes += chunk[..<count]
        return true
    }

    private func hasExited() -> Bool {
        if exitStatus != nil { return true }
        var status: Int32 = 0
        guard waitpid(pid, &status, WNOHANG) == pid else { return false }
        let signal = status & 0x7f
        exitStatus = signal == 0 ? (status >> 8) & 0xff : 128 + signal
        return true
    }
}
