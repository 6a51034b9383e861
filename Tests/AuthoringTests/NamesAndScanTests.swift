import Foundation
import Runtime
import Sandbox
import Testing
import Tracking

@testable import Authoring

/// The lists `check` judges by match a real game's sandbox, and the scans find what they should.
@Suite struct NamesAndScanTests {
    /// Plays a one-line game that says what it sees, and returns what it said.
    func seen(_ expression: String) throws -> String {
        let folder = NSTemporaryDirectory() + "edujam-names-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let game = """
            local function names(t) local n = {} for k in pairs(t) do n[#n + 1] = k end table.sort(n) return table.concat(n, " ") end
            return { id = "NAMES", title = "Names", play = function() activity.start() say(\(expression)) activity.finish() end }
            """
        try game.write(toFile: folder + "/game.lua", atomically: true, encoding: .utf8)
        let clock = RunClock.virtual()
        let store = try TrackingStore.inMemory(
            rootIdentifier: "org.example", rootTitle: "Example", clock: { clock.date() })
        let channel = Answers([])
        _ = try GamePlayer.play(folder: folder, store: store, channel: channel, clock: clock, options: PlayOptions())
        return channel.said.joined()
    }

    /// The withheld names are absent from the sandbox (nil), not traps.
    @Test func globalsMatchAGamesSandbox() throws {
        let known = KnownNames.globals.sorted().joined(separator: " ")
        #expect(try seen("names(_G)") == known)
    }

    @Test(arguments: ["activity", "string", "math", "table", "utf8", "coroutine", "os", "package", "io", "debug"])
    func libraryFieldsMatchTheSandbox(_ table: String) throws {
        // some withheld functions are there, and raise saying they are not available to games
        let refusing = KnownNames.refusingFields[table] ?? []
        let fields = KnownNames.libraryFields[table]! + refusing
        #expect(try seen("names(\(table))") == fields.sorted().joined(separator: " "))
    }

    /// The methods the editor definitions give `io.stdout` and the other terminal files.
    @Test func fileMethodsMatchTheSandbox() throws {
        let methods = GameAPI.fileMethods.keys.sorted().joined(separator: " ")
        #expect(try seen("names(getmetatable(io.stdout).__index)") == methods)
    }

    @Test func tokenizerSkipsCommentsAndReadsStrings() {
        let tokens = LuaTokenizer.tokens(
            """
            -- sya("comment")
            --[[ activty.start() ]]
            local s = [==[ long ]] ]==] .. "a\\"b" .. 'c' -- tail
            x = 0x1F + 1e-3
            """)
        #expect(
            tokens.map(\.text) == [
                "local", "s", "=", " long ]] ", "..", "a\"b", "..", "c", "x", "=", "0x1F", "+", "1e-3",
            ])
        #expect(tokens.last?.line == 4)
    }

    @Test func compilerListingGivesGlobalsWithLines() {
        let listing = """
            \t3\t[2]\tGETTABUP \t1 0 0\t; _ENV "sya"
            \t6\t[3]\tSETTABUP \t0 2 3k\t; _ENV "y" 2
            \t7\t[3]\tGETUPVAL \t0 0\t; x
            """
        #expect(
            GlobalScan.parse(listing: listing) == [
                GlobalAccess(name: "sya", line: 2, isWrite: false), GlobalAccess(name: "y", line: 3, isWrite: true),
            ])
    }

    @Test func tokenScanIsTheFallbackWithoutLuac() {
        let source = """
            local count = 0
            function play(level)
              for i, v in ipairs({ id = 1 }) do count = count + i end
              sya(count, math.pi, level)
              total = 1
            end
            """
        let accesses = TokenGlobalScan.accesses(LuaTokenizer.tokens(source))
        #expect(accesses.filter(\.isWrite).map(\.name) == ["play", "total"])
        #expect(accesses.filter { !$0.isWrite }.map(\.name) == ["ipairs", "sya", "math"])
    }

    @Test func luacheckPlainOutputIsParsed() {
        let findings = Luacheck.parse(
            """
            games/q/game.lua:4:16-16: (W211) unused function 'f'
            games/q/game.lua:9:1-1: (E011) expected 'end' near <eof>
            """)
        #expect(findings.map(\.line) == [4, 9])
        #expect(findings.map(\.severity) == [.warning, .error])
        #expect(findings[0].check == "luacheck W211" && findings[0].file == "games/q/game.lua")
    }

    @Test func errorExcerptShowsTheLineACaretAndOnlyTheGamesFrames() throws {
        let folder = fixture("undefined-global")
        let failure = ScriptFailure(
            chunk: folder + "/game.lua", line: 3,
            message: "attempt to call a nil value (global 'sya')",
            traceback:
                "stack traceback:\n\t[C]: in ?\n\t\(folder)/game.lua:3: in function <\(folder)/game.lua:1>\n\t[C]: in function 'require'"
        )
        let text = ErrorExcerpt.text(for: failure, folder: folder)
        let lines = text.split(separator: "\n").map(String.init)
        #expect(lines[1] == "  3 |   sya(\"Welcome!\")")
        #expect(lines[2] == "    |   ^")
        #expect(lines[3] == "stack traceback:")
        #expect(lines.count == 5, "[C] and host frames dropped: \(lines)")
    }
}
