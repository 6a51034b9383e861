import Foundation
import Testing

/// `edujam store prune` on a store file: `--inputs-before DATE` removes the replay records of
/// older attempts and keeps the attempts; `--attempts-before DATE` removes older attempts with
/// everything that is theirs (`docs/school-server.md`, "What is kept about a student, and why").
/// The school server's owner-only rule is proved in `SchoolRowsAttackTests+EndedAttempts.swift`
/// and `+PruneAttempts.swift`.
@Suite struct StorePruneCommandTests {
    @Test func pruneRemovesTheRecordsOfAttemptsStartedBeforeTheDayAndKeepsTheAttempts() throws {
        let cli = Edujam()
        defer { cli.remove() }
        let games = ["--games", Edujam.root.appendingPathComponent("games").path]
        let play = try cli.run(
            ["play", "MATH-JAM/LEVEL-1", "--seed", "3"] + games, input: String(repeating: "0\n", count: 10))
        #expect(play.status == 0, "\(play.error)")
        let before = try cli.run(["report", "--json"] + games)

        let none = try cli.run(["store", "prune", "--inputs-before", "2000-01-01"] + games)
        #expect(
            none.status == 0
                && none.output.hasPrefix("Removed 0 replay records of attempts started before 2000-01-01 (UTC)"),
            "\(none)")
        let tomorrow = Edujam.day(after: 1)
        let one = try cli.run(["store", "prune", "--inputs-before", tomorrow] + games)
        #expect(
            one.status == 0
                && one.output.hasPrefix(
                    "Removed 1 replay record of attempts started before \(tomorrow) (UTC); the attempts are kept."),
            "\(one)")
        #expect(try cli.run(["report", "--json"] + games).output == before.output, "the attempt is as it was")
        let again = try cli.run(["store", "prune", "--inputs-before", tomorrow] + games)
        #expect(again.output.hasPrefix("Removed 0 "), "\(again)")
    }

    @Test func pruneRemovesTheAttemptsStartedBeforeTheDayWithTheirItemsAndKeepsTheRest() throws {
        let cli = Edujam()
        defer { cli.remove() }
        let games = ["--games", Edujam.root.appendingPathComponent("games").path]
        for seed in ["3", "4"] {
            let play = try cli.run(
                ["play", "MATH-JAM/LEVEL-1", "--seed", seed] + games, input: String(repeating: "0\n", count: 10))
            #expect(play.status == 0, "\(play.error)")
        }
        func rows() throws -> String? {
            try OldStore.value(
                cli.store,
                "SELECT (SELECT count(*) FROM activities) || ' ' || (SELECT count(*) FROM activity_items) || ' ' "
                    + "|| (SELECT count(*) FROM attempt_inputs) || ' ' || (SELECT count(*) FROM attempt_events)")
        }
        let two = try #require(try rows())
        #expect(two.hasPrefix("2 ") && !two.contains(" 0"), "\(two)")
        // The first round, moved to last year, and 2,500 more there (more than one statement
        // of the prune deletes), as a store a year old holds.
        try OldStore.execute(cli.store, "UPDATE activities SET started_at = started_at - 400 * 86400 WHERE id = 1")
        try OldStore.execute(
            cli.store,
            """
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 2500)
            INSERT INTO activities (uuid, context_id, student, created_at, started_at, ended_at, outcome)
            SELECT lower(hex(randomblob(16))), context_id, student, created_at, started_at - i, ended_at, outcome
            FROM activities, n WHERE id = 1
            """)

        let today = Edujam.day(after: 0)
        let removed = try cli.run(["store", "prune", "--attempts-before", today] + games)
        #expect(
            removed.status == 0
                && removed.output == "Removed 2501 attempts started before \(today) (UTC), "
                    + "with their items, progress, replay records and events.\n",
            "\(removed)")
        let one = try #require(try rows())
        #expect(one.hasPrefix("1 ") && !one.contains(" 0"), "\(one)")
        #expect(try OldStore.value(cli.store, "SELECT count(*) FROM activity_items WHERE activity_id = 1") == "0")
        #expect(try cli.runs().map { $0["id"] as? Int } == [2], "the second round, in every report")
    }

    /// After the owner removed last year's attempts, a grade export leaves out the assignment
    /// made last year (named on stderr; the grades a delta, so a gradebook keeps what it has)
    /// rather than send zeros for work that was done, and the class report says why its work
    /// reads as not started, as the student's inbox does. This year's assignment is exported and
    /// reported as before.
    @Test func anAssignmentMadeBeforeThePruneDayIsLeftOutOfTheGradesAndNamedInTheReport() throws {
        let cli = Edujam()
        defer { cli.remove() }
        let games = ["--games", Edujam.root.appendingPathComponent("games").path]
        for words in [
            ["catalog", "--publish"], ["class", "create", "3B"], ["class", "add", "3B", "ana"],
            ["assign", "--class", "3B", "--title", "Sums", "MATH-JAM/LEVEL-1"],
        ] {
            let made = try cli.run(words + games)
            #expect(made.status == 0, "\(words): \(made)")
        }
        let play = try cli.run(
            ["play", "MATH-JAM/LEVEL-1", "--seed", "3", "--student", "ana"] + games,
            input: String(repeating: "0\n", count: 10))
        #expect(play.status == 0 && play.output.contains("Saved for assignment 1"), "\(play)")
        try OldStore.execute(cli.store, "UPDATE assignments SET created_at = created_at - 400 * 86400")
        try OldStore.execute(cli.store, "UPDATE activities SET started_at = started_at - 399 * 86400")
        let again = try cli.run(["assign", "--class", "3B", "--title", "Again", "MATH-JAM/LEVEL-1"] + games)
        #expect(again.status == 0, "\(again)")
        let today = Edujam.day(after: 0)
        let pruned = try cli.run(["store", "prune", "--attempts-before", today] + games)
        #expect(pruned.output.hasPrefix("Removed 1 attempt started before \(today)"), "\(pruned)")

        let folder = try Edujam.scratchFolder("grades")
        defer { try? FileManager.default.removeItem(at: folder) }
        let export = try cli.run(["export", "--oneroster-results", folder.path] + games)
        #expect(export.status == 0 && export.output.hasPrefix("Wrote 1 line item(s) and 1 result(s)"), "\(export)")
        #expect(
            export.error.contains(
                "warning: left out 1 assignment(s) made before \(today) (UTC), the day before which the store's "
                    + "owner removed attempts (edujam store prune)")
                && export.error.contains("  assignment 1: Sums (3B)\n")
                && export.error.contains("lineItems.csv and results.csv are a delta"), "\(export.error)")
        let manifest = try String(contentsOf: folder.appendingPathComponent("manifest.csv"), encoding: .utf8)
        #expect(manifest.contains("file.lineItems,delta\r\n") && manifest.contains("file.results,delta\r\n"))
        let lineItems = try String(contentsOf: folder.appendingPathComponent("lineItems.csv"), encoding: .utf8)
        #expect(lineItems.contains("Again") && !lineItems.contains("Sums"))

        let note = "\n  attempts started before \(today) (UTC) were removed (store prune)\n"
        let report = try cli.run(["report", "--class", "3B"] + games)
        #expect(report.status == 0 && report.output.components(separatedBy: note).count == 2, "\(report.output)")
        let json = try cli.run(["report", "--class", "3B", "--json"] + games)
        let decoded = try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any]
        let assignments = try #require(decoded?["assignments"] as? [[String: Any]])
        #expect(assignments.map { $0["attemptsRemovedBefore"] as? String } == [today, nil])

        // ana's inbox says it too, under Sums only: her round there now reads as not started.
        let inbox = try cli.run(["inbox", "--student", "ana"] + games)
        let sums = try #require(inbox.output.components(separatedBy: "[2] Again").first, "\(inbox.output)")
        #expect(
            inbox.status == 0 && sums.contains("[1] Sums") && sums.contains("\n    " + note.dropFirst(3))
                && inbox.output.components(separatedBy: note.dropFirst(3)).count == 2, "\(inbox.output)")
        let inboxJSON = try cli.run(["inbox", "--student", "ana", "--json"] + games)
        let entries = try #require(
            try JSONSerialization.jsonObject(with: Data(inboxJSON.output.utf8)) as? [[String: Any]])
        #expect(
            entries.map { "\($0["title"] ?? ""): \($0["attemptsRemovedBefore"] as? String ?? "-")" }.sorted()
                == ["Again: -", "Sums: \(today)"], "\(inboxJSON.output)")

        // A copy lacks the removed attempts too, and says so.
        let copy = folder.appendingPathComponent("copy.sqlite").path
        let copied = try cli.run(["store", "copy", cli.store, copy] + games)
        #expect(copied.status == 0, "\(copied)")
        let fromCopy = try cli.run(["export", "--oneroster-results", folder.path, "--store", copy] + games)
        #expect(fromCopy.status == 0 && fromCopy.error.contains(": Sums (3B)\n"), "\(fromCopy)")
    }

    @Test func aBadDateOrAMissingOneNamesTheOption() throws {
        let cli = Edujam()
        defer { cli.remove() }
        for (words, message) in [
            (["--inputs-before", "2026-02-30"], "--inputs-before takes a date as YYYY-MM-DD (UTC), not '2026-02-30'"),
            (["--inputs-before", "yesterday"], "--inputs-before takes a date as YYYY-MM-DD (UTC), not 'yesterday'"),
            (
                ["--attempts-before", "2026-13-01"],
                "--attempts-before takes a date as YYYY-MM-DD (UTC), not '2026-13-01'"
            ),
            (
                ["--attempts-before", "2999-01-01"],
                "--attempts-before 2999-01-01 is after tomorrow (UTC): it would remove every attempt, today's too"
            ),
            (
                ["--inputs-before", Edujam.day(after: 3)],
                "--inputs-before \(Edujam.day(after: 3)) is after tomorrow (UTC): it would remove every replay record"
            ),
            ([], "store prune needs --attempts-before DATE or --inputs-before DATE (YYYY-MM-DD, UTC)"),
        ] {
            let result = try cli.run(["store", "prune"] + words)
            #expect(result.status == 64 && result.error.contains(message), "\(words): \(result)")
        }
        for option in ["--inputs-before", "--attempts-before"] {
            let elsewhere = try cli.run(["store", "migrate", option, "2026-01-01"])
            #expect(
                elsewhere.status == 64 && elsewhere.error.contains("\(option) goes with store prune"), "\(elsewhere)")
        }
    }
}
