/// Every exit status edujam uses, in one place (docs/cli.md lists them).
enum ExitStatus: Int32 {
    /// The command did its job (a game run that finished or that the student left).
    case success = 0
    /// Something failed: a game's script or a limit, a failing test, a store error.
    case failure = 1
    /// The command line was wrong.
    case usage = 64
    /// A game's script went on past its time limit and the grace period after it, in C
    /// code nothing could interrupt, so the sandbox's last line of defence ended the
    /// process (docs/sandbox.md). As timeout(1)'s status.
    case scriptDidNotStop = 124
    /// The terminal was closed (SIGHUP, 128 + 1).
    case hungUp = 129
    /// The student pressed Ctrl-C (SIGINT, 128 + 2).
    case interrupted = 130
    /// Someone asked edujam to stop (SIGTERM, 128 + 15).
    case terminated = 143

    /// 128 + the stop signal that arrived (``stopSignal``), as a shell reports a command a
    /// signal ended; nil when none did.
    static var afterStopSignal: ExitStatus? {
        let signal = stopSignal.load(ordering: .relaxed)
        return signal == 0 ? nil : ExitStatus(rawValue: 128 + signal) ?? .interrupted
    }
}
