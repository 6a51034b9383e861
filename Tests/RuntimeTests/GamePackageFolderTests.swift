import Foundation
import GameContent
import Runtime
import Testing
import Tracking

/// A game's package read from its folder: what belongs to it, what changes its version, what is
/// refused, and that a game run from the cache plays as from its folder.
@Suite struct GamePackageFolderTests {
    /// The package's root: the games and docs of the repository.
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path

    /// A copy of a game folder (or an empty one) in a fresh temporary directory, removed at the end.
    final class TempFolder {
        let root = NSTemporaryDirectory() + "edujam-package-" + UUID().uuidString
        var game: String { root + "/game" }

        init(copying source: String? = nil) throws {
            try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
            if let source {
                try FileManager.default.copyItem(atPath: source, toPath: game)
            } else {
                try FileManager.default.createDirectory(atPath: game, withIntermediateDirectories: true)
            }
        }
        deinit { try? FileManager.default.removeItem(atPath: root) }

        /// A folder holding ``modulesGame`` and its two modules, one in a subfolder.
        static func withModules() throws -> TempFolder {
            let temp = try TempFolder()
            try temp.write("game.lua", GamePackageFolderTests.modulesGame)
            try temp.write("lists/animals.lua", "return { 'cat', 'dog' }")
            try temp.write("words.lua", "return { first = 'apple' }")
            return temp
        }

        /// Files beside the game that are not part of its package.
        func writeOthers() throws {
            try write("README.md", "# Modules")
            try write("tests/perfect.bot.lua", "return {}")
            try write("tests/helper.lua", "return {}")
            try write("my notes.lua", "return {}")
            try write("old.words.lua", "return {}")
            try write(".git/hooks/x.lua", "return {}")
            try write("lists/picture.png", "PNG")
        }

        func write(_ relative: String, _ text: String) throws {
            let path = game + "/" + relative
            try FileManager.default.createDirectory(
                atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try text.write(toFile: path, atomically: true, encoding: .utf8)
        }
    }

    /// A game whose play says what a module in a subfolder holds and asks one question.
    private static let modulesGame = """
        local animals = require("lists.animals")
        local words = require("words")
        return { id = "MODULES", title = "Modules", play = function(level)
          activity.start()
          say(animals[1], words.first)
          local answer = ask("Which animal?")
          say(answer == animals[2] and "right" or "wrong")
          activity.finish()
        end }
        """

    private func refusal(_ folder: String) -> GamePackageError? {
        do {
            _ = try GamePackage.read(folder: folder)
            return nil
        } catch {
            return error
        }
    }

    @Test(arguments: ["math-jam", "word-jam"])
    func shippedGamesHaveStableVersions(_ name: String) throws {
        let folder = Self.packageRoot + "/games/" + name
        let first = try GamePackage.read(folder: folder)
        let second = try GamePackage.read(folder: folder)
        #expect(first.version == second.version)
        #expect(first.paths == ["game.lua"], "tests/ holds bots and transcripts, not the game")
        #expect(first.files["game.lua"] == Array(try Data(contentsOf: URL(fileURLWithPath: folder + "/game.lua"))))
    }

    /// A README, a picture, a tests/ file or a .lua no `require` can reach change nothing; one
    /// byte of a module changes the version.
    @Test func whatChangesTheVersion() throws {
        let temp = try TempFolder.withModules()
        let version = try GamePackage.read(folder: temp.game).version
        #expect(try GamePackage.read(folder: temp.game).paths == ["game.lua", "lists/animals.lua", "words.lua"])
        try temp.writeOthers()
        #expect(try GamePackage.read(folder: temp.game).version == version)
        try temp.write("lists/animals.lua", "return { 'cat', 'dot' }")
        #expect(try GamePackage.read(folder: temp.game).version != version)
    }

    /// Past a limit, the folder is refused by the sizes the system reports, before reading.
    @Test func limitsAreCheckedBeforeReading() throws {
        let temp = try TempFolder()
        try temp.write("game.lua", Self.modulesGame)
        let big = temp.game + "/big.lua"
        let fd = open(big, O_CREAT | O_WRONLY, 0o600)
        #expect(ftruncate(fd, 1 << 34) == 0)  // sparse: reading it would take minutes
        close(fd)
        #expect(
            refusal(temp.game)
                == .fileTooLarge(path: big, bytes: 1 << 34, limit: GamePackage.maxFileBytes))
        try FileManager.default.removeItem(atPath: big)
        for index in 0..<GamePackage.maxFiles { try temp.write("m/m\(index).lua", "") }
        #expect(refusal(temp.game) == .tooManyFiles(count: GamePackage.maxFiles + 1, limit: GamePackage.maxFiles))
    }

