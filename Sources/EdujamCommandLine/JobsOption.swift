import DeclaredCommands
import Playtest

/// `--jobs N`, which `test`, `fuzz`, `check` and `verify` share: how many threads (or, for
/// `verify`, processes) play.
enum JobsOption {
    static let name = "--jobs"

    /// The number given, or the machine's cores (``Jobs/cores``) when none is.
    /// - Throws: ``UsageError`` naming `--jobs` for a value that is not a whole number from 1 to ``Jobs/maximum``.
    static func parse(_ arguments: Arguments) throws -> Int {
        guard let jobs = try arguments.integer(name) else { return Jobs.cores }
        guard (1...Jobs.maximum).contains(jobs) else {
            throw UsageError("\(name) needs a number of threads from 1 to \(Jobs.maximum), got \(jobs)")
        }
        return jobs
    }

    /// The option as a command declares it: what plays `what` (`workers`: threads, or the
    /// processes `verify` replays in), and `what stays` the same for any number of them.
    static func declaration(plays what: String, same: String, workers: String = "threads") -> OptionDeclaration {
        OptionDeclaration(
            name, value: "N",
            """
            \(workers) that play \(what), 1 to \(Jobs.maximum) (default: the machine's cores);
            \(same) the same, in the same order, for any N
            """, onThisMachine: "this machine's cores: \(Jobs.cores)")
    }
}
