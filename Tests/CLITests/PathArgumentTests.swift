import Foundation
import Testing

/// Path arguments as people type them, through the built binary: a one-character folder name,
/// `.`, `..`, trailing slashes, spaces, bytes that are not UTF-8. Each command either works or
/// says what is wrong with the argument; none crashes (Foundation's `deletingLastPathComponent`
/// traps on a one-character path on Linux, which made `edujam play g` end with SIGILL).
@Suite struct PathArgumentTests {
    private static let game = """
        return { id = "TINY", title = "Tiny", topic = "math",
          play = function() activity.start(); say("hello"); activity.score("score", 1, 1); activity.finish() end }
        """

    /// A scratch folder holding the game `g`, the game `a b/w`, a folder `plain` with no game,
    /// and the game in a folder named by the bytes `u\xff` (made by the shell: a Swift string
    /// cannot hold them).
    private func workshop() throws -> URL {
        let folder = try Edujam.scratchFolder("paths")
        for game in ["g", "a b/w"] {
            let url = folder.appendingPathComponent(game)
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
            try Self.game.write(to: url.appendingPathComponent("game.lua"), atomically: true, encoding: .utf8)
        }
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("plain"), withIntermediateDirectories: true)
        let made = try Edujam().run(
            [], directory: folder, program: URL(fileURLWithPath: "/bin/sh"),
            launcher: ["/bin/sh", "-c", #"d="$(printf 'u\377')" && mkdir "$d" && cp g/game.lua "$d/""#])
        #expect(made.status == 0, "\(made.error)")
        return folder
    }

    /// Runs `words` with one argument made of the bytes `u\xff` appended, through the shell.
    private func runWithRawBytes(_ cli: Edujam, _ words: String, in folder: URL) throws -> Edujam.Result {
        try cli.run(
            [], directory: folder,
            launcher: ["/bin/sh", "-c", #"exec "$0" "# + words + #" "$(printf 'u\377')""#])
    }

    @Test func aGameFolderWithAOneCharacterNamePlaysTestsFuzzesAndChecks() throws {
        let cli = Edujam()
        defer { cli.remove() }
        let folder = try workshop()
        defer { try? FileManager.default.removeItem(at: folder) }
        let commands: [[String]] = [
            ["play", "g"], ["play", "g/"], ["play", "./g"], ["play", "a b/w"], ["play", "a b/w/"],
            ["test", "g", "--fuzz-runs", "1"], ["test", "g/", "--fuzz-runs", "1"], ["test", "a b", "--fuzz-runs", "1"],
            ["fuzz", "g", "--runs", "2"], ["check", "g", "--no-luacheck", "--fuzz-runs", "1"],
            ["catalog", "."], ["catalog", "a b/"], ["play", "TINY", "--games", "a b"],
        ]
        for words in commands {
            let student = words[0] == "play" ? ["--student", "ana"] : []
            let result = try cli.run(words + student, directory: folder)
            #expect(result.status == 0, "\(words): \(result.output)\(result.error)")
        }
        let here = try cli.run(["play", ".", "--student", "ana"], directory: folder.appendingPathComponent("g"))
        #expect(here.status == 0, "\(here.error)")
        let fuzzHere = try cli.run(["fuzz", ".", "--runs", "2"], directory: folder.appendingPathComponent("g"))
        #expect(fuzzHere.status == 0, "\(fuzzHere.error)")
    }

    @Test func aPathThatCannotBeUsedIsAUsageErrorNamingIt() throws {
        let cli = Edujam()
        defer { cli.remove() }
        let folder = try workshop()
        defer { try? FileManager.default.removeItem(at: folder) }
        let refused: [(words: [String], says: String)] = [
            (["play", "."], "'.' is a folder without a game.lua"),
            (["play", "plain/"], "'plain/' is a folder without a game.lua"),
            (["fuzz", ".."], "'..' is a folder without a game.lua"),
            (["play", "TINY", "--games", "nowhere"], "--games nowhere: no such folder"),
            (["catalog", "nowhere/"], "games folder nowhere/: no such folder"),
            (["play", "g", "--record", "plain"], "--record plain: is a folder"),
            (["play", "g", "--record", "nowhere/x.play"], "the folder \(folder.path)/nowhere does not exist"),
            (["test", "g", "--junit", "."], "--junit .: is a folder"),
            (["test", "g", "--junit", ""], "--junit needs a file name"),
        ]
        for (words, says) in refused {
            let result = try cli.run(words, directory: folder)
            #expect(result.status == 64, "\(words): \(result.error)")
            #expect(result.error.contains(says), "\(words): \(result.error)")
        }
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("nowhere").path))
    }

    /// Every command that takes a path, with each awkward spelling: a result, a failure in words
    /// or a usage error, never a signal.
    @Test func noPathArgumentCrashesACommand() throws {
        let cli = Edujam()
        defer { cli.remove() }
        let folder = try workshop()
        defer { try? FileManager.default.removeItem(at: folder) }
        let paths = ["g", "g/", ".", "..", "./g", "a b", "a b/", "x", "x/", "/", "", "x.play", "g/tests/y.bot.lua"]
        let commands: [[String]] = [
            ["play"], ["test", "--fuzz-runs", "1"], ["fuzz", "--runs", "2"],
            ["check", "--no-luacheck", "--fuzz-runs", "1"],
            ["catalog"], ["new"], ["play", "TINY", "--games"], ["play", "g", "--record"], ["test", "g", "--junit"],
            ["class", "import", "--oneroster"], ["report", "--store"],
        ]
        for command in commands {
            for path in paths {
                let result = try cli.run(command + [path], directory: folder)
                #expect([0, 1, 64].contains(result.status), "\(command) '\(path)': \(result.status) \(result.error)")
            }
            let raw = try runWithRawBytes(cli, command.joined(separator: " "), in: folder)
            #expect([0, 1, 64].contains(raw.status), "\(command) u\\xff: \(raw.status) \(raw.error)")
        }
        let played = try runWithRawBytes(cli, "play --student ana", in: folder)
        #expect([0, 64].contains(played.status), "\(played.error)")
    }
}
