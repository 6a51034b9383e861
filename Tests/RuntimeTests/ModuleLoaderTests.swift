import Foundation
import Runtime
import Testing
import Tracking

/// `require` loads modules from the game's own folder and nothing else.
@Suite struct ModuleLoaderTests {
    /// A game folder in a fresh temporary directory, with a `secret.lua` beside it (outside the game).
    final class TempGame {
        let root: String
        let folder: String

        init(play body: String, files: [String: String] = [:]) throws {
            root = NSTemporaryDirectory() + "edujam-require-" + UUID().uuidString
            folder = root + "/games/modules"
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            try "return { secret = 42 }".write(toFile: root + "/games/secret.lua", atomically: true, encoding: .utf8)
            let game = """
                return { id = "MODULES", title = "Modules", play = function(level)
                  activity.start()
                \(body)
                  activity.finish()
                end }
                """
            try game.write(toFile: folder + "/game.lua", atomically: true, encoding: .utf8)
            for (path, text) in files { try write(path, text) }
        }

        func write(_ path: String, _ text: String) throws {
            let full = folder + "/" + path
            try FileManager.default.createDirectory(
                atPath: (full as NSString).deletingLastPathComponent,
                withIntermediateDirectories: true)
            try text.write(toFile: full, atomically: true, encoding: .utf8)
        }

        func play() throws -> (RunReport, ScriptedChannel) {
            let clock = RunClock.virtual()
            let store = try TrackingStore.inMemory(
                rootIdentifier: "org.example.modules", rootTitle: "Modules",
                clock: { clock.date() })
            let channel = ScriptedChannel([])
            var options = PlayOptions()
            options.saving = .atEnd
            let report = try GamePlayer.play(
                folder: folder, store: store, channel: channel, clock: clock, options: options)
            return (report, channel)
        }

        deinit { try? FileManager.default.removeItem(atPath: root) }
    }

    @Test func loadsAModuleFromTheGamesFolder() throws {
        let game = try TempGame(
            play: #"say(require("words").first, require("lists.animals")[2])"#,
            files: [
                "words.lua": #"return { first = "apple" }"#,
                "lists/animals.lua": #"return { "cat", "dog" }"#,
            ])
        let (report, channel) = try game.play()
        #expect(report.outcome == .finished, "\(String(describing: report.failure))")
        #expect(channel.said == ["apple dog"])
    }

