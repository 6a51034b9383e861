import Foundation
import Testing

/// A quiz with two levels assigned as a whole game, played through the binary: the gradebook
/// grades it by the score at its levels, and the review (grid, `--csv`, `--json`) shows the
/// score, the pass/fail verdict and the level the latest result came from.
@Suite struct ReportGradesTests {
    static let games = ["--games", "Tests/CLITests/Fixtures/grades"]
    static let failing = "paris\nrome\nberlin\nkyoto\ncusco\n"  // 2 of 5
    static let passing = "paris\nrome\nmadrid\ntokyo\nlima\n"

    /// Class 3B with CAPITALS assigned whole: ana 2/5 at CAPITALS/EASY (failed), bo 5/5 there
    /// (passed) and then HARD left after one answer (its "failed" set as it went), cy nothing.
    static func school() throws -> Edujam {
        let cli = Edujam()
        func ok(_ words: [String], _ input: String = "") throws {
            let result = try cli.run(words + games, input: input)
            try #require(result.status == 0, "\(words): \(result.error)")
        }
        try ok(["catalog", "--publish"])
        try ok(["class", "create", "3B"])
        try ok(["class", "add", "3B", "ana", "bo", "cy"])
        try ok(["assign", "--class", "3B", "--title", "Capitals", "CAPITALS"])
        try ok(["play", "--student", "ana", "CAPITALS/EASY"], failing)
        try ok(["play", "--student", "bo", "CAPITALS/EASY"], passing)
        try ok(["play", "--student", "bo", "CAPITALS/HARD"], "paris\n")
        return cli
    }

    @Test func theGradebookGradesAWholeGameByTheScoreAtItsLevels() throws {
        let cli = try Self.school()
        defer { cli.remove() }
        let folder = try Edujam.scratchFolder("gradebook")
        defer { try? FileManager.default.removeItem(at: folder) }
        let export = try cli.run(["export", "--oneroster-results", folder.path] + Self.games)
        #expect(export.status == 0, "\(export.error)")
        let text = try String(contentsOf: folder.appendingPathComponent("results.csv"), encoding: .utf8)
        let rows = text.split(separator: "\r\n").map(String.init)
        let ana = try #require(rows.first { $0.contains(",ana,") })
        #expect(ana.contains(",40,"), "\(ana)")  // 2/5, not the 100% progress of a finished run
        #expect(ana.contains("Capital Cities: 40% (score, in progress)"), "\(ana)")
        let assigned = try #require(rows.first { $0.contains(",cy,") }).split(separator: ",")[2]
        #expect(ana.split(separator: ",")[2] > assigned, "modified when ana played, not when it was assigned")
        let bo = try #require(rows.first { $0.contains(",bo,") })
        #expect(bo.contains(",100,"), "\(bo)")  // the best counted attempt
    }

    @Test func theGridShowsTheVerdictAndTheLevelOfTheLatestResult() throws {
        let cli = try Self.school()
        defer { cli.remove() }
        let grid = try cli.run(["report", "--class", "3B"] + Self.games)
        #expect(grid.status == 0, "\(grid.error)")
        let lines = grid.output.split(separator: "\n").map(String.init)
        let ana = try #require(lines.first { $0.hasPrefix("ana ") })
        #expect(ana.contains(" failed, EASY: c"), "\(grid.output)")  // the verdict first: a cut keeps it
        // bo left HARD after one answer: that run is not finished; his finished EASY's verdict stands
        let bo = try #require(lines.first { $0.hasPrefix("bo ") })
        #expect(bo.contains(" passed, HARD: n"), "\(grid.output)")
        let cy = try #require(lines.first { $0.hasPrefix("cy ") })
        #expect(cy.hasSuffix(" -"), "\(grid.output)")
        #expect(lines.allSatisfy { $0.count <= 80 })
    }

    @Test func csvAndJSONCarryTheScoreTheVerdictAndTheLatestPath() throws {
        let cli = try Self.school()
        defer { cli.remove() }
        let csv = try cli.run(["report", "--class", "3B", "--csv"] + Self.games).output.split(separator: "\n").map(
            String.init)
        #expect(
            csv.first?.hasSuffix(",primaryItem,primaryValue,score,passed,latestPath,gameVersion,localCopies,verify")
                == true,
            "\(csv)")
        let ana = try #require(csv.first { $0.contains(",ana,") })
        #expect(ana.contains(",correct,2/5,0.4,false,org.example.grades/CAPITALS/EASY,"), "\(ana)")
        let cy = try #require(csv.first { $0.contains(",cy,") })
        #expect(cy.hasSuffix(",,,,,,0,"), "\(cy)")  // nothing verified: an empty verify column