    @Test func symlinkOutOfTheFolderIsRefused() throws {
        let temp = try TempFolder()
        try temp.write("game.lua", Self.modulesGame)
        try "return { secret = 42 }".write(toFile: temp.root + "/secret.lua", atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(
            atPath: temp.game + "/leak.lua", withDestinationPath: "../secret.lua")
        guard case .unreadable(let path, let reason)? = refusal(temp.game) else {
            Issue.record("the symlink was not refused")
            return
        }
        #expect(path == temp.game + "/leak.lua")
        #expect(reason.contains("leads outside the folder"))
    }

    /// A symlink to a folder inside the game is followed, as `require` follows it; one back up
    /// the tree is not listed again and again.
    @Test func symlinksInsideAreFollowedWithoutLooping() throws {
        let temp = try TempFolder()
        try temp.write("game.lua", Self.modulesGame)
        try temp.write("lists/animals.lua", "return { 'cat', 'dog' }")
        try FileManager.default.createSymbolicLink(atPath: temp.game + "/more", withDestinationPath: "lists")
        try FileManager.default.createSymbolicLink(atPath: temp.game + "/lists/up", withDestinationPath: "..")
        let package = try GamePackage.read(folder: temp.game)
        #expect(package.paths == ["game.lua", "lists/animals.lua", "more/animals.lua"])
    }

    /// Links that stay inside the folder but multiply its paths (41 folders each with two links
    /// to the next: 2^40 paths) are refused at once, in words, before a file is read: by the
    /// depth a walk goes to, or by the folder paths it walks when the links stay shallow.
    @Test func foldersOfLinksToLinksAreRefusedAtOnce() throws {
        let temp = try TempFolder()
        try temp.write("game.lua", Self.modulesGame)
        func chain(_ name: String, levels: Int, links: Int) throws {
            for level in 0..<levels {
                let folder = "\(temp.game)/\(name)/d\(level)"
                try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
                for link in 0..<links {
                    try FileManager.default.createSymbolicLink(
                        atPath: folder + "/l\(link)", withDestinationPath: "../d\(level + 1)")
                }
            }
            try FileManager.default.createDirectory(
                atPath: "\(temp.game)/\(name)/d\(levels)", withIntermediateDirectories: true)
        }
        try chain("lib", levels: 41, links: 2)
        let start = ContinuousClock.now
        guard case .folderPastBounds(let path, let reason)? = refusal(temp.game) else {
            Issue.record("the folder was not refused")
            return
        }
        #expect(ContinuousClock.now - start < .seconds(2))
        #expect(path == temp.game)
        #expect(reason.hasPrefix("the game's folder goes more than 8 folders deep, at '"), "\(reason)")
        try FileManager.default.removeItem(atPath: temp.game + "/lib")
        try chain("wide", levels: 6, links: 8)  // 8^6 paths, none deeper than 7 folders
        guard case .folderPastBounds(_, let wide)? = refusal(temp.game) else {
            Issue.record("the wide folder was not refused")
            return
        }
        #expect(wide.contains("holds more than \(GameFolderWalk.maxFolders) folders"), "\(wide)")
    }

    /// 1,500 links to one module: refused by the count of files before a byte is read (of a
    /// large module, by the bytes they add up to, as sizes are checked before reading too).
    @Test func manyLinksToOneModuleAreRefusedByTheirCount() throws {
        let temp = try TempFolder()
        try temp.write("game.lua", Self.modulesGame)
        try temp.write("big.lua", "return 1")
        for index in 0..<1500 {
            try FileManager.default.createSymbolicLink(
                atPath: temp.game + "/m\(index).lua", withDestinationPath: "big.lua")
        }
        #expect(refusal(temp.game) == .tooManyFiles(count: GamePackage.maxFiles + 1, limit: GamePackage.maxFiles))
    }

    @Test func missingGameLuaIsNamed() throws {
        let temp = try TempFolder()
        try temp.write("words.lua", "return {}")
        #expect(refusal(temp.game) == .unreadable(path: temp.game + "/game.lua", reason: "no such file"))
    }

    /// Read from its folder, stored in a cache and run from the cache's folder, a game with a
    /// module in a subfolder plays exactly as from its own folder.
    @Test func playsTheSameFromTheCache() throws {
        let temp = try TempFolder.withModules()
        let package = try GamePackage.read(folder: temp.game)
        let cache = try GameCache(folder: temp.root + "/data/game-cache")
        try cache.store(package)
        let cached = try #require(cache.folder(for: package.version))
        #expect(cached != temp.game)
        let (fromFolder, saidFromFolder) = try play(folder: temp.game)
        let (fromCache, saidFromCache) = try play(folder: cached)
        #expect(fromFolder.outcome == .finished, "\(String(describing: fromFolder.failure))")
        #expect(saidFromFolder == ["cat apple", "right"])
        #expect(saidFromCache == saidFromFolder)
        #expect(fromCache.outcome == fromFolder.outcome)
        #expect(fromCache.record.items.count == fromFolder.record.items.count)
        #expect(try GamePackage.read(folder: cached).version == package.version)
    }

    /// The script in docs/game-packages.md computes the version Swift computes.
    @Test func documentedScriptAgrees() throws {
        guard
            let python = ["/usr/bin/python3", "/usr/local/bin/python3"].first(
                where: FileManager.default.isExecutableFile)
        else {
            print("SKIPPED GamePackageFolderTests.documentedScriptAgrees: no python3 on this machine")
            return
        }
        let doc = try String(contentsOfFile: Self.packageRoot + "/docs/game-packages.md", encoding: .utf8)
        let start = try #require(doc.range(of: "```python\n"))
        let end = try #require(doc.range(of: "\n```", range: start.upperBound..<doc.endIndex))
        let temp = try TempFolder.withModules()
        let script = temp.root + "/game-version.py"
        try String(doc[start.upperBound..<end.lowerBound]).write(toFile: script, atomically: true, encoding: .utf8)
        try temp.write("lists/more/init.lua", "return { 'é', '\u{1}' }")
        try temp.writeOthers()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = [script, temp.game]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let printed = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let version = try GamePackage.read(folder: temp.game).version
        #expect(String(decoding: printed, as: UTF8.self) == version.hex + "\n")
    }

    /// Plays the game in `folder` in-process, answering "dog"; the report and every line said.
    private func play(folder: String) throws -> (RunReport, [String]) {
        let clock = RunClock.virtual()
        let store = try TrackingStore.inMemory(
            rootIdentifier: "org.example.modules", rootTitle: "Modules", clock: { clock.date() })
        let channel = ScriptedChannel(["dog"])
        var options = PlayOptions()
        options.seed = 1
        let report = try GamePlayer.play(folder: folder, store: store, channel: channel, clock: clock, options: options)
        return (report, channel.said)
    }
}
