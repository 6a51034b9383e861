import Foundation
import Sandbox
import Testing

/// `io.open`: files a run writes live in its memory, under its cap, until it ends; reading, a
/// name is first such a file, then the game's (`Sources/LuaShim/libraries/files.c`).
@Suite struct MemoryFileTests {
    @Test func aFileWrittenIsReadBackByStocksFormats() throws {
        let sandbox = try Sandbox()
        let result = try sandbox.run(
            """
            local f = assert(io.open("scores.txt", "w"))
            f:write("ada ", 42, " ", 1.5, "\\n"):write("bob 7\\n")
            f:close()
            local r = io.open("scores.txt")
            local name, score = r:read(3, "n")
            local rest = r:read("a")
            r:close()
            local lines = {}
            for line in io.lines("scores.txt") do lines[#lines + 1] = line end
            return name, score, rest, table.concat(lines, "|")
            """, name: "files.lua")
        #expect(result == [.string("ada"), .integer(42), .string(" 1.5\nbob 7\n"), .string("ada 42 1.5|bob 7")])
    }

    @Test func modesAppendSeekAndWhatAFileIs() throws {
        let sandbox = try Sandbox()
        let result = try sandbox.run(
            """
            local f = io.open("log.txt", "w+")
            f:write("hello world")
            local at = f:seek("set", 6)
            f:write("WORLD!")
            f:seek("set")
            local all = f:read("a")
            local a = io.open("log.txt", "a")
            a:seek("set", 0)
            a:write(" more")
            a:close()
            local kind, closed = io.type(f), nil
            f:close()
            closed = io.type(f)
            local past = io.open("log.txt", "r+")
            past:seek("end", 2)
            past:write("!")
            past:close()
            local bytes = io.open("log.txt"):read("a")
            return at, all, kind, closed, tostring(f), bytes:byte(-3), bytes:sub(1, 17),
              getmetatable(io.open("other.txt", "w")) == getmetatable(io.stdout)
            """, name: "modes.lua")
        #expect(
            result == [
                .integer(6), .string("hello WORLD!"), .string("file"), .string("closed file"),
                .string("file (closed)"), .integer(0), .string("hello WORLD! more"), .boolean(true),
            ])
    }

    @Test func aFileAnswersAsStocksDoes() throws {
        let sandbox = try Sandbox()
        let result = try sandbox.run(
            """
            local w = io.open("w.txt", "w")
            local r = io.open("w.txt", "r")
            local missing = { io.open("missing.lua") }
            local rOk, rErr, rNo = w:read("l")
            local wOk, wErr, wNo = r:write("x")
            w:close()
            local closedOk, closedErr = pcall(w.write, w, "x")
            local modeOk, modeErr = pcall(io.open, "w.txt", "rw")
            return missing[1], missing[3], rOk, rErr, rNo, wOk, wErr, wNo, closedErr, modeErr
            """, name: "answers.lua")
        #expect(
            result == [
                .nil, .integer(2), .nil, .string("Bad file descriptor"), .integer(9), .nil,
                .string("Bad file descriptor"), .integer(9), .string("attempt to use a closed file"),
                .string("bad argument #2 to 'io.open' (invalid mode)"),
            ])
    }

    @Test func aToBeClosedFileIsClosedAtTheEndOfItsScope() throws {
        let sandbox = try Sandbox()
        let result = try sandbox.run(
            """
            local kept
            do
              local f <close> = io.open("t.txt", "w")
              f:write("x")
              kept = f
            end
            return io.type(kept), io.open("t.txt"):read("a")
            """, name: "close.lua")
        #expect(result == [.string("closed file"), .string("x")])
    }

    /// The game's files are read, and a run's change to one is its own copy.
    @Test func aGamesFileIsReadAndNeverChanged() throws {
        let sandbox = try Sandbox()
        var served = 0
        sandbox.installFiles { call in
            served += 1
            let name = try call.string(1)
            if name == "words.lua" {
                try call.push(bytes: Array("return { 'cat', 'dog' }\n".utf8))
            } else {
                try call.push(.nil)
                try call.push(.string("cannot open \(name): no such file in the game"))
            }
        }
        let result = try sandbox.run(
            """
            local first = io.open("words.lua"):read("l")
            local r = io.open("words.lua", "r+")
            r:write("RETURN")
            r:close()
            local copy = io.open("words.lua"):read("l")
            local _, missing = io.open("nothing.lua")
            return first, copy, missing
            """, name: "game.lua")
        #expect(
            result == [
                .string("return { 'cat', 'dog' }"), .string("RETURN { 'cat', 'dog' }"),
                .string("cannot open nothing.lua: no such file in the game"),
            ])
        #expect(served == 3, "the copy is read from memory, the game's file is not asked for again")
    }

    /// Written bytes count against the memory cap, never reach a disk, and end with the run.
    @Test func filesLiveInTheRunsMemoryOnly() throws {
        let name = "edujam-memory-file-\(getpid()).txt"
        let sandbox = try Sandbox()
        try sandbox.run("io.open('\(name)', 'w'):write('kept'):close()", name: "write.lua")
        #expect(try sandbox.run("return io.open('\(name)'):read('a')", name: "read.lua") == [.string("kept")])
        #expect(!FileManager.default.fileExists(atPath: name))
        #expect(try Sandbox().run("return (io.open('\(name)'))", name: "other.lua") == [.nil])
        let capped = try quickSandbox(memory: 2 << 20)
        let error = sandboxError {
            try capped.run(
                "local f = io.open('big.txt', 'w') local line = ('x'):rep(1000) for i = 1, 10000 do f:write(line .. i) end",
                name: "big.lua")
        }
        guard case .memoryLimit = error else {
            Issue.record("a file past the cap must meet the memory limit, got \(String(describing: error))")
            return
        }
    }
}
