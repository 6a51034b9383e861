import Sandbox
import Tracking

/// What a run's game observes from outside, kept as it happens (``GameRun/inputs``) and, in a
/// replay, served from the record instead (``GameRun/replay``): clock readings here, replies in
/// `GameRun+Student.swift`. Each reading recorded is exactly the number the game got.
extension GameRun {
    /// `clock()`: the run clock's seconds, or the next reading of the record being replayed.
    func clockReading() throws -> Double {
        guard let replay else { return recorded(clock.elapsed) }
        guard let reading = replay.nextClock() else {
            try stopIfDiverged()
            return 0  // not reached: a cursor without a reading has diverged
        }
        return recorded(reading)
    }

    /// `os.time`, `os.date` and `os.clock`: the clock's start plus a reading, and the reading.
    /// Called from C, so it cannot throw: a replay that diverges here stops at the next host call.
    func osClock() -> (now: Double, elapsed: Double) {
        let reading = recorded(replay.map { $0.nextClock() ?? clock.elapsed } ?? clock.elapsed)
        return (inputs.start + reading, reading)
    }

    /// The clock's reading when a reply came: the recorded one in a replay.
    func replyReading() -> Double {
        replay?.lastReplyAt ?? clock.elapsed
    }

    /// Ends the run with a Lua error saying where a replay stopped following its record.
    func stopIfDiverged() throws {
        if let divergence = replay?.divergence { throw HostFunctionError.message(divergence.description) }
    }

    private func recorded(_ reading: Double) -> Double {
        inputs.append(.clock(reading))
        return reading
    }
}
