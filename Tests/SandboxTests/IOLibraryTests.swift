import Sandbox
import Testing

/// `io` is the game's terminal: lines through print's sink, budget and cleaning.
@Suite struct IOLibraryTests {
    @Test func writeShowsLinesAsPrintDoes() throws {
        let log = PrintLog()
        let sandbox = try Sandbox(output: { log.lines.append($0) })
        try sandbox.run(
            """
            io.write("a", 1, " ", 2.5, " ", 1.0, "\\n")
            io.write("Score: "):write(10, "\\n\\n")
            io.stdout:write("x\\27[2Jy\\n")
            io.stderr:write("one\\ntwo")
            io.write(" and the rest")
            """, name: "w.lua")
        #expect(log.lines == ["a1 2.5 1", "Score: 10", "", "x?[2Jy", "one", "two and the rest"])
    }

    @Test func writeSpendsTheOutputBudget() throws {
        let sandbox = try quickSandbox(output: 1000)
        let error = sandboxError { try sandbox.run("for i = 1, 1000 do io.write('xx') end", name: "flood.lua") }
        #expect(error?.isOutputLimit == true, "\(String(describing: error))")
    }

    @Test func theStandardFilesAnswerAsStocksDo() throws {
        let sandbox = try Sandbox()
        let result = try sandbox.run(
            """
            return io.type(io.stdout), io.type(42), io.read(), io.stdin:read("n"), io.stdout:close(),
              io.stdin:write("x"), io.output() == io.stdout, io.input() == io.stdin, tostring(io.stdin):sub(1, 8),
              string.format("%p", io.stdin) == string.format("%p", io.stdin), io.lines()(), io.stdout:flush()
            """, name: "files.lua")
        #expect(
            result == [
                .string("file"), .nil, .nil, .nil, .nil, .nil, .boolean(true), .boolean(true), .string("file (0x"),
                .boolean(true), .nil, .boolean(true),
            ])
        #expect(
            try sandbox.run("return io.stdout:close()", name: "c.lua") == [.nil, .string("cannot close standard file")])
        #expect(
            try sandbox.run("return io.stdin:write('x')", name: "w.lua")
                == [.nil, .string("Bad file descriptor"), .integer(9)])
    }

    @Test func readsTheHostsLinesInEachFormat() throws {
        let sandbox = try Sandbox()
        var lines = ["12", " 3.5 ", "seven", "last"]
        var prompts: [String] = []
        sandbox.installInput { call in
            prompts.append(try call.string(1))
            try call.push(lines.isEmpty ? .nil : .string(lines.removeFirst()))
        }
        let result = try sandbox.run(
            """
            io.write("How many? ")
            local a, b, c = io.read("n", "*n", "n")
            local rest = {}
            for line in io.lines(nil, "L") do rest[#rest + 1] = line end
            return a, b, c, table.concat(rest), io.read("a")
            """, name: "read.lua")
        #expect(result == [.integer(12), .number(3.5), .nil, .string("last\n"), .string("")])
        #expect(prompts == ["How many? ", "", "", "", "", ""])
    }
}

extension SandboxError {
    fileprivate var isOutputLimit: Bool {
        if case .outputLimit = self { true } else { false }
    }
}
