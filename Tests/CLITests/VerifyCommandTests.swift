import Foundation
import Testing

/// `edujam verify` through the binary on a store file: a played attempt verifies, a score planted
/// in the table is a mismatch in verify's output and everywhere the report shows, a removed
/// record is not verifiable, and a version that is not published is a local copy.
@Suite struct VerifyCommandTests {
    /// A store where `catalog --publish` published the games and ana played two rounds of Math
    /// Jam's first level for 5C's assignment, answering 0 each time; each attempt records the
    /// published version (as `play` from the store does).
    private func played() throws -> Edujam {
        let cli = Edujam()
        for words in [
            ["catalog", "--publish"], ["class", "create", "5C"], ["class", "add", "5C", "ana"],
            ["assign", "--class", "5C", "--title", "Sums", "MATH-JAM/LEVEL-1"],
        ] {
            let result = try cli.run(words)
            #expect(result.status == 0, "\(words): \(result.error)")
        }
        for seed in ["3", "4"] {
            let play = try cli.run(
                ["play", "MATH-JAM/LEVEL-1", "--seed", seed, "--student", "ana"],
                input: String(repeating: "0\n", count: 10))
            #expect(play.status == 0, "\(play.error)")
        }
        try OldStore.execute(
            cli.store,
            "UPDATE activities SET game_version = (SELECT version FROM game_versions WHERE game = 'MATH-JAM')")
        return cli
    }

    /// Whether a line of verify's table ends with `cells` (its columns are two or more spaces apart).
    static func hasRow(_ output: String, _ cells: [String]) -> Bool {
        output.split(separator: "\n").contains { line in
            let parts = line.components(separatedBy: "  ").map { $0.trimmingCharacters(in: .whitespaces) }
                .filter { !$0.isEmpty }
            return Array(parts.suffix(cells.count)) == cells
        }
    }

    /// The row id of ana's first attempt.
    private let first = "(SELECT min(id) FROM activities)"

    @Test func aPlayedAttemptVerifiesAndAForgedScoreIsAMismatchWhereTheTeacherLooks() throws {
        let cli = try played()
        defer { cli.remove() }
        let clean = try cli.run(["verify", "--class", "5C"])
        #expect(clean.status == 0, "\(clean)")
        #expect(clean.output.hasSuffix("verify: 2 verified\n"), "\(clean.output)")

        // The owner (or a compromised client) plants a score in the table.
        try OldStore.execute(
            cli.store, "UPDATE activity_items SET score = 5 WHERE kind = 'score' AND activity_id = \(first)")
        let report = try cli.run(["report", "--class", "5C"])
        #expect(report.output.contains("verify: 1 verified, 1 changed since checked"), "\(report.output)")

        let forged = try cli.run(["verify", "--class", "5C", "--jobs", "2"])
        #expect(forged.status == 1, "\(forged)")
        #expect(forged.output.contains("MATH-JAM/LEVEL-1  mismatch: saved correct 5/"), "\(forged.output)")
        // One aligned table: the header, then each check, every column starting where its heading does.
        let lines = forged.output.split(separator: "\n").map(String.init).dropLast()
        let header = try #require(lines.first)
        #expect(header.hasPrefix("attempt   student  activity"), "\(forged.output)")
        let found = try #require(header.range(of: "found")).lowerBound.utf16Offset(in: header)
        for line in lines.dropFirst() {
            let state = line.range(of: "verified") ?? line.range(of: "mismatch")
            #expect(state?.lowerBound.utf16Offset(in: line) == found, "\(forged.output)")
        }
        #expect(forged.output.contains(", replay 0/"), "\(forged.output)")
        #expect(forged.output.hasSuffix("verify: 1 verified, 1 mismatch\n"), "\(forged.output)")

        let grid = try cli.run(["report", "--class", "5C"])
        #expect(
            grid.output.contains("\n  verify: 1 verified, 1 mismatch\n    mismatch: ana, attempt "), "\(grid.output)")
        #expect(grid.output.contains(": saved correct 5/"), "\(grid.output)")
        #expect(grid.output.split(separator: "\n").allSatisfy { $0.count <= 80 })

