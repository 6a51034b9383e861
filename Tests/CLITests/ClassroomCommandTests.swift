import Foundation
import Testing

/// The Schoolwork loop end to end, each step its own process on one store:
/// publish, class, assign, two students play, one marks done, the teacher reviews.
@Suite struct ClassroomCommandTests {
    /// A due date already past is taken, and said on stderr (a year typed wrong shows at once,
    /// not as every student's LATE); one to come is not. (A store file has no logins, so `class
    /// add` warns of none.)
    @Test func aDueDateThatHasPassedIsTakenWithAWarning() throws {
        let cli = Edujam()
        defer { cli.remove() }
        for words in [["catalog", "--publish"], ["class", "create", "3B"], ["class", "add", "3B", "ana"]] {
            let done = try cli.run(words)
            #expect(done.status == 0 && (words[0] != "class" || done.error.isEmpty), "\(words): \(done.error)")
        }
        let past = try cli.run(["assign", "--class", "3B", "--title", "Old", "--due", "1926-09-01", "MATH-JAM"])
        #expect(past.status == 0 && past.output == "Created assignment 1: Old\n", "\(past)")
        #expect(
            past.error.hasPrefix("warning: assignment 1 was due 1926-09-0")
                && past.error.hasSuffix(" (UTC), which has passed: it is late for every student from the start\n"),
            "\(past.error)")
        let inbox = try cli.run(["inbox", "--student", "ana"])
        #expect(inbox.output.contains("[1] Old (due 1926-09-0") && inbox.output.contains("  LATE"), "\(inbox.output)")
        let coming = try cli.run([
            "assign", "--class", "3B", "--title", "New", "--due", Edujam.day(after: 2), "--json", "MATH-JAM",
        ])
        #expect(coming.status == 0 && coming.error.isEmpty, "\(coming)")
    }

    @Test func theWholeLoop() throws {
        let cli = Edujam()
        defer { cli.remove() }
        #expect(try cli.run(["catalog", "--publish"]).status == 0)
        #expect(try cli.run(["class", "create", "3B"]).status == 0)
        #expect(try cli.run(["class", "add", "3B", "ana", "bo", "cy"]).status == 0)
        let assign = try cli.run([
            "assign", "--class", "3B", "--title", "Sums", "--due", "2099-12-24", "--json",
            "MATH-JAM/LEVEL-1", "org.edujam.games/WORD-JAM/LEVEL-1",
        ])
        #expect(assign.status == 0, "\(assign.error)")
        let id = try #require(
            (try JSONSerialization.jsonObject(with: Data(assign.output.utf8)) as? [String: Any])?["id"] as? Int)

        // ana answers all ten wrong (finished, 0 points), bo leaves after two; cy never plays.
        let ana = try cli.run(
            ["play", "--student", "ana", "MATH-JAM/LEVEL-1", "--seed", "3"], input: String(repeating: "0\n", count: 10))
        #expect(ana.status == 0)
        #expect(
            try cli.run(["play", "--student", "bo", "MATH-JAM/LEVEL-1", "--seed", "4"], input: "0\n0\n").status == 0)
        #expect(
            try cli.run(["play", "--student", "bo", "MATH-JAM/LEVEL-3", "--seed", "4"], input: "").status == 0,
            "practice")
        #expect(try cli.run(["done", "\(id)", "--student", "ana", "MATH-JAM/LEVEL-1"]).status == 0)

        let inbox = try cli.run(["inbox", "--student", "ana", "--json"])
        let entries = try #require(try JSONSerialization.jsonObject(with: Data(inbox.output.utf8)) as? [[String: Any]])
        let activities = try #require(entries.first?["activities"] as? [[String: Any]])
        #expect(activities.map { $0["status"] as? String } == ["done", "notStarted"])

        let text = try cli.run(["report", "--class", "3B"])
        #expect(text.output.contains("Assignment \(id): Sums, due 2099-12-24"))
        #expect(text.output.contains("1/3 done"))
        #expect(text.output.split(separator: "\n").allSatisfy { $0.count <= 80 }, "readable at 80 columns")

        let json = try cli.run(["report", "--class", "3B", "--json"])
        let report = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
        #expect(report["class"] as? String == "3B")
        let assignment = try #require((report["assignments"] as? [[String: Any]])?.first)
        #expect(Set(assignment.keys).isSuperset(of: ["id", "title", "due", "students"]))
        let students = try #require(assignment["students"] as? [[String: Any]])
        #expect(students.map { $0["student"] as? String } == ["ana", "bo", "cy"])
        let cells = students.map { ($0["activities"] as? [[String: Any]])?.first ?? [:] }
        #expect(cells.map { $0["status"] as? String } == ["done", "inProgress", "notStarted"])
        #expect(cells.map { $0["attempts"] as? Int } == [1, 1, 0], "bo's LEVEL-3 run is practice, not counted")
        #expect(cells[0]["progress"] as? Double == 1)
        #expect(cells[1]["progress"] as? Double == 0.2)
        #expect((cells[0]["primaryItem"] as? [String: Any])?["identifier"] as? String == "score")
        #expect(cells[2]["primaryItem"] is NSNull)
        #expect(
            Set(cells[0].keys).isSuperset(of: [
                "identifierPath", "status", "attempts", "progress", "durationSeconds", "primaryItem",
            ]))
    }

    @Test(arguments: [
        (["class", "add", "9Z", "ana"], "unknown class"),
        (["assign", "--class", "3B", "--title", "T", "NOPE/L"], "unknown path 'NOPE/L'"),
        (["assign", "--class", "3B", "--title", "T", "--due", "2026-13-45", "MATH-JAM"], "invalid date '2026-13-45'"),
        (["assign", "--class", "3B", "--student", "zed", "--title", "T", "MATH-JAM"], "zed"),
        (["done", "99", "--student", "ana"], "unknown assignment"),
        (["class", "create", "3B"], "already exists"),
        (["report", "--class", "9Z"], "unknown class"),
    ])
    func badInputChangesNothing(_ arguments: [String], _ message: String) throws {
        let cli = Edujam()
        defer { cli.remove() }
        _ = try cli.run(["catalog", "--publish"])
        _ = try cli.run(["class", "create", "3B"])
        _ = try cli.run(["class", "add", "3B", "ana"])
        let before =
            try cli.run(["report", "--class", "3B", "--json"]).output
            + (try cli.run(["class", "list", "--json"]).output)
        let result = try cli.run(arguments)
        #expect(result.status != 0)
        #expect(result.error.contains(message), "\(result.error)")
        let after =
            try cli.run(["report", "--class", "3B", "--json"]).output
            + (try cli.run(["class", "list", "--json"]).output)
        #expect(before == after)
    }

    @Test func unreadableStoreIsNamed() throws {
        let cli = Edujam()
        defer { cli.remove() }
        try Data("this is not a database".utf8).write(to: URL(fileURLWithPath: cli.store))
        let result = try cli.run(["class", "list"])
        #expect(result.status == 1)
        #expect(result.error.contains("not an EduJam store: \(cli.store)"))
        #expect(
            try Data(contentsOf: URL(fileURLWithPath: cli.store)) == Data("this is not a database".utf8),
            "nothing overwritten")
    }

    @Test func catalogSaysWhatEachGameReports() throws {
        let cli = Edujam()
        defer { cli.remove() }
        let result = try cli.run(["catalog"])
        #expect(
            result.output.contains("reports: duration, progress, score (quantity), correct (score), passed (binary)"))
        #expect(
            result.output.contains(
                "reports: duration, progress, score (quantity), hints (quantity), correct (score), passed (binary)"))
    }

    @Test func catalogListsBrokenGamesAndTheRest() throws {
        let cli = Edujam()
        defer { cli.remove() }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("games-\(UUID())")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("ok"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("bad"), withIntermediateDirectories: true)
        try Data("return { id = 'OK', title = 'Fine', topic = 'science', play = function() end }".utf8)
            .write(to: folder.appendingPathComponent("ok/game.lua"))
        try Data("return { id = 'BAD', title = 'Broken' play = 1 }".utf8).write(
            to: folder.appendingPathComponent("bad/game.lua"))
        let result = try cli.run(["catalog", folder.path, "--json"])
        #expect(result.status == 1, "a broken game fails the listing's status")
        #expect(result.output.contains("\"title\" : \"Fine\""))
        #expect(result.output.contains("bad/game.lua:1: '}' expected near 'play'"))
        let search = try cli.run(["catalog", folder.path, "--topic", "science"])
        #expect(search.output.contains("OK  Fine"))
        #expect(!search.output.contains("BROKEN"))
    }

    /// `--search` words match a level through its game's text, and keep the game above a matching level.
    @Test func catalogSearchFindsLevelsThroughTheirGame() throws {
        let cli = Edujam()
        defer { cli.remove() }
        let words = try cli.run(["catalog", "--search", "math LEVEL-2"])
        #expect(words.status == 0)
        #expect(words.output.contains("MATH-JAM  Math Jam"))
        #expect(words.output.contains("MATH-JAM/LEVEL-2"))
        #expect(!words.output.contains("MATH-JAM/LEVEL-1"))
        let none = try cli.run(["catalog", "--search", "org.edujam.games"])
        #expect(none.output.contains("(no games match)"), "the collection's own id matches no game")
    }
}
