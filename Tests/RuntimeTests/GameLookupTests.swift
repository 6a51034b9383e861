import Foundation
import Runtime
import Testing

/// Finding one game runs only the games that could declare its id: a game whose sources do
/// not hold the id's text is never run, so its code cannot stop or slow the lookup.
@Suite struct GameLookupTests {
    /// A games folder with a game declaring `id` in `name` for each pair.
    private static func games(_ games: [(name: String, source: String)]) throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("edujam-lookup-\(UUID())").path
        for game in games {
            let path = folder + "/" + game.name
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
            try game.source.write(toFile: path + "/game.lua", atomically: true, encoding: .utf8)
        }
        return folder
    }

    private static func game(_ id: String) -> String {
        "return { id = \"\(id)\", title = \"\(id)\", play = function() end }\n"
    }

    /// A loader that runs in this process and remembers which folders it was asked for.
    private final class Recorder: @unchecked Sendable {
        private let lock = NSLock()
        private var names: [String] = []
        var loaded: [String] { lock.withLock { names } }

        var loader: Catalog.DeclarationLoader {
            { folders in
                self.lock.withLock { self.names += folders.map { ($0 as NSString).lastPathComponent } }
                return Catalog.inThisProcess(folders)
            }
        }
    }

    @Test func findingAGameRunsOnlyTheGamesThatMentionItsID() throws {
        let folder = try Self.games([
            ("alpha", Self.game("ALPHA")),
            ("beta", Self.game("BETA")),
            ("helper", "local partner = [[alpha]]\n" + Self.game("HELPER")),
            ("hostile", "while true do end\n" + Self.game("HOSTILE")),
            ("talker", "-- plays along with ALPHA\n--[==[ 'ALPHA' ]==]\nwhile true do end\n" + Self.game("TALKER")),
        ])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let recorder = Recorder()
        let found = try Catalog.folder(ofGame: "ALPHA", in: folder, loader: recorder.loader)
        #expect(found == folder + "/alpha")
        #expect(
            recorder.loaded == ["alpha", "helper"],
            "helper holds alpha in a string (any case); talker only in comments; beta and hostile not at all")
    }

    /// An id typed in another case finds the game to suggest from the same single load of the
    /// candidates (`play math-jam` asks "did you mean 'MATH-JAM'?" without running them twice).
    @Test func anIdInAnotherCaseIsFoundForASuggestionFromOneLoad() throws {
        let folder = try Self.games([("alpha", Self.game("ALPHA")), ("beta", Self.game("BETA"))])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let recorder = Recorder()
        #expect(try Catalog.lookup(game: "alpha", in: folder, loader: recorder.loader) == .otherCase(id: "ALPHA"))
        #expect(recorder.loaded == ["alpha"], "each candidate run once")
        #expect(try Catalog.lookup(game: "GAMMA", in: folder, loader: recorder.loader) == .none)
        #expect(try Catalog.lookup(game: "BETA", in: folder) == .found(folder: folder + "/beta"))
    }

    @Test func playingAFolderRunsOnlyTheGamesBesideItThatMentionItsID() throws {
        let folder = try Self.games([
            ("alpha", Self.game("ALPHA")),
            ("copy", Self.game("Alpha")),
            ("hostile", "while true do end\n" + Self.game("HOSTILE")),
        ])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let recorder = Recorder()
        #expect(throws: GameLoadError.self) {
            try Catalog.requireUniqueID(ofGameIn: folder + "/alpha", loader: recorder.loader)
        }
        #expect(recorder.loaded == ["copy"], "the clash is found; the hostile game is not run")
    }

    /// A hidden folder's Lua (an editor's definitions in `.edujam/`, which name every API word)
    /// is no game code: a word there does not make the game a candidate.
    @Test func hiddenFoldersAreNotScanned() throws {
        let folder = try Self.games([("beta", Self.game("BETA"))])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder + "/beta/.edujam", withIntermediateDirectories: true)
        try "---@meta _\nfunction activity.score() end\n".write(
            toFile: folder + "/beta/.edujam/edujam.lua", atomically: true, encoding: .utf8)
        #expect(!DeclaredIDScan.mayDeclare("SCORE", gameIn: folder + "/beta"))
        try "return 'SCORE'\n".write(toFile: folder + "/beta/words.lua", atomically: true, encoding: .utf8)
        #expect(DeclaredIDScan.mayDeclare("SCORE", gameIn: folder + "/beta"))
    }

    @Test func aGameThatCannotBeReadCountsAsACandidate() {
        #expect(DeclaredIDScan.mayDeclare("ALPHA", gameIn: "/nonexistent-\(UUID())"))
    }
}
