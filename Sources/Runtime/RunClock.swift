import Foundation

/// The time a run sees through `clock()`, and the time its attempt is tracked in.
///
/// Real for a student at a terminal. Virtual for playthrough tests: it moves
/// only when a scripted student "thinks", so a 60-second timed game is tested
/// in microseconds and the same on every machine.
public final class RunClock {
    private let start: Date
    private let startInstant: ContinuousClock.Instant
    private let isVirtual: Bool
    private var virtualElapsed: Double = 0

    /// The wall clock, from now.
    public static func real() -> RunClock { RunClock(start: Date(), virtual: false) }

    /// A clock that stands still until ``advance(by:)``.
    /// - Parameter start: the date the run begins at, for the tracked attempt.
    public static func virtual(start: Date = Date(timeIntervalSince1970: 1_767_225_600)) -> RunClock {
        RunClock(start: start, virtual: true)
    }

    private init(start: Date, virtual: Bool) {
        self.start = start
        self.startInstant = .now
        self.isVirtual = virtual
    }

    /// When the clock began, seconds since 1970: what a replay record keeps (``AttemptInputs/start``).
    public var startSeconds: Double { start.timeIntervalSince1970 }

    /// Whether this clock is virtual.
    public var virtual: Bool { isVirtual }

    /// Seconds since the clock began.
    public var elapsed: Double {
        guard !isVirtual else { return virtualElapsed }
        let d = ContinuousClock.now - startInstant
        return Double(d.components.seconds) + Double(d.components.attoseconds) / 1e18
    }

    /// The current date on this clock.
    public func date() -> Date { start.addingTimeInterval(elapsed) }

    /// Moves a virtual clock on; a real clock ignores this (real time passes by itself).
    ///
    /// A step is clamped to ``Reply/thinkingRange`` (NaN and negatives count as 0), so no
    /// channel can make the elapsed time, and every duration built on it, infinite.
    public func advance(by seconds: Double) {
        guard isVirtual, seconds > 0 else { return }
        virtualElapsed += min(seconds, Reply.thinkingRange.upperBound)
    }
}
