import Sandbox
import Testing

/// `debug` is read-only: where code is and what it is called, nothing that hands out values.
@Suite struct DebugLibraryTests {
    @Test func getinfoTellsWhereAndWhat() throws {
        let sandbox = try Sandbox()
        let result = try sandbox.run(
            """
            local function where()
              local info = debug.getinfo(2, "Sl")
              return info.short_src .. ":" .. info.currentline, info.source, info.what
            end
            local function named() return debug.getinfo(1, "n").name end
            local f = debug.getinfo(where)
            return named(), f.linedefined, f.func, f.activelines, debug.getinfo(print).what, where()
            """, name: "d.lua")
        #expect(
            result == [
                .string("named"), .integer(1), .nil, .nil, .string("C"), .string("d.lua:7"), .string("@d.lua"),
                .string("main"),
            ])
    }

    /// Class libraries read a table's metatable past its `__metatable` field; other values'
    /// metatables stay as `getmetatable` shows them.
    @Test func getmetatableSeesPastATablesProtection() throws {
        let sandbox = try Sandbox()
        let result = try sandbox.run(
            """
            local inner = { __index = { k = 1 } }
            inner.__metatable = "locked"
            local t = setmetatable({}, inner)
            getmetatable("").__metatable = "strings"
            return getmetatable(t), debug.getmetatable(t) == inner, debug.getmetatable({}), debug.getmetatable(""),
              debug.getmetatable(1), debug.getmetatable(io.stdout) == getmetatable(io.stdout)
            """, name: "mt.lua")
        #expect(
            result == [.string("locked"), .boolean(true), .nil, .string("strings"), .nil, .boolean(true)])
    }

    @Test func tracebackNamesTheScriptsFunctions() throws {
        let sandbox = try Sandbox()
        let result = try sandbox.run(
            """
            local function inner() return debug.traceback("here", 1) end
            local function outer() return inner() .. "" end
            return outer(), debug.traceback(false)
            """, name: "t.lua")
        let text = result.first?.stringValue ?? ""
        #expect(text.hasPrefix("here\nstack traceback:\n\tt.lua:1: in "), "\(text)")
        #expect(text.contains("t.lua:2: in local 'outer'"), "\(text)")
        #expect(result.count == 2 && result.last == .boolean(false), "a message that is no string comes back")
    }

    @Test(arguments: ["f", "L", "r", "Sf"])
    func optionsThatHandOutValuesAreRefused(_ what: String) throws {
        let sandbox = try Sandbox()
        let error = sandboxError { try sandbox.run("debug.getinfo(1, '\(what)')", name: "o.lua") }
        let option = what.last!
        #expect(
            error?.failure?.message
                == "bad argument #2 to 'getinfo' (option '\(option)' is not available to games)")
    }
}
