import Runtime
import Testing

/// Every bad call raises a Lua error that says what was wrong and where in game.lua.
@Suite struct ActivityAPITests {
    @Test(arguments: [
        ("before-start", "activity.quantity called before activity.start()"),
        ("nan", "bad argument #2 to 'quantity' (number must be finite, got nan)"),
        ("string-value", "bad argument #2 to 'quantity' (number expected, got string)"),
        ("score-above-max", "bad argument #2 to 'score' (score 12 is above maxScore 10)"),
        ("max-zero", "bad argument #3 to 'score' (maxScore must be above 0, got 0)"),
        ("progress-range", "bad argument #1 to 'progress' (progress must be within 0..1, got 1.5)"),
        ("empty-id", "bad argument #1 to 'quantity' (identifier must not be empty)"),
        ("long-id", "bad argument #1 to 'quantity' (identifier is 257 bytes; the most is 256)"),
        ("value-type", "bad argument #3 to 'binary' (unknown value type 'passFial'; did you mean 'passFail'?; use one of trueFalse, passFail, yesNo, correctIncorrect)"),
        ("after-finish", "activity.quantity called after activity.finish(): the run is over"),
    ])
    func badCallIsLocated(_ mistake: String, _ message: String) throws {
        let (report, _, _) = try play("mistakes", [mistake])
        #expect(report.outcome == (mistake == "after-finish" ? .finished : .error), "a finished attempt stays finished")
        #expect(report.failure?.message == message)
        #expect(report.failure?.chunk?.hasSuffix("mistakes/game.lua") == true)
        #expect((report.failure?.line ?? 0) > 2)
    }

    @Test func primaryKindIsLocked() throws {
        let (report, _, _) = try play("mistakes", ["primary-kind"])
        #expect(report.outcome == .error)
        #expect(report.failure?.message.hasPrefix("activity.primary: ") == true)
    }
}
