import Foundation
import Sandbox
import Testing

/// Every limit: a hostile script breaks it, the exact error comes back, the
/// call ends quickly, the sandbox is finished, and the host goes on.
@Suite struct TimeLimitTests {
    static let timeFixtures = [
        "infinite-loop.lua", "pcall-loop.lua", "nested-pcall.lua", "xpcall-handler-loop.lua",
        "coroutine-loop.lua", "coroutine-wrap-loop.lua", "close-loop.lua", "tostring-loop.lua",
        "pattern-backtrack.lua", "table-move.lua", "table-insert-len.lua", "load-reader-loop.lua",
        "sort-same-long-string.lua", "sort-long-prefix.lua", "sort-c-comparator.lua", "concat-c-index.lua",
        "call-chain.lua", "call-cycle.lua", "call-chain-coroutine.lua", "coroutine-after-inner.lua",
    ]

    @Test(arguments: timeFixtures)
    func stopsWithinTheDeadline(_ name: String) throws {
        let sandbox = try quickSandbox(time: .milliseconds(200))
        var error: SandboxError?
        let elapsed = seconds { error = sandboxError { try sandbox.run(try fixture("hostile/" + name), name: name) } }
        guard case .timeLimit(let failure) = error else {
            Issue.record("\(name): expected a time limit, got \(String(describing: error))")
            return
        }
        #expect(failure.message == "time limit exceeded (0.2 seconds per call)")
        #expect(elapsed < 2.0, "\(name) took \(elapsed) s")
        #expect(sandbox.isFinished)
        #expect(sandboxError { try sandbox.run("return 1", name: "again.lua") } == .finished)
        #expect(try hostStillWorks())
    }

    /// A sort of plain numbers runs in a C array, where no hook fires (tables.c): its comparisons
    /// poll the deadline, so the limit stops the sort itself (line 1), not the line after it.
    /// How long making and sorting 900,000 numbers take depends on the machine and the build (a
    /// sanitizer's is several times slower), so each attempt first times both with no limit in
    /// the way and then sets the limit halfway: the numbers are made in a call of their own
    /// within it, and the sort cannot end within it. An attempt that a busy machine upsets (the
    /// numbers not made in time, or the sort ended before its deadline) is made again; a sort that
    /// never polls the deadline ends every time, at line 2.
    @Test func aSortOfPlainNumbersStopsAtTheDeadlineInsideTheSort() throws {
        let make = #"numbers = { string.byte(("\3\1\4\1\5\9\2\6\5\3"):rep(90000), 1, -1) }"#
        let clock = ContinuousClock()
        var seen: [String] = []
        for _ in 1...10 {
            let probe = try quickSandbox(time: .seconds(60), memory: 64 << 20)
            let making = try clock.measure { try probe.run(make, name: "numbers.lua") }
            let sorting = try clock.measure { try probe.run("table.sort(numbers)", name: "sort.lua") }
            guard sorting > making * 2 else { continue }
            let sandbox = try quickSandbox(time: (making + sorting) / 2, memory: 64 << 20)
            guard sandboxError({ try sandbox.run(make, name: "numbers.lua") }) == nil else { continue }
            let error = sandboxError { try sandbox.run("table.sort(numbers)\nwhile true do end", name: "sort.lua") }
            guard case .timeLimit(let failure) = error else {
                Issue.record("expected a time limit, got \(String(describing: error))")
                return
            }
            if failure.chunk == "sort.lua" && failure.line == 1 { return }
            seen.append("\(failure)")
        }
        Issue.record("the limit never stopped the sort itself in ten attempts: \(seen)")
    }

    @Test func timeLimitNamesTheRunningLine() throws {
        let sandbox = try quickSandbox(time: .milliseconds(100))
        let error = sandboxError { try sandbox.run("local x = 0\nwhile true do\n  x = x + 1\nend", name: "game.lua") }
        #expect(error?.failure?.chunk == "game.lua")
        #expect([2, 3].contains(error?.failure?.line ?? 0))
    }

    @Test func emptyRepeatReturnsWithoutLooping() throws {
        let sandbox = try quickSandbox()
        let source = try fixture("hostile/rep-empty.lua")
        // A loop over the count would hit the 200 ms limit and throw instead of returning.
        #expect(try sandbox.run(source, name: "rep.lua") == [.string("")])
    }

    @Test func pausedClockDoesNotCountHostWaits() throws {
        let sandbox = try quickSandbox(time: .milliseconds(100))
        sandbox.register("wait") { [unowned sandbox] _ in
            sandbox.withClockPaused { Thread.sleepForTests(0.3) }
        }
        #expect(try sandbox.run("wait() wait() return 'done'", name: "wait.lua") == [.string("done")])
    }

