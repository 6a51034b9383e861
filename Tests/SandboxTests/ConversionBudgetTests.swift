import Sandbox
import Testing

/// Copying values into Swift is bounded in bytes, not only in entries: a Lua string is
/// stored once, but every reference to it is copied, so the budget counts each one.
@Suite struct ConversionBudgetTests {
    /// `local s` (64 KiB) and `refs`, a table of 300 references to it: 19 MiB if copied, one
    /// string in Lua. Over the default 8 MiB budget, far under the memory cap.
    static let setup = """
        local s = ("x"):rep(64 << 10)
        local refs = {}
        for i = 1, 300 do refs[i] = s end
        """

    static let tooMuchText = "holds more than 8388608 bytes of text (each reference to a string counts)"

    @Test(arguments: [
        ("a list of references", "return refs"),
        ("many results", "return table.unpack(refs)"),
        (
            "nested tables sharing one string",
            "local inner = { s } local outer = {} for i = 1, 300 do outer[i] = inner end return outer"
        ),
        ("a table holding itself", "local t = { ('y'):rep(1 << 20) } for i = 2, 300 do t[i] = t end return t"),
        (
            "a shared string key",
            "local keyed = { [s] = true } local t = {} for i = 1, 300 do t[i] = keyed end return t"
        ),
    ])
    func resultsAreRefusedPastTheByteBudget(_ shape: String, _ body: String) throws {
        let sandbox = try Sandbox()
        let error = sandboxError { try sandbox.run(Self.setup + "\n" + body, name: "copies.lua") }
        #expect(error == .tooLarge("the returned value " + Self.tooMuchText), "\(shape)")
        #expect(!sandbox.isFinished, "a refused copy is not a limit: the state is intact")
        #expect(try sandbox.run("return 1", name: "again.lua") == [.integer(1)])
    }

    @Test func aBigValueWithinTheBudgetCrosses() throws {
        let sandbox = try Sandbox()
        let results = try sandbox.run("local s = ('x'):rep(4 << 20) return s, { s }", name: "fits.lua")
        #expect(results.first?.stringValue?.utf8.count == 4 << 20)
        #expect(results.last?.tableValue?.sequence.first?.stringValue?.utf8.count == 4 << 20)
    }

    @Test func theBudgetIsALimitTheHostSets() throws {
        var limits = SandboxLimits()
        limits.conversion = 1000
        let sandbox = try Sandbox(limits: limits)
        #expect(try sandbox.run("return ('x'):rep(1000)", name: "edge.lua").first?.stringValue?.count == 1000)
        #expect(
            sandboxError { try sandbox.run("return ('x'):rep(600), ('x'):rep(600)", name: "over.lua") }
                == .tooLarge(
                    "the returned value holds more than 1000 bytes of text (each reference to a string counts)"))
        #expect(
            sandboxError {
                try sandbox.run("big = ('x'):rep(1001)", name: "g.lua")
                _ = try sandbox.global("big")
            }
                == .tooLarge("global 'big' holds more than 1000 bytes of text (each reference to a string counts)"))
    }

    @Test func aHostCallsArgumentsShareOneBudgetAndTheScriptCanCatchTheRefusal() throws {
        let sandbox = try Sandbox()
        var copied = 0
        sandbox.register("take") { call in
            for position in 1...max(1, call.count) { copied += try call.string(position).utf8.count }
        }
        sandbox.register("show") { call in
            copied += try call.value(1).description.utf8.count
        }
        let results = try sandbox.run(
            Self.setup + """

                local ok1, e1 = pcall(function() take(table.unpack(refs)) end)
                local ok2, e2 = pcall(function() show(refs) end)
                take(s)
                return ok1, e1, ok2, e2
                """, name: "host.lua")
        #expect(
            results == [
                .boolean(false), .string("host.lua:4: value too large: argument #129 to 'take' " + Self.tooMuchText),
                .boolean(false), .string("host.lua:5: value too large: argument #1 to 'show' " + Self.tooMuchText),
            ])
        #expect(copied <= (8 << 20) + (64 << 10), "no argument is copied past the budget")
        #expect(!sandbox.isFinished)
    }
}

/// Host functions that show text for the script spend the same output budget as `print`.
@Suite struct HostOutputTests {
    @Test func hostShownTextAndPrintShareTheBudget() throws {
        let log = PrintLog()
        let sandbox = try quickSandbox(output: 10_000, printed: log)
        var shown: [String] = []
        sandbox.register("prompt") { [unowned sandbox] call in
            let text = try call.string(1)
            try sandbox.spendOutput(text.utf8.count)
            shown.append(text)
        }
        let error = sandboxError {
            try sandbox.run("print(('p'):rep(5000)) for i = 1, 100 do prompt(('q'):rep(1000)) end", name: "flood.lua")
        }
        guard case .outputLimit(let failure) = error else {
            Issue.record("expected an output limit, got \(String(describing: error))")
            return
        }
        #expect(failure.description == "flood.lua:1: output limit exceeded (10000 bytes)")
        #expect(shown.count == 4, "5001 printed, then four 1000-byte prompts fit")
        #expect(sandbox.outputUsed <= 10_000)
        #expect(sandbox.isFinished)
        #expect(sandboxError { try sandbox.run("return 1", name: "again.lua") } == .finished)
    }
}