    @Test func cachesLikePackageLoaded() throws {
        let game = try TempGame(
            play: """
                  local a = require("counter")
                  local b = require("counter")
                  say(a == b, a.loads, require("nothing"))
                """,
            files: [
                "counter.lua": "LOADS = (LOADS or 0) + 1 return { loads = LOADS }",
                "nothing.lua": "local x = 1",
            ])
        let (report, channel) = try game.play()
        #expect(report.outcome == .finished, "\(String(describing: report.failure))")
        #expect(
            channel.said == ["true 1 true ./nothing.lua"],
            "loaded once; a module returning nothing gives true; the first require also returns the file, as stock")
    }

    @Test(arguments: [
        ("../secret", "joined by dots or '/'"),
        ("/etc/passwd", "joined by dots or '/'"),
        ("a/../../secret", "joined by dots or '/'"),
        ("lists//animals", "joined by dots or '/'"),
        ("..secret", "joined by dots"),
        ("a..b", "joined by dots"),
        (".secret", "joined by dots"),
        ("secret.", "joined by dots"),
        ("..\\\\secret", "not '\\'"),
        ("", "must not be empty"),
        ("my words", "joined by dots"),
    ])
    func refusesNamesThatReachOut(_ name: String, _ fragment: String) throws {
        let game = try TempGame(play: "require(\"\(name)\")")
        let (report, _) = try game.play()
        #expect(report.outcome == .error)
        #expect(report.failure?.message.contains(fragment) == true, "\(String(describing: report.failure?.message))")
        #expect(report.failure?.chunk?.hasSuffix("modules/game.lua") == true, "located at the require line")
        #expect(report.failure?.line == 3)
    }

    @Test func refusesASymlinkOutOfTheFolder() throws {
        let game = try TempGame(play: #"say(require("leak").secret)"#)
        try FileManager.default.createSymbolicLink(
            atPath: game.folder + "/leak.lua", withDestinationPath: game.root + "/games/secret.lua")
        let (report, channel) = try game.play()
        #expect(report.outcome == .error)
        #expect(report.failure?.message.contains("'./leak.lua' leads outside the game's folder") == true)
        #expect(channel.said.isEmpty)
    }

    @Test func refusesASymlinkedFolderOutOfTheFolder() throws {
        let game = try TempGame(play: #"say(require("up.secret").secret)"#)
        try FileManager.default.createSymbolicLink(
            atPath: game.folder + "/up", withDestinationPath: game.root + "/games")
        let (report, _) = try game.play()
        #expect(report.failure?.message.contains("leads outside the game's folder") == true)
    }

    @Test func allowsASymlinkInsideTheFolder() throws {
        let game = try TempGame(
            play: #"say(require("alias").first)"#, files: ["words.lua": #"return { first = "apple" }"#])
        try FileManager.default.createSymbolicLink(
            atPath: game.folder + "/alias.lua", withDestinationPath: game.folder + "/words.lua")
        let (report, channel) = try game.play()
        #expect(report.outcome == .finished)
        #expect(channel.said == ["apple"])
    }

    @Test func missingModuleSaysWhereItLooked() throws {
        let game = try TempGame(play: #"require("wordz")"#)
        let (report, _) = try game.play()
        #expect(report.failure?.message.hasPrefix("module 'wordz' not found: no file './wordz.lua'") == true)
    }

    @Test func moduleErrorsNameTheModuleFile() throws {
        let game = try TempGame(play: #"require("broken")"#, files: ["broken.lua": "local x = nil\nreturn x.y"])
        let (report, _) = try game.play()
        #expect(report.failure?.chunk == "./broken.lua")
        #expect(report.failure?.line == 2)
        let syntax = try TempGame(play: #"require("bad")"#, files: ["bad.lua": "return {"])
        let (again, _) = try syntax.play()
        #expect(again.failure?.message.contains("bad.lua:1:") == true, "\(String(describing: again.failure))")
    }

    /// What `require`, `loadfile` and a module's error say is what a script can keep (in an item
    /// title, a saved answer): no path in it names the teacher's folder, only the game's own files.
    @Test func messagesAScriptSeesNameNoFolderOutsideTheGame() throws {
        let game = try TempGame(
            play: """
                  say(select(2, pcall(require, "leak")))
                  say(select(2, pcall(require, "missing")))
                  say(select(2, pcall(require, "broken")))
                  say(select(2, loadfile("leak.lua")))
                """,
            files: ["broken.lua": #"error("boom")"#])
        try FileManager.default.createSymbolicLink(
            atPath: game.folder + "/leak.lua", withDestinationPath: game.root + "/games/secret.lua")
        let (report, channel) = try game.play()
        #expect(report.outcome == .finished, "\(String(describing: report.failure))")
        #expect(channel.said.count == 4)
        for said in channel.said {
            #expect(!said.contains(game.root) && !said.contains("/games/"), "\(said)")
        }
        #expect(
            channel.said[0] == "module 'leak': './leak.lua' leads outside the game's folder (symlinks are followed)")
        #expect(channel.said[2] == "./broken.lua:1: boom")
    }

    @Test func aLoopIsReported() throws {
        let game = try TempGame(
            play: #"require("a")"#, files: ["a.lua": #"return require("b")"#, "b.lua": #"return require("a")"#])
        let (report, _) = try game.play()
        #expect(report.failure?.message.contains("requires itself") == true, "\(String(describing: report.failure))")
    }

    @Test func modulesRunInTheSameSandbox() throws {
        let game = try TempGame(play: #"require("tricky")"#, files: ["tricky.lua": "return debug.getregistry()"])
        let (report, _) = try game.play()
        #expect(report.failure?.message == "attempt to call a nil value (field 'getregistry')")
        #expect(report.failure?.chunk == "./tricky.lua")
    }

    @Test func findsModulesByPathAndInitLua() throws {
        let game = try TempGame(
            play:
                #"say(require("spec/helpers").name, require("i18n").name, require("pl.utils").name, require("pl/utils") == require("pl.utils"))"#,
            files: [
                "spec/helpers.lua": #"return { name = "helpers" }"#,
                "i18n/init.lua": #"return { name = "i18n" }"#,
                "pl/utils.lua": #"return { name = "utils" }"#,
            ])
        let (report, channel) = try game.play()
        #expect(report.outcome == .finished, "\(String(describing: report.failure))")
        #expect(channel.said == ["helpers i18n utils false"], "two names, two modules, as in stock Lua")
    }

    @Test func missingModuleNamesBothFiles() throws {
        let game = try TempGame(play: #"require("lists.birds")"#)
        let (report, _) = try game.play()
        let message = report.failure?.message ?? ""
        #expect(message.contains("no file './lists/birds.lua'"), "\(message)")
        #expect(message.contains("no file './lists/birds/init.lua'"), "\(message)")
    }

    @Test func aModuleThatRaisedRaisesAgain() throws {
        let game = try TempGame(
            play: """
                  local a, first = pcall(require, "broken")
                  local b, second = pcall(require, "broken")
                  say(a, first)
                  say(b, second)
                """,
            files: ["broken.lua": #"error("not ready")"#])
        let (report, channel) = try game.play()
        #expect(report.outcome == .finished, "\(String(describing: report.failure))")
        #expect(channel.said.count == 2 && channel.said[0] == channel.said[1], "\(channel.said)")
        #expect(channel.said.first?.hasSuffix("broken.lua:1: not ready") == true, "not 'requires itself'")
    }

    @Test func preloadNilModulesAndBadNamesAreStocks() throws {
        let game = try TempGame(
            play: """
                  package.preload.made = function(name, file) return { name = name, file = file } end
                  local m, file = require("made")
                  say(m.name, m.file, file, require("made") == m)
                  say(require("empty"), select(2, require("other")), package.loaded.empty)
                  say(pcall(require, 42))
                  say(pcall(function() return require() end))
                  say(select(2, pcall(require, "loop")))
                  package.loaded["a\\0b"] = "zero"
                  say(require("a\\0b") == "zero", pcall(require, "a\\0c"))
                """,
            files: [
                "empty.lua": "local x = 1", "other.lua": "return false",
                "loop.lua": #"return require("loop")"#,
            ])
        let (report, channel) = try game.play()
        #expect(report.outcome == .finished, "\(String(describing: report.failure))")
        let said = channel.said
        #expect(
            said.prefix(3) == [
                "made :preload: :preload: true",
                "true ./other.lua true",
                "false bad argument #1 to 'require' (string expected, got number)",  // from pcall: no line
            ], "\(said)")
        #expect(said.count == 6, "\(said)")
        #expect(said.last?.hasPrefix("true false ") == true, "a name is any string, zeros too: \(said)")
        #expect(said.dropFirst(3).first?.hasPrefix("false ") == true, "\(said)")
        #expect(
            said.dropFirst(3).first?.hasSuffix("/game.lua:8: bad argument #1 to 'require' (string expected, got nil)")
                == true, "the caller's line: \(said)")
        #expect(
            said.dropFirst(4).first?.hasSuffix("/loop.lua:1: require: module 'loop' requires itself (a loop)") == true,
            "\(said)")
    }

    @Test func aModuleGetsItsNameAndFileAndLandsInPackageLoaded() throws {
        let game = try TempGame(
            play: """
                  local m, file = require("lists.animals")
                  say(m.name, m.file, file, package.loaded["lists.animals"] == m, select("#", require("lists.animals")))
                  say(require("string") == string, require("table") == table, require("math") == math,
                    require("utf8") == utf8, require("coroutine") == coroutine, require("os") == os)
                """,
            files: ["lists/animals.lua": "local name, file = ... return { name = name, file = file }"])
        let (report, channel) = try game.play()
        #expect(report.outcome == .finished, "\(String(describing: report.failure))")
        #expect(
            channel.said == [
                "lists.animals ./lists/animals.lua ./lists/animals.lua true 1", "true true true true true true",
            ])
    }
}
