/// Every exit status edujam uses, in one place (docs/cli.md lists them).
enum ExitStatus: Int32 {
    /// The command did its job (a game run that finished or that the student left).
    case success = 0
    /// Something failed: a game's script or a limit, a failing test, a store error.
    case failure = 1
    /// The command line was wrong.
    case usage = 64
    /// The student pressed Ctrl-C.
    case interrupted = 130
}
