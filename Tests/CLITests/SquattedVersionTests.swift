import Foundation
import Testing
import TrackingTestSupport

/// A version's name is the hash of its files, so it is known before it is published. A row that
/// holds that name with other files (written outside EduJam, into a store file, or into a school
/// server's before its check) is never published over, and never stops `store copy` of the rest
/// (`docs/teaching.md`, "How a game reaches students"; the server's own check: ``SchoolRowsAttackTests``).
@Suite struct SquattedVersionTests {
    @Test func publishRefusesARowOfItsNameWithOtherFilesAndStoreCopyLeavesItOut() throws {
        let games = try Edujam.scratchFolder("squat-games")
        defer { try? FileManager.default.removeItem(at: games) }
        for name in ["collection.lua", "math-jam", "word-jam"] {
            try FileManager.default.copyItem(
                at: Edujam.root.appendingPathComponent("games/" + name), to: games.appendingPathComponent(name))
        }
        let (math, word) = (
            games.appendingPathComponent("math-jam").path, games.appendingPathComponent("word-jam").path
        )
        let folder = try Edujam.scratchFolder("squat-stores")
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = { (name: String) in folder.appendingPathComponent(name + ".sqlite").path }
        let (probe, store, copy) = (path("probe"), path("store"), path("copy"))
        let cli = Edujam()
        defer { cli.remove() }
        func run(_ words: [String], _ path: String) throws -> Edujam.Result {
            try cli.run(words + ["--store", path, "--games", games.path])
        }

        #expect(try run(["publish", word, "--fuzz-runs", "0"], probe).status == 0)
        let name = try #require(try OldStore.value(probe, "SELECT version FROM game_versions"))
        #expect(try run(["publish", math, "--fuzz-runs", "0"], store).status == 0)
        try OldStore.execute(
            store, "INSERT INTO game_versions VALUES (?, 'WORD-JAM', 'AAAA', 3, 'joao', 0)", [name])

        for _ in 0..<2 {
            let published = try run(["publish", word, "--fuzz-runs", "0"], store)
            #expect(published.status == 1 && !published.output.contains("published WORD-JAM"), "\(published)")
            #expect(
                published.error.contains(
                    "a row named version \(name.prefix(12)) (of WORD-JAM, by joao) whose files are not these"),
                "\(published)")
        }
        #expect(try OldStore.value(store, "SELECT count(*) FROM game_current WHERE game = 'WORD-JAM'") == "0")

        let copied = try cli.run(["store", "copy", store, copy, "--games", games.path])
        #expect(copied.status == 1 && copied.output.contains("Copied "), "\(copied)")
        #expect(copied.error.contains("left out the source's game_versions row \(name) of WORD-JAM"), "\(copied)")
        #expect(!copied.error.contains("cannot copy"), "\(copied)")
        let listed = try run(["games"], copy)
        #expect(listed.status == 0 && listed.output.hasPrefix("MATH-JAM  "), "\(listed)")
    }
}
