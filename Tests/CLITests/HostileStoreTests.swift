import Foundation
import Testing

/// A store written before names were checked may hold a class name with a newline
/// and ESC, a 256-character student name of wide characters with an OSC 52 write, an assignment
/// title with a NUL. Every classroom command prints them cleaned, and the class report stays
/// within 80 columns with its columns aligned.
@Suite struct HostileStoreTests {
    static let className = "5C\n\u{1B}[31mred\u{202E}"
    /// 256 characters, 505 columns: an OSC 52 write, then wide ideographs.
    static let student = "\u{1B}]52;c;aGk=\u{07}" + String(repeating: "名", count: 243)
    static let title = "Sums \u{1B}[2J\u{0}after " + String(repeating: "y", count: 200)

    /// A class of two with an assignment and one attempt, then renamed in the store to the hostile names.
    private func hostileClass(_ cli: Edujam, _ games: HostileGames) throws -> Int {
        let setUp = [
            ["catalog", games.folder, "--publish"], ["class", "create", "C1", "--games", games.folder],
            ["class", "add", "C1", "ana", "bo", "--games", games.folder],
            ["assign", "--class", "C1", "--title", "T", "--games", games.folder, "HOSTILE/LEVEL-1"],
        ]
        for words in setUp { _ = try cli.run(words) }
        _ = try cli.run(["play", games.game, "--level", "LEVEL-1", "--student", "ana"], input: "hi\n")
        try OldStore.execute(cli.store, "UPDATE classes SET name = ?", [Self.className])
        for table in ["class_students", "activities"] {
            try OldStore.execute(cli.store, "UPDATE \(table) SET student = ? WHERE student = 'ana'", [Self.student])
        }
        try OldStore.execute(
            cli.store, "UPDATE assignments SET title = ?, instructions = ?", [Self.title, "Do \u{1B}[5m it"])
        return 1
    }

    @Test func classListCleansNamesToOneLine() throws {
        let games = try HostileGames()
        let cli = Edujam()
        defer {
            games.remove()
            cli.remove()
        }
        _ = try hostileClass(cli, games)
        let result = try cli.run(["class", "list", "--games", games.folder])
        expectNoRawControls(result, "class list")
        #expect(result.output == "5C??[31mred?: ?]52;c;aGk=?" + String(repeating: "名", count: 243) + ", bo\n")
        let json = try cli.run(["class", "list", "--json", "--games", games.folder])
        expectNoRawControls(json, "class list --json")
        let classes = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [[String: Any]])
        #expect(classes.first?["name"] as? String == Self.className)
        #expect(classes.first?["students"] as? [String] == [Self.student, "bo"])
    }

    @Test func classReportStaysWithinItsColumnsAligned() throws {
        let games = try HostileGames()
        let cli = Edujam()
        defer {
            games.remove()
            cli.remove()
        }
        _ = try hostileClass(cli, games)
        for extra in [[], ["--student", Self.student]] {
            let result = try cli.run(["report", "--class", Self.className, "--games", games.folder] + extra)
            expectNoRawControls(result, "report --class \(extra)")
            #expect(result.status == 0, "\(result.error)")
            let lines = result.output.split(separator: "\n")
            #expect(lines.allSatisfy { columns($0) <= 80 }, "\(lines.map { columns($0) })")
            #expect(lines.first?.hasPrefix("Assignment 1: Sums ?[2J?after yyy") == true)
            // A name this long leaves no room for the bars: the percentages stay, aligned.
            let grid = lines.prefix { !$0.hasPrefix("  class,") }  // not the attempts table under it
            let rows = grid.filter { $0.contains("HOSTILE/") && $0.contains("%  ") }
            let progressColumn = rows.map { row in columns(row.prefix(upTo: row.range(of: "0%")!.lowerBound)) }
            let header = try #require(lines.first { $0.hasPrefix("student ") })
            #expect(
                columns(header.prefix(upTo: try #require(header.range(of: "progress")).lowerBound))
                    == progressColumn.first)
            #expect(
                rows.count == (extra.isEmpty ? 2 : 1) && Set(progressColumn).count == 1, "aligned: \(progressColumn)")
            #expect(
                rows.first?.hasPrefix("?]52;c;aGk") == true && rows.first?.contains("…") == true,
                "name cut: \(result.output)")
        }
    }

    @Test func classReportCSVAndJSON() throws {
        let games = try HostileGames()
        let cli = Edujam()
        defer {
            games.remove()
            cli.remove()
        }
        _ = try hostileClass(cli, games)
        let csv = try cli.run(["report", "--class", Self.className, "--csv", "--games", games.folder])
        expectNoRawControls(csv, "report --class --csv")
        #expect(csv.output.contains("1,Sums ?[2J?after y"))
        let json = try cli.run(["report", "--class", Self.className, "--json", "--games", games.folder])
        expectNoRawControls(json, "report --class --json")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
        let assignment = try #require((report["assignments"] as? [[String: Any]])?.first)
        #expect(report["class"] as? String == Self.className && assignment["title"] as? String == Self.title)
    }

    @Test func inboxAndDoneCleanTitlesAndNames() throws {
        let games = try HostileGames()
        let cli = Edujam()
        defer {
            games.remove()
            cli.remove()
        }
        let id = try hostileClass(cli, games)
        let inbox = try cli.run(["inbox", "--student", Self.student, "--games", games.folder])
        expectNoRawControls(inbox, "inbox")
        #expect(inbox.output.hasPrefix("[\(id)] Sums ?[2J?after y"))
        #expect(inbox.output.contains("    Do ?[5m it\n"))
        #expect(inbox.output.contains("HOSTILE/LEVEL-1  Level " + HostileGames.cleaned), "\(inbox.output)")
        let done = try cli.run(["done", "\(id)", "--student", Self.student, "--games", games.folder])
        expectNoRawControls(done, "done")
        #expect(done.status == 0, "\(done.error)")
        #expect(done.output.contains("Marked done for ?]52;c;aGk=?名"))
    }
}
