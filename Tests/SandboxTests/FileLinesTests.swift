import Sandbox
import Testing

/// `io.lines(name)` over the bytes the host's file function gives (`Sandbox.installFiles`): read
/// in memory by stock's formats; without the function, a file name is withheld.
@Suite struct FileLinesTests {
    @Test func readsTheHostsBytesByStocksFormats() throws {
        let sandbox = try Sandbox()
        var asked: [[String]] = []
        sandbox.installFiles { call in
            asked.append([try call.string(1), try call.string(2)])
            try call.push(bytes: Array("one\n  -7e2 0x1p4 banana\n\u{E9}\n".utf8) + [0xFF])
        }
        let result = try sandbox.run(
            """
            local lines = {}
            for line in io.lines("words.lua") do lines[#lines + 1] = #line end
            local next = io.lines("words.lua", "l", "n", "n", "n", 2)
            local a, b, c, d = next()
            return table.concat(lines, ","), a, b, c, d, io.lines("words.lua", "a")():byte(-1)
            """, name: "lines.lua")
        #expect(result == [.string("3,19,2,1"), .string("one"), .number(-700), .number(16), .nil, .integer(255)])
        #expect(asked.first == ["words.lua", "@lines.lua"])  // the caller's source, for a path from ".."
    }

    @Test func aMessageFromTheHostIsRaisedAndNoFunctionIsWithheld() throws {
        let sandbox = try Sandbox()
        let bare = try sandbox.run(#"return select(2, pcall(io.lines, "x.lua"))"#, name: "bare.lua")
        #expect(bare == [.string("io.lines with a file name is not available to games")])
        sandbox.installFiles { call in
            try call.push(.nil)
            try call.push(.string("cannot open x.lua: no such file in the game's folder"))
        }
        let refused = try sandbox.run(#"return select(2, pcall(io.lines, "x.lua"))"#, name: "refused.lua")
        #expect(refused == [.string("cannot open x.lua: no such file in the game's folder")])
    }
}
