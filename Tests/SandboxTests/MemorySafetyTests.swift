import LuaShim
import Testing

@testable import Sandbox

/// The shim's C code never reads a Lua string that has left the stack: a collection
/// (an emergency one at the memory cap) may free it at any allocation. These tests
/// crash or print garbage without the fix; `make test-asan` runs them under
/// AddressSanitizer, which reports any such read at once.
@Suite struct MemorySafetyTests {
    static let size = 12_000_000

    /// Runs print-freed-text.lua in the given shape and returns what it printed.
    func printFreedText(shape: Int) throws -> [String] {
        let log = PrintLog()
        let sandbox = try quickSandbox(time: .seconds(20), memory: 256 << 20, output: 64 << 20, printed: log)
        sandbox.register("squeeze") { [unowned sandbox] _ in
            edujam_set_memory_limit(sandbox.raw, sandbox.memoryUsed + 8)
        }
        try sandbox.run(
            try fixture("hostile/print-freed-text.lua"), name: "freed.lua",
            arguments: [.integer(Self.size), .integer(shape)])
        return log.lines
    }

    @Test func aHostFunctionCallingItsOwnSandboxStopsTheProgramBeforeAnyNesting() async throws {
        // Nested, the inner call reset the outer one's budget and deadline and left the
        // watchdog's list pointing at the sandbox after it was freed (ASan: use after free).
        await #expect(processExitsWith: .failure) {
            let sandbox = try Sandbox()
            let inner = try sandbox.load("return 1", name: "inner.lua")
            sandbox.register("reenter") { [unowned sandbox] _ in _ = try sandbox.call(inner) }
            try sandbox.run("reenter()", name: "outer.lua")
        }
        // The same calls one after the other are fine.
        let sandbox = try Sandbox()
        let one = try sandbox.load("return 1", name: "one.lua")
        #expect(try sandbox.call(one) == [.integer(1)])
        #expect(try sandbox.call(one) == [.integer(1)])
    }

    @Test func printKeepsATostringResultAlive() throws {
        let text = String(repeating: "x", count: Self.size)
        #expect(try printFreedText(shape: 1) == [text])
    }

    @Test func printKeepsATostringResultAliveAmongOtherArguments() throws {
        let text = String(repeating: "x", count: Self.size)
        #expect(try printFreedText(shape: 2) == ["before " + text + " 42 nil true"])
    }

    @Test func printKeepsATostringResultAliveWhenTheLineAlreadyGrew() throws {
        let text = String(repeating: "x", count: Self.size)
        let line = String(repeating: "y", count: 3000) + " " + text + " " + String(repeating: "z", count: 2000)
        #expect(try printFreedText(shape: 3) == [line])
    }

    /// The line is checked against the output budget before it is built: a line that
    /// cannot fit costs no allocation and prints nothing.
    @Test func printRefusesALineBeforeBuildingIt() throws {
        let log = PrintLog()
        let sandbox = try quickSandbox(memory: 8 << 20, output: 1000, printed: log)
        let error = sandboxError { try sandbox.run("print(('a'):rep(600), ('b'):rep(600))", name: "long.lua") }
        guard case .outputLimit = error else {
            Issue.record("expected an output limit, got \(String(describing: error))")
            return
        }
        #expect(log.lines.isEmpty)
        #expect(sandbox.outputUsed == 0)
    }
}
