import Foundation
import LuaShim
import Testing

@testable import Sandbox

/// What making the sandbox fast changed in the sandbox's contract: how Lua is linked, reading a
/// host call's arguments in place and pushing its results in place, copying one field of a
/// returned table, and the allocator.
@Suite struct PerformanceContractTests {
    /// Debian's liblua5.4.a is linked into the binary, as the stock interpreter links it:
    /// Lua's functions are not looked up in liblua5.4.so at run time (bench/README.md).
    @Test func luaIsLinkedStatically() throws {
        let sandbox = try Sandbox()  // Lua is in use
        #expect(try sandbox.run("return 1 + 1", name: "two.lua") == [.integer(2)])
        let mapped = try String(contentsOfFile: "/proc/self/maps", encoding: .utf8)
        #expect(!mapped.contains("liblua5.4.so"), "liblua5.4.so is loaded into this process")
    }

    /// The global table is created at its size before the libraries are opened, in place of
    /// the one lua_newstate made: chunks, the host and the libraries must all see that one.
    @Test func oneGlobalTableForChunksTheHostAndTheLibraries() throws {
        let sandbox = try Sandbox()
        try sandbox.setGlobal("fromHost", .integer(7))
        sandbox.register("hostFunction") { call in try call.push(.string("called")) }
        let results = try sandbox.run(
            """
            local names = 0
            for name in pairs(_G) do names = names + 1 end
            made = true
            return _ENV == _G, fromHost, hostFunction(), rawget(_G, "string") == string,
                   load("return made")(), getmetatable(_G), names > 30
            """, name: "globals.lua")
        #expect(
            results == [
                .boolean(true), .integer(7), .string("called"), .boolean(true), .boolean(true), .nil,
                .boolean(true),
            ])
        #expect(try sandbox.global("made") == .boolean(true))
    }

    @Test func hostFunctionsReadStringsInPlace() throws {
        let sandbox = try Sandbox()
        var seen: [[UInt8]] = []
        sandbox.register("take") { call in
            seen.append(try call.withBytes(1) { Array($0) })
        }
        try sandbox.run("take('score') take('caf\\233') take('')", name: "bytes.lua")
        #expect(seen == [Array("score".utf8), [0x63, 0x61, 0x66, 0xE9], []])  // Latin-1 byte kept as it is
        let error = sandboxError { try sandbox.run("take(12)", name: "number.lua") }
        #expect(error?.failure?.message == "bad argument #1 to 'take' (string expected, got number)")
    }

    /// `number` reads an integer as an integer first (the common case, and the cheaper read),
    /// takes floats, and never a string that would convert.
    @Test func hostFunctionsReadNumbersOfBothSubtypes() throws {
        let sandbox = try Sandbox()
        var seen: [Double] = []
        sandbox.register("take") { call in seen.append(try call.number(1)) }
        try sandbox.run(
            "take(7) take(-2.5) take(math.mininteger) take(2^53) take(0/0 ~= 0/0 and 1 or 0)", name: "n.lua")
        #expect(seen == [7, -2.5, Double(Int.min), 9_007_199_254_740_992, 1])
        for (script, got) in [("take('10')", "string"), ("take()", "no value"), ("take(nil)", "nil")] {
            let error = sandboxError { try sandbox.run(script, name: "bad.lua") }
            #expect(error?.failure?.message == "bad argument #1 to 'take' (number expected, got \(got))")
        }
    }

    /// Every host function is its own C entry point (a slot): each of the 128 a sandbox can
    /// have reaches its own Swift function, and the same slot in two sandboxes reaches each
    /// sandbox's own.
    @Test func everyHostFunctionSlotReachesItsOwnFunction() throws {
        let sandboxes = try [Sandbox(), Sandbox()]
        for (which, sandbox) in sandboxes.enumerated() {
            for slot in 0..<Int(EDUJAM_HOST_FUNCTIONS) {
                sandbox.register("f\(slot)", in: "host") { call in try call.push(.integer(which * 1000 + slot)) }
            }
        }
        let sum = "local sum = 0 for i = 0, 127 do sum = sum + host['f' .. i]() end return sum, host.f0(), host.f127()"
        let slots = (0..<128).reduce(0, +)
        #expect(try sandboxes[0].run(sum, name: "a.lua") == [.integer(slots), .integer(0), .integer(127)])
        #expect(
            try sandboxes[1].run(sum, name: "b.lua") == [.integer(128 * 1000 + slots), .integer(1000), .integer(1127)])
    }

    /// A host function's results are the values it pushes, in order: none, nil among them,
    /// tables, and more than the 20 stack slots Lua gives a C function.
    @Test func hostResultsArePushedInPlace() throws {
        let sandbox = try Sandbox()
        sandbox.register("none") { _ in }
        sandbox.register("count") { call in
            for i in 1...(try call.integer(1)) { try call.push(.integer(i)) }
        }
        sandbox.register("mixed") { call in
            try call.push(.nil)
            try call.push(.string("a"))
            try call.push(.table(LuaTable(sequence: [.integer(1)], fields: [.string("k"): .boolean(true)])))
        }
        let results = try sandbox.run(
            """
            local t = table.pack(count(300))
            local a, b, c = mixed()
            return select('#', none()), t.n, t[1], t[300], select('#', mixed()), a, b, c[1], c.k
            """, name: "results.lua")
        #expect(
            results == [
                .integer(0), .integer(300), .integer(1), .integer(300), .integer(3), .nil, .string("a"), .integer(1),
                .boolean(true),
            ])
    }

    /// A host function that pushed results and then fails raises its error, not its results;
    /// one that cannot push (a table nested too deeply) fails at the script's line.
    @Test func hostResultsPushedBeforeAnErrorAreDropped() throws {
        let sandbox = try Sandbox()
        sandbox.register("late") { call in
            try call.push(.integer(1))
            throw HostFunctionError.message("late")
        }
        var deep = LuaValue.integer(0)
        for _ in 0..<40 { deep = .table(LuaTable(sequence: [deep])) }
        sandbox.register("deep") { [deep] call in try call.push(deep) }
        #expect(
            try sandbox.run("return pcall(late)", name: "late.lua") == [.boolean(false), .string("late.lua:1: late")])
        let error = sandboxError { try sandbox.run("local x = 1\ndeep()", name: "deep.lua") }
        #expect(error?.failure?.line == 2)
        #expect(error?.failure?.message.contains("table nested too deeply") == true)
        #expect(try sandbox.run("return 1", name: "after.lua") == [.integer(1)])  // not finished
    }

    @Test func oneFieldOfAReturnedTable() throws {
        let sandbox = try Sandbox()
        let chunk = try sandbox.load(
            "return { play = function() return 7 end, huge = string.rep('x', 1000) }", name: "g.lua")
        guard case .value(.function(let play)) = try sandbox.call(chunk, field: "play") else {
            Issue.record("play was not found")
            return
        }
        #expect(try sandbox.call(play) == [.integer(7)])
        #expect(try sandbox.call(chunk, field: "missing") == .value(.nil))
        let notATable = try sandbox.load("return 42", name: "n.lua")
        #expect(try sandbox.call(notATable, field: "play") == .notATable(typeName: "number"))
        let nothing = try sandbox.load("return", name: "e.lua")
        #expect(try sandbox.call(nothing, field: "play") == .notATable(typeName: "nil"))
    }

    /// Small blocks come from the sandbox's slabs: the ledger still counts exactly what Lua
    /// holds, freed objects come back, and the cap still holds for many small objects.
    @Test func slabAllocatorKeepsTheLedgerAndTheCap() throws {
        let sandbox = try quickSandbox(time: .seconds(5), memory: 16 << 20)
        let churn = try sandbox.run(
            """
            return function()
              local t = {}
              for i = 1, 20000 do t[i] = { i, tostring(i), function() return i end } end
              local count = collectgarbage('count')
              t = nil
              return count
            end
            """, name: "churn.lua")[0].functionValue!
        let before = sandbox.memoryUsed
        let peak = try sandbox.call(churn)[0]
        guard case .number(let kilobytes) = peak else {
            Issue.record("no count")
            return
        }
        #expect(Int(kilobytes * 1024) > before + 1_000_000)  // about 1.5 MiB of small objects were live
        // The garbage is collected as the next calls allocate: memory comes back down.
        let small = try sandbox.run(
            "return function() local s = 0 for i = 1, 200000 do s = s + #tostring(i) end return s end",
            name: "small.lua")[0].functionValue!
        _ = try sandbox.call(small)
        #expect(sandbox.memoryUsed < before + 1_000_000)
        // A script piling up small objects still meets the memory cap.
        #expect(
            sandboxError { try sandbox.run("local t = {} for i = 1, 1e7 do t[i] = {} end", name: "pile.lua") }?.isLimit
                == true)
    }

    /// Coroutines resumed many times, and a limit reaching one: the fast path of resume
    /// still lets the time limit stop a coroutine that loops.
    @Test func resumeStillStopsALoopingCoroutine() throws {
        let sandbox = try quickSandbox(time: .seconds(10))  // slow builds (AddressSanitizer) on a busy machine
        let sum = try sandbox.run(
            """
            local co = coroutine.wrap(function() local i = 0 while true do i = i + 1 coroutine.yield(i) end end)
            local s = 0 for _ = 1, 10000 do s = s + co() end return s
            """, name: "co.lua")
        #expect(sum == [.integer(50_005_000)])
        let stopped = try quickSandbox(time: .milliseconds(100))
        let error = sandboxError {
            try stopped.run("coroutine.wrap(function() while true do end end)()", name: "loop.lua")
        }
        #expect(error?.isLimit == true)
    }
}
