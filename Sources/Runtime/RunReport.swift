import Sandbox
import Tracking

/// How a run ended, with the attempt as tracked.
public struct RunReport: Equatable, Sendable {
    /// The attempt's record, as `edujam report --json` prints it.
    public var record: RunRecord
    /// The author's detail when the game failed or hit a limit: file, line, message, traceback.
    public var failure: ScriptFailure?
    /// The seed the run used, to replay it.
    public var seed: Int
    /// Whether the student pressed Ctrl-C.
    public var interrupted = false
    /// Whether the attempt waits on this computer (the store's outbox) for a school server that
    /// could not be reached when the run ended.
    public var keptOnThisComputer = false
    /// What the game observed from outside (the attempt's replay record); nil when no attempt
    /// was played (left at the level menu).
    public var inputs: AttemptInputs?

    /// finished, quit, error or limit.
    public var outcome: RunOutcome { record.outcome }
}
