import Foundation
import Testing

/// What the first hour of real classroom use breaks: assignments of whole games, `done` without a
/// student, names from the keyboard, roster mistakes and two games with one id. Each through the
/// built binary on a fresh store.
@Suite struct RosterCommandTests {
    /// A published store with class 3B (ana, bo, cy).
    private func classroom() throws -> Edujam {
        let cli = Edujam()
        #expect(try cli.run(["catalog", "--publish"]).status == 0)
        #expect(try cli.run(["class", "create", "3B"]).status == 0)
        #expect(try cli.run(["class", "add", "3B", "ana", "bo", "cy"]).status == 0)
        return cli
    }

    private func json(_ text: String) throws -> Any {
        try JSONSerialization.jsonObject(with: Data(text.utf8))
    }

    private func statuses(_ cli: Edujam, class name: String = "3B") throws -> [String] {
        let report = try #require(
            try json(try cli.run(["report", "--class", name, "--json"]).output) as? [String: Any])
        let students = try #require((report["assignments"] as? [[String: Any]])?.first?["students"] as? [[String: Any]])
        return students.map { (($0["activities"] as? [[String: Any]])?.first?["status"] as? String) ?? "?" }
    }

    @Test func aWholeGameAssignmentCountsItsLevelsNotALaunchLeftAtTheMenu() throws {
        let cli = try classroom()
        defer { cli.remove() }
        #expect(try cli.run(["assign", "--class", "3B", "--title", "Math", "MATH-JAM"]).status == 0)
        let ana = try cli.run(
            ["play", "--student", "ana", "MATH-JAM", "--seed", "3"], input: "1\n" + String(repeating: "0\n", count: 10))
        #expect(ana.status == 0, "\(ana.error)")
        #expect(ana.output.contains("Saved for assignment 1 (Math)."), "a level of the assigned game counts")
        let bo = try cli.run(["play", "--student", "bo", "MATH-JAM"], input: "")  // leaves at the level menu
        #expect(bo.status == 0)
        #expect(bo.output.contains("Not started, so it counts for no assignment."))
        #expect(
            try cli.runs().contains { $0["student"] as? String == "bo" && $0["started"] as? Bool == false }, "recorded")
        #expect(try statuses(cli) == ["inProgress", "notStarted", "notStarted"])
        #expect(try cli.run(["done", "1", "--student", "ana"]).status == 0)
        #expect(try statuses(cli) == ["done", "notStarted", "notStarted"])
    }

    @Test func doneWithoutAStudentCompletesNobodysWork() throws {
        let cli = try classroom()
        defer { cli.remove() }
        #expect(try cli.run(["assign", "--class", "3B", "--title", "Sums", "MATH-JAM/LEVEL-1"]).status == 0)
        let forgot = try cli.run(["done", "1"])
        #expect(forgot.status == 64)
        #expect(forgot.error.contains("--all-students"), "\(forgot.error)")
        #expect(try cli.run(["done", "1", "--student", "ana", "--all-students"]).status == 64)
        #expect(try statuses(cli) == ["notStarted", "notStarted", "notStarted"])
        let teacher = try cli.run(["done", "1", "--all-students"])
        #expect(teacher.status == 0, "\(teacher.error)")
        #expect(try statuses(cli) == ["done", "done", "done"])
    }

    @Test(arguments: [
        (["class", "create", "\u{1B}[31mred"], "invalid class name: contains a control character (U+001B)"),
        (
            ["class", "add", "3B", "dee", "\u{1B}[31mred"],
            "invalid student name 2 of 2: contains a control character (U+001B)"
        ),
        (["class", "add", "3B", "dee\nbo"], "invalid student name: contains a control character (U+000A)"),
        (
            ["class", "add", "3B", String(repeating: "x", count: 256)],
            "invalid student name: is 256 characters long (limit 64)"
        ),
        (
            ["class", "add", "3B", "an\u{200B}a"],
            "invalid student name: contains an invisible formatting character (U+200B)"
        ),
        (["assign", "--class", "3B", "--student", "\u{202E}ana", "--title", "T", "MATH-JAM"], "invalid student name"),
        (
            ["play", "--student", "ana\n", "MATH-JAM/LEVEL-1"],
            "invalid student name: contains a control character (U+000A)"
        ),
        (
            ["inbox", "--student", "\u{202E}ana"],
            "invalid student name: contains an invisible formatting character (U+202E)"
        ),
        (["done", "1", "--student", " "], "invalid student name: must not be blank"),
        (
            ["report", "--class", "3B", "--student", "a\u{7F}"],
            "invalid student name: contains a control character (U+007F)"
        ),
        (["report", "--student", "a\u{7F}"], "invalid student name: contains a control character (U+007F)"),
    ])
    func namesAreCheckedAtTheDoor(_ arguments: [String], _ message: String) throws {
        let cli = try classroom()
        defer { cli.remove() }
        #expect(try cli.run(["assign", "--class", "3B", "--title", "Sums", "MATH-JAM/LEVEL-1"]).status == 0)
        let before = try cli.run(["class", "list", "--json"]).output + (try cli.run(["report", "--json"]).output)
        let result = try cli.run(arguments)
        #expect(result.status == 1)
        #expect(result.error.contains(message), "\(result.error)")
        #expect(
            !result.error.contains("\u{1B}") && !result.error.contains("\u{202E}"), "the refused name is not echoed")
        #expect(
            try cli.run(["class", "list", "--json"]).output + (try cli.run(["report", "--json"]).output) == before)
    }

    @Test func rosterMistakesCanBeUndone() throws {
        let cli = try classroom()
        defer { cli.remove() }
        #expect(try cli.run(["assign", "--class", "3B", "--title", "Sums", "MATH-JAM/LEVEL-1"]).status == 0)
        #expect(try cli.run(["play", "--student", "bo", "MATH-JAM/LEVEL-1"], input: "0\n").status == 0)
        let removed = try cli.run(["class", "remove", "3B", "bo"])
        #expect(removed.status == 0, "\(removed.error)")
        #expect(try cli.run(["class", "list"]).output == "3B: ana, cy\n")
        #expect(try cli.runs().contains { $0["student"] as? String == "bo" }, "bo's attempt is kept")
        #expect(try cli.run(["class", "rename", "3B", "3C"]).status == 0)
        #expect(try cli.run(["class", "list"]).output == "3C: ana, cy\n")
        #expect(try statuses(cli, class: "3C") == ["notStarted", "notStarted"])
        #expect(try cli.run(["class", "add", "3C", "bo"]).status == 0)
        #expect(try statuses(cli, class: "3C") == ["notStarted", "notStarted", "inProgress"], "bo's standing is back")
    }

    @Test(arguments: [
        (["class", "add", "3X", "dee"], "unknown class '3X'; did you mean '3B'?"),
        (["class", "remove", "3B", "anna"], "unknown student 'anna': not in class '3B'; did you mean 'ana'?"),
        (["class", "rename", "3b", "4B"], "unknown class '3b'; did you mean '3B'?"),
        (["inbox", "--student", "anna"], "unknown student 'anna'; did you mean 'ana'?"),
        (["report", "--class", "3V"], "unknown class '3V'; did you mean '3B'?"),
        (["done", "1", "--student", "boo"], "unknown student 'boo': not in class '3B'; did you mean 'bo'?"),
    ])
    func unknownNamesGetDidYouMean(_ arguments: [String], _ message: String) throws {
        let cli = try classroom()
        defer { cli.remove() }
        #expect(try cli.run(["assign", "--class", "3B", "--title", "Sums", "MATH-JAM/LEVEL-1"]).status == 0)
        let result = try cli.run(arguments)
        #expect(result.status == 1)
        #expect(result.error.contains(message), "\(result.error)")
    }

    @Test func twoGamesCannotShareAnId() throws {
        let cli = Edujam()
        defer { cli.remove() }
        let games = FileManager.default.temporaryDirectory.appendingPathComponent("games-\(UUID())")
        defer { try? FileManager.default.removeItem(at: games) }
        #expect(try cli.run(["new", "capital-cities", "--games", games.path]).status == 0)
        let again = try cli.run(["new", "Capital-Cities", "--games", games.path])
        #expect(again.status == 1)
        #expect(
            again.error.contains("the id CAPITAL-CITIES is taken: \(games.path)/capital-cities declares it"),
            "\(again.error)")
        #expect(!FileManager.default.fileExists(atPath: games.appendingPathComponent("Capital-Cities").path))

        // Copied by hand, with the id in other capitals: both are refused, each naming both folders.
        let copy = games.appendingPathComponent("capitals")
        try FileManager.default.createDirectory(at: copy, withIntermediateDirectories: true)
        let source = try String(contentsOf: games.appendingPathComponent("capital-cities/game.lua"), encoding: .utf8)
        try source.replacingOccurrences(of: "\"CAPITAL-CITIES\"", with: "\"Capital-Cities\"")
            .write(to: copy.appendingPathComponent("game.lua"), atomically: true, encoding: .utf8)
        let both = "is declared by 2 games: \(games.path)/capital-cities, \(games.path)/capitals"
        let catalog = try cli.run(["catalog", games.path])
        #expect(catalog.status == 1)
        #expect(catalog.output.components(separatedBy: both).count == 3, "\(catalog.output)")
        let check = try cli.run(["check", games.path, "--fuzz-runs", "0", "--no-luacheck"])
        #expect(check.status == 1)
        #expect(
            check.output.contains("\(copy.path)/game.lua: error: game id 'Capital-Cities' \(both)"), "\(check.output)")
        let byID = try cli.run(["play", "--games", games.path, "CAPITAL-CITIES", "--student", "ana"])
        #expect(byID.status == 1)
        #expect(byID.error.contains(both), "\(byID.error)")
        let byFolder = try cli.run(["play", copy.path, "--student", "ana"])
        #expect(byFolder.status == 1)
        #expect(byFolder.error.contains(both), "\(byFolder.error)")
        #expect(try cli.runs().isEmpty, "nothing was played")
    }
}
