import Sandbox
import Tracking

extension GameRun {
    /// Stops the attempt, records how it ended, saves, and tells the channel.
    func end(on context: Context, outcome: RunOutcome, failure: ScriptFailure?) throws -> RunReport {
        let attempt =
            try activity ?? context.createNewActivity(student: options.student, gameVersion: options.gameVersion)
        if attempt.isStarted { try attempt.stop() }
        if attempt.outcome == .running { try attempt.end(outcome: outcome) }
        context.resignActive()
        if options.saving != .never { try saver?.saveAtEnd(attempt) }
        var report = RunReport(record: RunRecord(activity: attempt), failure: failure, seed: options.seed)
        report.keptOnThisComputer = options.saving != .never && saver?.keptAtEnd == true
        _ = channel.handle(.end(report))
        return report
    }

    /// The sandbox's last resort is ending the process (the script did not stop after
    /// its time limit): records the attempt as stopped by a limit, where the policy saves.
    /// Runs on the watchdog thread while the game's thread is stuck inside Lua, so it
    /// touches only the attempt and the store, never the sandbox.
    func recordStoppedFromOutside() {
        guard options.saving != .never, let attempt = activity, attempt.outcome == .running else { return }
        if attempt.isStarted { try? attempt.stop() }
        try? attempt.end(outcome: .limit)
        try? saver?.saveAtEnd(attempt)
    }
}