        let text = try cli.run(["report", "--class", "3B", "--json"] + Self.games).output
        let json = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let assignment = try #require((json["assignments"] as? [[String: Any]])?.first)
        let cells = (assignment["students"] as? [[String: Any]] ?? []).compactMap {
            ($0["activities"] as? [[String: Any]])?.first
        }
        #expect(cells.map { $0["score"] as? Double } == [0.4, 1, nil])
        #expect(cells.map { $0["passed"] as? Bool } == [false, true, nil])
        #expect(
            cells.map { $0["latestPath"] as? [String] } == [
                ["org.example.grades", "CAPITALS", "EASY"], ["org.example.grades", "CAPITALS", "HARD"], nil,
            ])
        #expect(cells.allSatisfy { $0.keys.contains("score") && $0.keys.contains("latestPath") })  // null, not absent
    }

    /// Two versions of CAPITALS published after ``school()``'s (the fixture with a line added),
    /// written over the version `play` recorded: ana and bo's EASY ran the first, bo's HARD the
    /// second. Both are published versions of the game, so every attempt still counts.
    /// - Returns: The two versions' whole names.
    static func versioned(_ cli: Edujam) throws -> (first: String, second: String) {
        let folder = try Edujam.scratchFolder("grades-versions")
        defer { try? FileManager.default.removeItem(at: folder) }
        var names: [String] = []
        for mark in ["first", "second"] {
            // The whole games folder: its collection.lua says which store the game belongs in.
            try FileManager.default.copyItem(
                at: Edujam.root.appendingPathComponent("Tests/CLITests/Fixtures/grades"),
                to: folder.appendingPathComponent(mark))
            let copy = folder.appendingPathComponent(mark).appendingPathComponent("capitals")
            let file = copy.appendingPathComponent("game.lua")
            try (String(contentsOf: file, encoding: .utf8) + "-- the \(mark) version\n")
                .write(to: file, atomically: true, encoding: .utf8)
            let published = try cli.run(["publish", "--fuzz-runs", "0", copy.path] + games)
            try #require(published.status == 0, "\(published.error)")
            let short = try #require(published.output.firstMatch(of: /version ([0-9a-f]{12})/)?.1)
            let listed = try cli.run(["games", "--all", "--json"] + games).output
            let whole = try #require(listed.firstMatch(of: Regex("\"(\(short)[0-9a-f]{52})\"")))
            names.append(String(try #require(whole.output[1].substring)))
        }
        let easy = "(SELECT id FROM contexts WHERE identifier = 'EASY')"
        try OldStore.execute(cli.store, "UPDATE activities SET game_version = ? WHERE context_id = \(easy)", [names[0]])
        try OldStore.execute(
            cli.store, "UPDATE activities SET game_version = ? WHERE context_id <> \(easy)", [names[1]])
        return (names[0], names[1])
    }

    @Test func theReviewCarriesEachAttemptsVersionAndSaysWhenTheyDiffer() throws {
        let cli = try Self.school()
        defer { cli.remove() }
        let (first, second) = try Self.versioned(cli)
        let (short1, short2) = (String(first.prefix(12)), String(second.prefix(12)))

        let grid = try cli.run(["report", "--class", "3B"] + Self.games)
        #expect(
            grid.output.contains("\n  2 game versions: \(short1) (2 attempts), \(short2) (1 attempt)\n"),
            "\(grid.output)")
        let csv = try cli.run(["report", "--class", "3B", "--csv"] + Self.games).output.split(separator: "\n")
        #expect(csv.first { $0.contains(",ana,") }?.hasSuffix("/CAPITALS/EASY,\(first),0,") == true, "\(csv)")
        #expect(csv.first { $0.contains(",bo,") }?.hasSuffix("/CAPITALS/HARD,\(second),0,") == true, "\(csv)")
        let detail = try cli.run(["report", "--class", "3B", "--student", "bo"] + Self.games).output
        let attempts = detail.split(separator: "\n").filter { $0.first?.isNumber == true }  // by their start time
        #expect(attempts.count == 2 && attempts.allSatisfy { $0.count <= 80 }, "\(detail)")
        #expect(attempts.first?.hasSuffix(" \(short2)") == true && attempts.last?.hasSuffix(" \(short1)") == true)
        #expect(detail.contains(" version\n"), "\(detail)")

        // The JSON of the attempts, and a copy of the store, keep the whole hash.
        let copy = cli.store + ".copy.sqlite"
        defer { for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: copy + suffix) } }
        #expect(try cli.run(["store", "copy", cli.store, copy]).status == 0)
        for store in [cli.store, copy] {
            let runs = try cli.run(["report", "--json", "--store", store]).output
            let json = try #require(try JSONSerialization.jsonObject(with: Data(runs.utf8)) as? [String: Any])
            let versions = (json["runs"] as? [[String: Any]] ?? []).compactMap { $0["gameVersion"] as? String }
            #expect(versions.sorted() == [first, first, second].sorted(), "\(store)")
        }
    }

    /// Tables are as wide as the terminal (`COLUMNS` here, as a shell sets it): a wide one cuts
    /// nothing, a narrow one cuts the names first and the result, which holds the score and the
    /// verdict, last.
    @Test func tablesUseTheTerminalsWidthAndCutTheResultLast() throws {
        let cli = try Self.school()
        defer { cli.remove() }
        let added = try cli.run(["class", "add", "3B", "a-student-with-a-longer-name"] + Self.games)
        #expect(added.status == 0, "\(added.error)")
        let wide = try cli.run(["report", "--class", "3B"] + Self.games, environment: ["COLUMNS": "120"])
        let wideLines = wide.output.split(separator: "\n").map(String.init)
        #expect(wideLines.allSatisfy { $0.count <= 120 } && wideLines.contains { $0.count > 80 }, "\(wide.output)")
        #expect(!wide.output.contains("…"), "nothing is cut at 120 columns: \(wide.output)")
        let narrow = try cli.run(["report", "--class", "3B"] + Self.games, environment: ["COLUMNS": "100"])
        let narrowLines = narrow.output.split(separator: "\n").map(String.init)
        #expect(narrowLines.allSatisfy { $0.count <= 100 }, "\(narrow.output)")
        #expect(
            narrowLines.contains { $0.hasPrefix("a-student-with-a") && $0.contains("…") },
            "the name gives way: \(narrow.output)")
        let bo = try #require(narrowLines.first { $0.hasPrefix("bo ") })
        #expect(bo.hasSuffix("passed, HARD: not finished"), "the result stays whole: \(narrow.output)")

        let attempts = try cli.run(["report", "--student", "ana"] + Self.games, environment: ["COLUMNS": "100"])
        #expect(attempts.output.contains("correct 2/5"), "the result whole: \(attempts.output)")
    }

    /// The inbox shows the student's own result beside each activity, and a student who finished
    /// every activity is told how to hand it in, by `play` and by the inbox, until it is done.
    @Test func aStudentWhoFinishedEverythingIsToldHowToHandItIn() throws {
        let cli = try Self.school()
        defer { cli.remove() }
        let inbox = try cli.run(["inbox", "--student", "ana"] + Self.games)
        #expect(inbox.output.contains("Capital Cities  (failed, EASY: correct 2/5)"), "\(inbox.output)")
        #expect(inbox.output.contains("You finished every activity: hand it in with edujam done 1"), "\(inbox.output)")
        let none = try cli.run(["inbox", "--student", "cy"] + Self.games)
        #expect(!none.output.contains("hand it in"), "\(none.output)")

        let again = try cli.run(["play", "--student", "ana", "CAPITALS/EASY"] + Self.games, input: Self.failing)
        #expect(
            again.output.contains(
                "Saved for assignment 1 (Capitals).\nYou finished every activity: hand it in with edujam done 1."),
            "\(again.output)")
        #expect(try cli.run(["done", "1", "--student", "ana"] + Self.games).status == 0)
        let handedIn = try cli.run(["inbox", "--student", "ana"] + Self.games)
        #expect(!handedIn.output.contains("hand it in"), "\(handedIn.output)")
    }
}
