import Runtime
import Sandbox
import Testing
import Tracking

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
        ("long-id", "bad argument #1 to 'quantity' (identifier is 256 bytes; the most is 255)"),
        (
            "value-type",
            "bad argument #3 to 'binary' (unknown value type 'passFial'; did you mean 'passFail'?; use one of trueFalse, passFail, yesNo, correctIncorrect)"
        ),
        ("after-finish", "activity.quantity called after activity.finish(): the run is over"),
        ("through-c", "bad argument #2 to 'quantity' (number expected, got no value)"),
        // The one rule no argument check covers, left to the model (the item is validated once):
        ("blank-id", "activity.quantity: invalid identifier: item identifier must not be blank"),
        (
            "stopped-blank-id",
            "activity.quantity: activity not started: call start() before recording progress or items"
        ),
        // An identifier the attempt holds, found by its bytes, keeps its kind.
        ("kind-again", "activity.binary: duplicate item identifier 'score' in this activity"),
    ])
    func badCallIsLocated(_ mistake: String, _ message: String) throws {
        let (report, _, _) = try play("mistakes", [mistake])
        #expect(report.outcome == (mistake == "after-finish" ? .finished : .error), "a finished attempt stays finished")
        #expect(report.failure?.message == message)
        #expect(report.failure?.chunk?.hasSuffix("mistakes/game.lua") == true)
        #expect((report.failure?.line ?? 0) > 2)
    }

    /// A title given again is kept as it was checked the first time; any other value in its
    /// place is read and checked as a first title is.
    @Test(
        arguments: [
            ("'Score'", nil, "Score"),
            ("'Points'", nil, "Points"),
            ("nil", nil, "Score"),
            ("'  '", "bad argument #3 to 'quantity' (title must not be blank)", nil),
            ("5", "bad argument #3 to 'quantity' (string expected, got number)", nil),
            ("('t'):rep(257)", "bad argument #3 to 'quantity' (title is 257 characters; the most is 256)", nil),
        ] as [(String, String?, String?)])
    func titleGivenAgain(_ title: String, _ message: String?, _ kept: String?) throws {
        let (report, _) = try HostBudgetTests.play(
            HostBudgetTests.game(
                "activity.quantity('score', 1, 'Score') activity.quantity('score', 2, \(title)) activity.finish()"))
        #expect(report.failure?.message == message)
        #expect(report.record.item("score")?.title == kept ?? "Score")
        #expect(report.record.item("score")?.value == .number(message == nil ? 2 : 1))
    }

    @Test func primaryKindIsLocked() throws {
        let (report, _, _) = try play("mistakes", ["primary-kind"])
        #expect(report.outcome == .error)
        #expect(
            report.failure?.message == "activity.primary: primary item kind locked: is score, cannot become quantity")
    }

    /// The first item set is only a default: `activity.primary` replaces it whatever its kind,
    /// whether it names an item already set or one set later, and the default stays an item.
    @Test(arguments: ["chosen-last", "named-before-set", "named-first"])
    func primaryReplacesTheDefault(_ way: String) throws {
        let (report, _, store) = try play("primary", [way])
        #expect(report.failure == nil)
        #expect(report.outcome == .finished)
        for record in [report.record, try #require(try store.runs().first)] {
            #expect(record.primaryItem == "correct")
            #expect(Set(record.items.map(\.identifier)) == ["correct", "streak"])
            #expect(record.item("streak")?.value == .number(3))
        }
    }

    @Test func binaryTakesATitle() throws {
        let (report, _, _) = try play("primary", ["binary-title"])
        #expect(report.failure == nil)
        #expect(report.record.item("passed")?.title == "Passed the quiz")
        #expect(report.record.item("passed")?.value == .bool(false))
        #expect(report.record.item("certain")?.title == "Sure of it")
        #expect(report.record.item("certain")?.valueType == .trueFalse)
    }

    /// A choice the kind lock refuses is reported at the `activity.primary` line that made it,
    /// not at a later line that sets the item.
    @Test(arguments: [
        ("locked", 27, "activity.primary: primary item kind locked: is score, cannot become quantity"),
        (
            "locked-unset", 32,
            "activity.primary: no item 'streak' to make primary: the primary item's kind is locked as score, so set 'streak' first"
        ),
    ])
    func lockedChoiceNamesItsLine(_ way: String, _ line: Int, _ message: String) throws {
        let (report, _, _) = try play("primary", [way])
        #expect(report.outcome == .error)
        #expect(report.failure?.line == line)
        #expect(report.failure?.message == message)
        #expect(report.record.primaryItem == "correct")
    }

    /// Once the script has failed, code that still runs (an error object's `__tostring`, a
    /// `__close`, a coroutine, an `xpcall` handler after a limit) cannot reach the host:
    /// the outcome, the items and the student's screen stay as they were at the failure.
    @Test(arguments: [
        "tostring-finish", "tostring-items", "tostring-ask", "tostring-say", "close", "coroutine", "xpcall-limit",
    ])
    func failedRunCannotBeChanged(_ way: String) throws {
        var limits = SandboxLimits()
        limits.instructions = 1_000_000
        let (report, channel, store) = try play("aftermath", [way, "yes"], limits: limits)
        #expect(report.outcome == (way == "xpcall-limit" ? .limit : .error))
        for record in [report.record, try #require(try store.runs().first)] {
            #expect(record.outcome == report.outcome)
            #expect(record.items.map(\.identifier) == ["hints"])
            #expect(record.item("hints")?.value == .number(1))
            #expect(record.primaryItem == "hints" && record.progress == 0 && !record.done)
        }
        #expect(channel.answers == ["yes"], "the student is not asked again")
        #expect(channel.said.isEmpty)
        if way != "xpcall-limit" {
            #expect(report.failure?.message.hasSuffix("boom") == true, "the author still sees the error")
        }
    }
}