        let json = try cli.run(["report", "--class", "5C", "--json"])
        let document = try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any]
        let assignment = (document?["assignments"] as? [[String: Any]])?.first
        let checks = assignment?["checks"] as? [[String: Any]] ?? []
        #expect(Set(checks.compactMap { $0["state"] as? String }) == ["verified", "mismatch"], "\(json.output)")
        #expect(checks.contains { ($0["difference"] as? String)?.hasPrefix("saved correct 5/") == true })

        // The attempts list carries the same checks, beside the runs they are of.
        let listed = try cli.run(["report", "--json"])
        let list = try JSONSerialization.jsonObject(with: Data(listed.output.utf8)) as? [String: Any]
        let listedChecks = list?["checks"] as? [[String: Any]] ?? []
        let runIDs = Set((list?["runs"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? Int })
        #expect(
            Set(listedChecks.compactMap { $0["state"] as? String }) == ["verified", "mismatch"], "\(listed.output)")
        #expect(listedChecks.allSatisfy { runIDs.contains($0["id"] as? Int ?? -1) })
        let empty = Edujam()
        defer { empty.remove() }
        let unchecked = try empty.run(["report", "--json"])
        #expect(unchecked.status == 0 && !unchecked.output.contains("\"checks\""), "none checked: no key")

        let csv = try cli.run(["report", "--class", "5C", "--csv"])
        #expect(csv.output.hasPrefix("assignment,") && csv.output.contains(",verify\n"), "\(csv.output)")
        #expect(csv.output.contains(",\"1 verified, 1 mismatch\""), "\(csv.output)")

        let page = FileManager.default.temporaryDirectory.appendingPathComponent("verify-\(UUID()).html").path
        defer { try? FileManager.default.removeItem(atPath: page) }
        #expect(try cli.run(["report", "--class", "5C", "--html", page]).status == 0)
        let html = try String(contentsOfFile: page, encoding: .utf8)
        #expect(html.contains(#"<p class="meta checks">verify: 1 verified, 1 mismatch</p>"#), "\(html)")
        #expect(html.contains(#"<td class="check" data-state="mismatch""#))
    }

    /// A launch left at the game's menu is an attempt never started, with nothing saved and no
    /// record: nothing to check, so verify leaves it out rather than call it not verifiable.
    @Test func anAttemptNeverStartedIsNotChecked() throws {
        let cli = try played()
        defer { cli.remove() }
        let menu = try cli.run(["play", "WORD-JAM", "--student", "ana"], input: "")
        #expect(menu.status == 0 && menu.output.contains("Not started"), "\(menu.output)\(menu.error)")
        let runs = try cli.run(["report", "--student", "ana"])
        #expect(runs.output.contains("WORD-JAM"), "the attempt is there: \(runs.output)")
        let verify = try cli.run(["verify", "--student", "ana"])
        #expect(!verify.output.contains("WORD-JAM"), "\(verify.output)")
        #expect(verify.output.hasSuffix("verify: 2 verified\n"), "\(verify.output)")
    }

    @Test func aRemovedRecordIsNotVerifiableAndAnUnpublishedVersionIsALocalCopy() throws {
        let cli = try played()
        defer { cli.remove() }
        try OldStore.execute(cli.store, "DELETE FROM attempt_inputs WHERE activity_id = \(first)")
        try OldStore.execute(
            cli.store,
            "UPDATE activities SET game_version = '\(String(repeating: "a", count: 64))' WHERE id <> \(first)")
        let result = try cli.run(["verify", "--student", "ana", "--json"])
        #expect(result.status == 0, "\(result)")
        let document = try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any]
        let checks = document?["checks"] as? [[String: Any]] ?? []
        #expect(checks.map { $0["state"] as? String } == ["notVerifiable", "localCopy"], "\(result.output)")
        #expect(checks.first?["difference"] as? String == "it has no replay record")
        #expect(
            checks.last?["difference"] as? String == "it ran version aaaaaaaaaaaa, not a published version of MATH-JAM")

        // A student's own record row is hostile: garbage, or a level the game does not have.
        try OldStore.execute(
            cli.store,
            "UPDATE activities SET game_version = (SELECT version FROM game_versions WHERE game = 'MATH-JAM')")
        try OldStore.execute(
            cli.store,
            "INSERT INTO attempt_inputs (activity_id, record, bytes) VALUES (\(first), '{\"format\":1,[', 13)")
        try OldStore.execute(
            cli.store,
            "UPDATE attempt_inputs SET record = replace(record, 'LEVEL-1', 'LEVEL-9') WHERE activity_id <> \(first)")
        let hostile = try cli.run(["verify", "--student", "ana"])
        #expect(hostile.status == 1, "\(hostile)")
        #expect(hostile.output.contains("not verifiable: its replay record cannot be read: "), "\(hostile.output)")
        #expect(hostile.output.contains("mismatch: the replay could not start: "), "\(hostile.output)")
        #expect(hostile.output.hasSuffix("verify: 1 mismatch, 1 not verifiable\n"), "\(hostile.output)")

        try OldStore.execute(cli.store, "UPDATE activities SET game_version = NULL")
        let lines = try cli.run(["verify", "--assignment", "1"])
        #expect(lines.output.contains("not verifiable: it recorded no game version"), "\(lines.output)")
        #expect(lines.output.hasSuffix("verify: 2 not verifiable\n"), "\(lines.output)")
    }

    /// An answer typed at `Fixtures/verify`'s quiz, which evaluates it with `load`: a weak-keyed
    /// chain of 120,000 entries whose keys were allocated in shuffled order, then allocation until
    /// the collector's atomic step meets it (minutes, and no hook runs there; docs/sandbox.md).
    /// No double quote, so it stands in a record's JSON as typed.
    static let collectorAnswer = """
        (function() local w = setmetatable({}, {__mode = string.char(107)}) local k = {} local n = 120000 \
        for i = 1, n do k[i] = {} end local r = 1 for i = n, 2, -1 do r = (r * 1103515245 + 12345) % 2147483648 \
        local j = r % i + 1 k[i], k[j] = k[j], k[i] end for i = 1, n - 1 do w[k[i]] = k[i + 1] end \
        local held = {w, k[1]} k = nil while true do local g = {1, 2, 3} end end)()
        """

    /// One student's record that drives its replay into the collector case costs only its own
    /// attempt: it is not verifiable with the reason, her other attempt and her classmate's are
    /// checked, all three checks are stored, and verify leaves no working folder.
    @Test func aRecordThatNothingStopsCostsOnlyItsOwnAttempt() throws {
        let cli = Edujam()
        defer { cli.remove() }
        let games = ["--games", "Tests/CLITests/Fixtures/verify"]
        for words in [["catalog", "--publish"], ["class", "create", "5C"], ["class", "add", "5C", "ana", "bo"]] {
            let result = try cli.run(words + games)
            #expect(result.status == 0, "\(words): \(result.error)")
        }
        for (student, answer) in [("ana", "4"), ("bo", "4"), ("ana", "2 + 2")] {
            let play = try cli.run(["play", "QUIZ", "--student", student] + games, input: answer + "\n")
            #expect(play.status == 0, "\(play.error)")
        }
        try OldStore.execute(
            cli.store, "UPDATE activities SET game_version = (SELECT version FROM game_versions WHERE game = 'QUIZ')")
        try OldStore.execute(
            cli.store,
            """
            UPDATE attempt_inputs SET record = replace(record, '"4"]', '"' || ?1 || '"]'),
                bytes = length(CAST(replace(record, '"4"]', '"' || ?1 || '"]') AS BLOB))
            WHERE activity_id = \(first);
            """, [Self.collectorAnswer])
        #expect(
            try OldStore.value(
                cli.store, "SELECT instr(record, 'setmetatable') > 0 FROM attempt_inputs WHERE activity_id = \(first)")
                == "1")

        let scratch = try Edujam.scratchFolder("verify-tmp")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let start = ContinuousClock.now
        let result = try cli.run(["verify", "--class", "5C"] + games, environment: ["TMPDIR": scratch.path])
        #expect(ContinuousClock.now - start < .seconds(40), "the time limit is 5 s and the grace 2 s")
        #expect(result.status == 0, "\(result)")
        #expect(
            Self.hasRow(
                result.output,
                [
                    "ana", "QUIZ",
                    "not verifiable: its replay did not stop: time limit exceeded (5.0 seconds per call), "
                        + "and the game did not stop within 2.0 seconds more; its process was ended",
                ]), "\(result.output)")
        #expect(result.output.hasSuffix("verify: 2 verified, 1 not verifiable\n"), "\(result.output)")
        #expect(try OldStore.value(cli.store, "SELECT count(*) FROM attempt_checks") == "3")
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.path).isEmpty, "no working folder is left")
    }

    /// A version counts only for the game it declares: an attempt at Word Jam (whose files the
    /// store never had) that recorded Math Jam's version, with Math Jam's record and results, is a
    /// mismatch, not verified by replaying Math Jam.
    @Test func aVersionOfAnotherGameIsAMismatch() throws {
        let cli = try played()
        defer { cli.remove() }
        try OldStore.script(
            cli.store,
            """
            DELETE FROM game_current WHERE game = 'WORD-JAM'; DELETE FROM game_versions WHERE game = 'WORD-JAM';
            UPDATE activities SET context_id = (SELECT id FROM contexts WHERE path LIKE '%"WORD-JAM","LEVEL-1"]')
            WHERE id = \(first);
            """)
        let result = try cli.run(["verify", "--student", "ana"])
        #expect(result.status == 1, "\(result)")
        #expect(
            Self.hasRow(
                result.output,
                ["ana", "WORD-JAM/LEVEL-1", "mismatch: saved at game WORD-JAM, its version declares MATH-JAM"]),
            "\(result.output)")
        #expect(result.output.hasSuffix("verify: 1 verified, 1 mismatch\n"), "\(result.output)")
    }
}
