import Foundation
import Testing

/// Real Lua libraries work unchanged in a game: the library suite of `make test-differential`
/// (Tests/SandboxDifferential/libraries: JSON, classes, inspect, strict mode, require with '/'
/// and init.lua, os, package, collectgarbage ...) prints the same lines under stock `lua5.4`
/// and played as a game.
@Suite struct LibrarySuiteTests {
    static let folder = "Tests/SandboxDifferential/libraries"
    static let stockLua = "/usr/bin/lua5.4"

    @Test(
        .enabled(
            if: FileManager.default.isExecutableFile(atPath: stockLua),
            "lua5.4 is missing (Debian package lua5.4): the library suite is not compared with stock Lua"))
    func librariesPrintWhatStockLuaPrints() throws {
        let cli = Edujam()
        defer { cli.remove() }
        let stock = try cli.run(
            ["run.lua"], environment: ["LUA_PATH": "./?.lua;./?/init.lua", "LUA_INIT": ""],
            directory: Edujam.root.appendingPathComponent(Self.folder),
            program: URL(fileURLWithPath: Self.stockLua))
        #expect(stock.status == 0, "\(stock.error)")
        #expect(stock.output.hasSuffix("-- 179 cases\n"), "every check passes under stock: \(stock.output)")
        let game = try cli.run(["play", Self.folder, "--seed", "1"])
        #expect(game.status == 0, "\(game.error)")
        // print joins its arguments with a space where stock uses a tab (docs/sandbox.md).
        let expected = stock.output.replacingOccurrences(of: "\t", with: " ")
        let stockLines = expected.split(separator: "\n", omittingEmptySubsequences: false)
        let gameLines = game.output.split(separator: "\n", omittingEmptySubsequences: false)
        for (index, line) in stockLines.enumerated() where index >= gameLines.count || gameLines[index] != line {
            Issue.record(
                "line \(index + 1): stock \(line), game \(index < gameLines.count ? gameLines[index] : "(none)")")
            return
        }
        #expect(stockLines.count == gameLines.count, "\(game.output)")
    }
}
