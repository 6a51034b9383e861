import Foundation
import Runtime
import Testing

/// `loadfile` and `dofile` read a file of the game's folder, confined as `require` is.
@Suite struct LoadfileTests {
    typealias TempGame = ModuleLoaderTests.TempGame

    @Test func loadsAndRunsAFileOfTheFolder() throws {
        let game = try TempGame(
            play: """
                local en = assert(loadfile("locales/en.lua"))()
                local env = {}
                assert(loadfile("./locales/set.lua", "t", env))()
                local a, b = dofile("locales/en.lua").hello, dofile("locales/two.lua")
                say(en.hello, env.word, a, b, select("#", dofile("locales/two.lua")))
                """,
            files: [
                "locales/en.lua": #"return { hello = "Hello" }"#, "locales/set.lua": #"word = "set""#,
                "locales/two.lua": "return 1, 2",
            ])
        let (report, channel) = try game.play()
        #expect(report.outcome == .finished, "\(String(describing: report.failure))")
        #expect(channel.said == ["Hello set Hello 1 2"])
        #expect(try TempGame(play: "x = 1").play().0.outcome == .finished)
    }

    @Test(arguments: [
        ("loadfile('../secret.lua')", "cannot open ../secret.lua: it leads outside the game's folder"),
        ("loadfile('/etc/passwd')", "cannot open /etc/passwd: only .lua files"),
        ("loadfile('notes.txt')", "cannot open notes.txt: only .lua files belong to a game"),
        ("loadfile('missing.lua')", "cannot open missing.lua: no such file in the game's folder"),
        ("loadfile('bad.lua')", "bad.lua:1:"),
        ("loadfile('bad.lua', 'b')", "attempt to load a text chunk (mode is 'b')"),
        ("loadfile()", "reading standard input as a chunk is not available to games"),
    ])
    func refusesWithFailAndAMessage(_ call: String, _ fragment: String) throws {
        let game = try TempGame(
            play: "local f, message = \(call) say(tostring(f), message)", files: ["bad.lua": "return {"])
        let (report, channel) = try game.play()
        #expect(report.outcome == .finished, "\(String(describing: report.failure))")
        #expect(channel.said.first?.hasPrefix("nil ") == true)
        #expect(channel.said.first?.contains(fragment) == true, "\(channel.said)")
    }

    @Test func refusesASymlinkOutOfTheFolder() throws {
        let game = try TempGame(play: #"say(dofile("leak.lua").secret)"#)
        try FileManager.default.createSymbolicLink(
            atPath: game.folder + "/leak.lua", withDestinationPath: game.root + "/games/secret.lua")
        let (report, channel) = try game.play()
        #expect(report.outcome == .error)
        #expect(report.failure?.message.contains("leads outside the game's folder") == true)
        #expect(channel.said.isEmpty)
    }
}
