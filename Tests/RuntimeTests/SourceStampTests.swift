import Foundation
import Testing
import Tracking

@testable import Runtime

/// A game.lua whose stamp has not changed since an earlier run read it is not read again
/// (LoadedGame.swift, `FileStamp`): the cache must never hide an edit, and never let a symlink
/// swapped in lead a game out of its folder.
@Suite struct SourceStampTests {
    private func game(said: String) -> String {
        "return { id = \"STAMPED\", title = \"Stamped\", play = function() activity.start() say(\"\(said)\") activity.finish() end }"
    }

    private func folder(_ name: String) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("edujam-stamp-\(name)-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    private func play(_ folder: URL) throws -> (RunReport, ScriptedChannel) {
        let clock = RunClock.virtual()
        let store = try TrackingStore.inMemory(
            rootIdentifier: "org.example.fixtures", rootTitle: "Fixtures", clock: { clock.date() })
        let channel = ScriptedChannel([])
        let report = try GamePlayer.play(
            folder: folder.path, store: store, channel: channel, clock: clock, options: PlayOptions())
        return (report, channel)
    }

    /// Rewrites the file in place: the same inode and the same size, only the bytes differ.
    private func overwrite(_ file: URL, with text: String) throws {
        let handle = try FileHandle(forWritingTo: file)
        try handle.write(contentsOf: Data(text.utf8))
        try handle.close()
    }

    @Test func aFreshFileHasNotSettledAndAnOldOneHas() throws {
        let folder = try folder("fresh")
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("game.lua")
        try game(said: "one").write(to: file, atomically: false, encoding: .utf8)
        let stamp = try #require(FileStamp(path: file.path))
        #expect(!stamp.hasSettled())  // written just now: a second write could leave the same stamp
        #expect(stamp.hasSettled(now: stamp.changed + .seconds(3)))
        #expect(FileStamp(path: folder.appendingPathComponent("missing.lua").path) == nil)
    }

    @Test func aSettledGameIsReusedAndEveryEditOrSymlinkIsReadAgain() throws {
        let edited = try folder("edited")
        let swapped = try folder("swapped")
        let outside = try folder("outside")
        defer { for folder in [edited, swapped, outside] { try? FileManager.default.removeItem(at: folder) } }
        for folder in [edited, swapped] {
            try game(said: "one").write(
                to: folder.appendingPathComponent("game.lua"), atomically: false, encoding: .utf8)
        }
        let escape = outside.appendingPathComponent("game.lua")
        try game(said: "out").write(to: escape, atomically: false, encoding: .utf8)
        Thread.sleep(forTimeInterval: 2.5)  // until the files have settled

        for folder in [edited, swapped] {
            for _ in 1...2 {  // the first run reads and keeps the stamp, the second uses the bytes kept
                let (report, channel) = try play(folder)
                #expect(report.outcome == .finished)
                #expect(channel.said == ["one"])
            }
            let file = folder.appendingPathComponent("game.lua").path
            #expect(ChunkCache.shared.source(file: file, stamp: try #require(FileStamp(path: file))) != nil)
        }

        // The same size in place, at once: the change time moves, so the stamp does.
        try overwrite(edited.appendingPathComponent("game.lua"), with: game(said: "two"))
        let (report, channel) = try play(edited)
        #expect(report.outcome == .finished)
        #expect(channel.said == ["two"])

        // A symlink out of the folder, to a file of the same size: refused as on a first read.
        let link = swapped.appendingPathComponent("game.lua")
        try FileManager.default.removeItem(at: link)
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: escape)
        #expect {
            _ = try play(swapped)
        } throws: { error in
            guard case GameLoadError.unreadable(_, let reason) = error else { return false }
            return reason.contains("outside the folder")
        }
    }
}

/// The folder a game and its modules are confined to, cut from the file's path by bytes.
@Suite struct ParentFolderTests {
    @Test func asNSStringCutsThePathsTheRuntimeBuilds() {
        for file in [
            "games/math-jam/game.lua", "/srv/games/quiz/game.lua", "game.lua", "/game.lua", "./game.lua",
            "jeux/café/game.lua",
        ] {
            #expect(parentFolder(of: file) == (file as NSString).deletingLastPathComponent, "\(file)")
        }
    }
}