    /// Four calls of 100 ms each outlast a 300 ms limit together, and each returns: the deadline
    /// is per call. One call doing all four waits is stopped, which shows the waits count.
    @Test func eachCallHasItsOwnDeadline() throws {
        let sandbox = try quickSandbox(time: .milliseconds(300))
        sandbox.register("wait") { _ in Thread.sleepForTests(0.1) }
        let step = try sandbox.load("wait() return 'waited'", name: "step.lua")
        for _ in 0..<4 { #expect(try sandbox.call(step) == [.string("waited")]) }
        let error = sandboxError { try sandbox.run("for _ = 1, 4 do wait() end", name: "long.lua") }
        guard case .timeLimit = error else {
            Issue.record("expected a time limit, got \(String(describing: error))")
            return
        }
    }
}

@Suite struct MemoryLimitTests {
    @Test(arguments: ["rep-huge.lua", "table-growth.lua", "concat-huge.lua", "string-doubling.lua", "memory-pcall.lua"])
    func failsCleanly(_ name: String) throws {
        let sandbox = try quickSandbox(time: .seconds(10), memory: 4 << 20)
        let error = sandboxError { try sandbox.run(try fixture("hostile/" + name), name: name) }
        guard case .memoryLimit(let failure) = error else {
            Issue.record("\(name): expected a memory limit, got \(String(describing: error))")
            return
        }
        #expect(failure.message == "memory limit exceeded (4194304 bytes)")
        #expect(sandbox.isFinished)
        #expect(sandbox.memoryUsed < 8 << 20)
        #expect(try hostStillWorks())
    }

    @Test func stateStaysUnderItsCap() throws {
        let sandbox = try quickSandbox(memory: 2 << 20)
        _ = sandboxError { try sandbox.run("local t = {} for i = 1, 1e7 do t[i] = {} end", name: "grow.lua") }
        #expect(sandbox.memoryUsed <= 2 << 20 + 64 << 10)
    }
}

@Suite struct OtherLimitTests {
    @Test func outputLimit() throws {
        let log = PrintLog()
        let sandbox = try quickSandbox(output: 10_000, printed: log)
        let error = sandboxError { try sandbox.run(try fixture("hostile/print-flood.lua"), name: "flood.lua") }
        guard case .outputLimit(let failure) = error else {
            Issue.record("expected an output limit, got \(String(describing: error))")
            return
        }
        #expect(failure.description == "flood.lua:1: output limit exceeded (10000 bytes)")
        #expect(log.lines.joined().utf8.count <= 10_000)
        #expect(try hostStillWorks())
    }

    @Test func instructionLimitIsExactAndUncatchable() throws {
        let sandbox = try quickSandbox(time: .seconds(10), instructions: 100_000)
        let error = sandboxError { try sandbox.run(try fixture("hostile/pcall-loop.lua"), name: "spin.lua") }
        guard case .instructionLimit(let failure) = error else {
            Issue.record("expected an instruction limit, got \(String(describing: error))")
            return
        }
        #expect(failure.message == "instruction limit exceeded (100000 per call)")
    }

    @Test func instructionLimitResetsPerCall() throws {
        let sandbox = try quickSandbox(instructions: 200_000)
        let work = try sandbox.load("local n = 0 for i = 1, 20000 do n = n + i end return n", name: "w.lua")
        for _ in 0..<20 { #expect(try sandbox.call(work) == [.integer(200_010_000)]) }
    }

    @Test func deepRecursionIsAnError() throws {
        let sandbox = try quickSandbox(time: .seconds(10), memory: 64 << 20)
        let error = sandboxError { try sandbox.run(try fixture("hostile/deep-recursion.lua"), name: "deep.lua") }
        switch error {
        case .runtime(let f): #expect(f.message.contains("stack overflow"))
        case .memoryLimit: break
        default: Issue.record("expected stack overflow, got \(String(describing: error))")
        }
        #expect(try hostStillWorks())
    }

    @Test func cStackOverflowIsAnError() throws {
        let sandbox = try quickSandbox(time: .seconds(10))
        let error = sandboxError { try sandbox.run(try fixture("hostile/c-stack-overflow.lua"), name: "cstack.lua") }
        #expect(error?.failure?.message.contains("stack overflow") == true, "\(String(describing: error))")
        #expect(try sandbox.run("return 2", name: "next.lua") == [.integer(2)])
    }

    @Test func hostileErrorObjects() throws {
        let sandbox = try quickSandbox()
        let raising = sandboxError { try sandbox.run(try fixture("hostile/tostring-raises.lua"), name: "e.lua") }
        guard case .runtime(let f) = raising else {
            Issue.record("expected runtime error, got \(String(describing: raising))")
            return
        }
        #expect(f.message.contains("error object") || f.message.contains("nested"))
        let table = sandboxError { try sandbox.run("error({ code = 7 })", name: "t.lua") }
        #expect(table?.failure?.message == "(error object is a table value)")
        let described = sandboxError {
            try sandbox.run("error(setmetatable({}, { __tostring = function() return 'custom' end }))", name: "d.lua")
        }
        #expect(described?.failure?.message == "custom")
    }
}

extension Thread {
    static func sleepForTests(_ seconds: Double) { Thread.sleep(forTimeInterval: seconds) }
}
