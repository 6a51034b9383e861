import Sandbox
import Testing

/// Values, host functions and error reports.
@Suite struct SandboxTests {
    @Test func valuesRoundTrip() throws {
        let sandbox = try Sandbox()
        let identity = try sandbox.run("return function(...) return ... end", name: "id.lua")[0].functionValue!
        var table = LuaTable(sequence: [.integer(1), .string("two"), .number(3.5)])
        table["name"] = .string("Ana")
        table["nested"] = .table(LuaTable(sequence: [.boolean(true)]))
        let values: [LuaValue] = [
            .nil, .boolean(true), .integer(-7), .number(0.25), .string("héllo\0x"), .table(table),
        ]
        #expect(try sandbox.call(identity, values) == values)
    }

    @Test func tableKeysAndSparseArrays() throws {
        let sandbox = try Sandbox()
        let t = try sandbox.run("return {10, 20, nil, 40, [1.5] = 'f', [true] = 'b'}", name: "t.lua")[0].tableValue!
        #expect(t.sequence == [.integer(10), .integer(20)])
        #expect(t.fields[.integer(4)] == .integer(40))
        #expect(t.fields[.number(1.5)] == .string("f"))
        #expect(t.fields[.boolean(true)] == .string("b"))
    }

    @Test func cyclesAndHugeTablesAreRefused() throws {
        let sandbox = try Sandbox()
        #expect(
            sandboxError { try sandbox.run("local t = {} t.self = t return t", name: "c.lua") }
                == .conversion("table nested too deeply (a cycle?)"))
        #expect(
            sandboxError { try sandbox.run("local t = {} for i = 1, 200000 do t[i] = i end return t", name: "h.lua") }
                == .tooLarge("the returned value holds more than 100000 table entries"))
        #expect(
            sandboxError { try sandbox.run("return coroutine.create(print)", name: "th.lua") }
                == .conversion("a thread value has no Swift counterpart"))
    }

    @Test func functionsCanBeKeptAndCalledLater() throws {
        let sandbox = try Sandbox()
        let counter = try sandbox.run("local n = 0 return function(k) n = n + k return n end", name: "c.lua")[0]
            .functionValue!
        #expect(try sandbox.call(counter, [.integer(2)]) == [.integer(2)])
        #expect(try sandbox.call(counter, [.integer(3)]) == [.integer(5)])
    }

    @Test func hostFunctionsAsGlobalsAndFields() throws {
        let sandbox = try Sandbox()
        sandbox.register("double") { call in try call.push(.number(try call.number(1) * 2)) }
        sandbox.register("greet", in: "host") { call in
            try call.push(.string("hi " + (try call.optionalString(1) ?? "you")))
        }
        #expect(
            try sandbox.run("return double(21), host.greet('Ana'), host.greet()", name: "h.lua")
                == [.number(42), .string("hi Ana"), .string("hi you")])
    }

    @Test func hostArgumentErrorsPointAtTheScriptLine() throws {
        let sandbox = try Sandbox()
        sandbox.register("quantity", in: "activity") { call in
            _ = try call.string(1)
            _ = try call.number(2)
        }
        let error = sandboxError { try sandbox.run("local x = 1\nactivity.quantity('score', nil)", name: "game.lua") }
        #expect(error?.failure?.description == "game.lua:2: bad argument #2 to 'quantity' (number expected, got nil)")
        #expect(error?.failure?.hostCause == "bad argument #2 to 'quantity' (number expected, got nil)")
    }

    @Test func hostErrorsCanBeCaughtByTheScript() throws {
        let sandbox = try Sandbox()
        sandbox.register("fail") { _ in throw HostFunctionError.message("nope") }
        #expect(
            try sandbox.run("local ok, e = pcall(function() fail() end) return ok, e", name: "f.lua") == [
                .boolean(false), .string("f.lua:1: nope"),
            ])
    }

    /// Script code that runs after a call's error escaped it (an error object's `__tostring`,
    /// a `__close`) reaches neither host functions nor the output, and the first error stands.
    @Test func failedCallReachesNoHost() throws {
        let log = PrintLog()
        let sandbox = try quickSandbox(printed: log)
        var calls = 0
        sandbox.register("record") { _ in
            calls += 1
        }
        let error = sandboxError {
            _ = try sandbox.run(
                """
                record()
                local guard <close> = setmetatable({}, { __close = function() record() print("closing") end })
                error(setmetatable({}, { __tostring = function() record() print("late") return "boom" end }))
                """, name: "f.lua")
        }
        #expect(error?.failure?.message == "boom")
        #expect(calls == 1 && log.lines.isEmpty)
        _ = try sandbox.run("record() print('again')", name: "g.lua")  // the next call is heard again
        #expect(calls == 2 && log.lines == ["again"])
    }

    @Test func hostFunctionKeptAfterItsRunStillFailsCleanly() throws {
        let sandbox = try Sandbox()
        var ended = false
        sandbox.register("score") { _ in
            if ended { throw HostFunctionError.message("the run has ended") }
        }
        let kept = try sandbox.run("return score", name: "k.lua")[0].functionValue!
        ended = true
        let error = sandboxError { try sandbox.call(kept) }
        #expect(error?.failure?.message == "the run has ended")
    }

    @Test func syntaxErrorsAreLocated() throws {
        let sandbox = try Sandbox()
        let error = sandboxError { _ = try sandbox.load("local x = \nif then", name: "game.lua") }
        guard case .syntax(let f) = error else {
            Issue.record("expected syntax error, got \(String(describing: error))")
            return
        }
        #expect(f.chunk == "game.lua")
        #expect(f.line == 2)
        #expect(f.message == "unexpected symbol near 'if'")
    }

    @Test func runtimeErrorsCarryATraceback() throws {
        let sandbox = try Sandbox()
        let source =
            "local function inner()\n  local t = nil\n  return t.x\nend\nlocal function outer() return inner() end\nouter()"
        let error = sandboxError { try sandbox.run(source, name: "game.lua") }
        guard case .runtime(let f) = error else {
            Issue.record("expected runtime error, got \(String(describing: error))")
            return
        }
        #expect(f.description == "game.lua:3: attempt to index a nil value (local 't')")
        #expect(f.traceback.hasPrefix("stack traceback:"))
        #expect(
            f.traceback.contains("game.lua:3: in upvalue 'inner'")
                || f.traceback.contains("game.lua:3: in local 'inner'")
                || f.traceback.contains("game.lua:3: in function"))
        #expect(f.traceback.contains("game.lua:6"))
    }

    @Test func globalsReadAndWrite() throws {
        let sandbox = try Sandbox()
        try sandbox.setGlobal("level", .string("LEVEL-1"))
        try sandbox.run("answer = level .. '!'", name: "g.lua")
        #expect(try sandbox.global("answer") == .string("LEVEL-1!"))
        #expect(try sandbox.call(global: "tostring", [.integer(5)]) == [.string("5")])
    }
}

/// Bytecode the host compiled itself, loaded into other sandboxes.
@Suite struct CompiledChunkTests {
    @Test func compiledOnceRunsAnywhereWithItsLines() throws {
        let chunk = try Sandbox().compile(
            "local n = ...\nif n == 0 then error('zero') end\nreturn n * 2", name: "double.lua")
        let other = try Sandbox()
        #expect(try other.call(other.load(chunk), [.integer(21)]) == [.integer(42)])
        let error = sandboxError { try other.call(other.load(chunk), [.integer(0)]) }
        #expect(error?.failure?.description == "double.lua:2: zero")
    }

    @Test func compileReportsSyntaxErrors() throws {
        #expect(throws: SandboxError.self) { try Sandbox().compile("return +", name: "bad.lua") }
    }

    @Test func scriptsStillCannotLoadBytecode() throws {
        let sandbox = try Sandbox()
        let error = sandboxError {
            try sandbox.run("return load(string.char(27) .. 'LuaT' .. ('x'):rep(40))", name: "smuggle.lua")
        }
        #expect(error?.failure?.message.hasPrefix("loading a binary chunk that string.dump did not make") == true)
    }
}
