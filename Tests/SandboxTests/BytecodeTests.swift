import Sandbox
import Testing

/// `string.dump` is stock's, and `load` takes back exactly what it made in this run: Lua's own
/// bytecode of a function it compiled here, never bytes from anywhere else.
@Suite struct BytecodeTests {
    let refused = "loading a binary chunk that string.dump did not make is not available to games"

    @Test func aDumpLoadsBackInTheSameRun() throws {
        let sandbox = try Sandbox()
        let result = try sandbox.run(
            """
            local function double(x) return x * 2 end
            local full, stripped = string.dump(double), string.dump(double, true)
            local again = load(full)
            local env = load(string.dump(function() return answer end), "=d", "b", { answer = 42 })
            return again(21), load(stripped)(4), env(), #stripped < #full, string.dump(again, true) == stripped,
              full:byte(1) == 27
            """, name: "dump.lua")
        #expect(
            result == [.integer(42), .integer(8), .integer(42), .boolean(true), .boolean(true), .boolean(true)])
    }

    @Test func bytesStringDumpDidNotMakeAreRefused() throws {
        let sandbox = try Sandbox()
        let changed = sandboxError {
            try sandbox.run(
                """
                local d = string.dump(function() return 1 end)
                return load(d:sub(1, -2) .. string.char((d:byte(-1) + 1) % 256))
                """, name: "changed.lua")
        }
        #expect(changed?.failure?.message == refused)
        let hex = try sandbox.run(
            "return (string.dump(function() return 1 end):gsub('.', function(c) return ('%02x'):format(c:byte()) end))",
            name: "made.lua")
        let other = try Sandbox()
        try other.setGlobal("hex", hex[0])
        try other.run(
            "chunk = hex:gsub('..', function(h) return string.char(tonumber(h, 16)) end)", name: "decode.lua")
        #expect(try other.run("return chunk:byte(1)", name: "b.lua") == [.integer(27)])
        let elsewhere = sandboxError { try other.run("return load(chunk)", name: "other.lua") }
        #expect(elsewhere?.failure?.message == refused, "a chunk another run made is not this run's")
        let textMode = try sandbox.run(
            "return load(string.dump(function() end), 'd', 't')", name: "text.lua")
        #expect(textMode == [.nil, .string("attempt to load a binary chunk (mode is 't')")])
    }

    @Test func aHostFunctionCannotBeDumped() throws {
        let error = sandboxError { try Sandbox().run("return string.dump(print)", name: "c.lua") }
        #expect(error?.failure?.message == "unable to dump given function")
    }
}
