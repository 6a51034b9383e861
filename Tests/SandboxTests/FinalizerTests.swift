import Sandbox
import Testing

/// A script's `__gc` runs as stock's would, but where the script's own code may run: when it
/// asks for a collection, and when it gives another object a finalizer; with hooks on, so
/// every limit holds (`Sources/LuaShim/finalizers.c`).
@Suite struct FinalizerTests {
    @Test func aCollectionFinalizesTheGarbageLastMarkedFirstAndOnce() throws {
        let sandbox = try quickSandbox()
        let result = try sandbox.run(
            """
            local order = {}
            local Class = { __gc = function(o) order[#order + 1] = o.name end }
            local a, b = setmetatable({name = "a"}, Class), setmetatable({name = "b"}, Class)
            local c = setmetatable({name = "c"}, Class)
            a, b = nil, nil
            collectgarbage()
            local first = table.concat(order, ",")
            collectgarbage()
            return first, table.concat(order, ","), getmetatable(c).__gc == Class.__gc, rawget(Class, "__gc") ~= nil
            """, name: "gc.lua")
        #expect(result == [.string("b,a"), .string("b,a"), .boolean(true), .boolean(true)])
    }

    /// As stock: a finalized object that is kept alive is not finalized again, unless it is
    /// given a metatable with `__gc` again.
    @Test func aResurrectedObjectIsFinalizedAgainOnlyWhenMarkedAgain() throws {
        let sandbox = try quickSandbox()
        let result = try sandbox.run(
            """
            local count, keep = 0, nil
            local mt = { __gc = function(o) count = count + 1 keep = o end }
            setmetatable({}, mt)
            collectgarbage()
            local once = count
            local o = keep
            keep = nil
            collectgarbage()
            local still = count
            setmetatable(o, mt)
            o = nil
            collectgarbage()
            keep = nil
            collectgarbage()
            return once, still, count
            """, name: "again.lua")
        #expect(result == [.integer(1), .integer(1), .integer(2)])
    }

    @Test func anErrorInAFinalizerIsDroppedAndTheOthersRun() throws {
        let sandbox = try quickSandbox()
        let result = try sandbox.run(
            """
            local ran = {}
            setmetatable({}, { __gc = function() ran[#ran + 1] = "first" end })
            setmetatable({}, { __gc = function() error("boom") end })
            setmetatable({}, { __gc = true })
            setmetatable({}, { __gc = function() ran[#ran + 1] = "last" end })
            collectgarbage()
            return table.concat(ran, ",")
            """, name: "errors.lua")
        #expect(result == [.string("last,first")])
    }

    /// Lua runs finalizers with hooks off; these run with the script's hooks, so a loop ends.
    @Test func aLoopingFinalizerMeetsTheLimits() throws {
        let timed = try quickSandbox(time: .milliseconds(100))
        let loop = "setmetatable({}, { __gc = function() while true do end end }) collectgarbage() return 1"
        guard case .timeLimit = sandboxError({ try timed.run(loop, name: "loop.lua") }) else {
            Issue.record("a looping finalizer must meet the time limit")
            return
        }
        let counted = try quickSandbox(time: .seconds(30), instructions: 1_000_000)
        guard case .instructionLimit = sandboxError({ try counted.run(loop, name: "loop.lua") }) else {
            Issue.record("a looping finalizer must meet the instruction limit")
            return
        }
        let caught = try quickSandbox(time: .milliseconds(100))
        let error = sandboxError {
            try caught.run(
                "setmetatable({}, { __gc = function() while true do end end }) return pcall(collectgarbage)",
                name: "caught.lua")
        }
        guard case .timeLimit = error else {
            Issue.record("pcall must not catch a limit met in a finalizer, got \(String(describing: error))")
            return
        }
    }

    /// A game that never calls collectgarbage does not keep its garbage alive: after a batch of
    /// objects given a finalizer, the host collects in full and runs what is due.
    @Test func finalizersRunWithoutAnExplicitCollection() throws {
        let sandbox = try quickSandbox(time: .seconds(20), memory: 4 << 20)  // slow under a sanitizer
        let result = try sandbox.run(
            """
            local finalized = 0
            local mt = { __gc = function() finalized = finalized + 1 end }
            for i = 1, 50000 do setmetatable({ pad = i .. "padding to make each object larger" }, mt) end
            return finalized > 40000
            """, name: "churn.lua")
        #expect(result == [.boolean(true)])
    }

    /// Finalizers run after full collections only, whose garbage does not depend on where the
    /// collector's own cycles ended: the same script finalizes at the same places.
    @Test func finalizationReplays() throws {
        let script = """
            local log = {}
            for i = 1, 3000 do
              setmetatable({ i = i }, { __gc = function(o) log[#log + 1] = o.i end })
              local junk = {} for j = 1, 20 do junk[j] = { j } end
            end
            return #log, table.concat(log, ",", 1, math.min(#log, 40))
            """
        let first = try quickSandbox(time: .seconds(20)).run(script, name: "replay.lua")  // slow under a sanitizer
        #expect(first.first != .integer(0))
        #expect(try quickSandbox(time: .seconds(20)).run(script, name: "replay.lua") == first)
    }

    /// "stop" is stock's, and does not lift the memory cap: at the cap, Lua collects anyway.
    @Test func aStoppedCollectorStillCollectsAtTheCap() throws {
        let sandbox = try quickSandbox(time: .seconds(20), memory: 4 << 20)  // slow under a sanitizer
        let result = try sandbox.run(
            """
            collectgarbage("stop")
            local stopped = collectgarbage("isrunning")
            for i = 1, 200000 do local t = { i, tostring(i) } end
            collectgarbage("restart")
            return stopped, collectgarbage("isrunning")
            """, name: "stop.lua")
        #expect(result == [.boolean(false), .boolean(true)])
        let error = sandboxError {
            try sandbox.run(
                "collectgarbage('stop') local live = {} for i = 1, 1e6 do live[i] = { i } end", name: "live.lua")
        }
        guard case .memoryLimit = error else {
            Issue.record("live data past the cap must meet the memory limit, got \(String(describing: error))")
            return
        }
    }
}
