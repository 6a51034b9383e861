import Foundation
import Interop
import Testing

/// `class import --oneroster` and `export --oneroster-results` through the binary, on the
/// example folder the docs walk through (docs/examples/oneroster).
@Suite struct OneRosterCommandTests {
    static let example = Edujam.root.appendingPathComponent("docs/examples/oneroster")

    @Test func importThenListShowsStudentsAndTeachers() throws {
        let cli = Edujam()
        defer { cli.remove() }
        let imported = try cli.run(["class", "import", "--oneroster", Self.example.path])
        #expect(imported.status == 0, "\(imported.error)")
        #expect(
            imported.output
                == "Read 2 classes and 4 students from OneRoster: 2 classes created, 4 students joined, 2 teachers added.\n"
        )
        let list = try cli.run(["class", "list"])
        #expect(
            list.output
                == "3B: ana.lima, bo.chen, cy.okafor (teacher: Jane Smith)\n4A: dee.park (teacher: Paul Nguyen)\n")
        let again = try cli.run(["class", "import", "--oneroster", Self.example.path])
        #expect(again.output == "Read 2 classes and 4 students from OneRoster: nothing changed.\n")

        let json = try cli.run(["class", "list", "--json"])
        let classes = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [[String: Any]])
        let roster = try #require(classes.first?["oneRoster"] as? [String: Any])
        #expect(roster["sourcedId"] as? String == "cls-3b")
        #expect((roster["teachers"] as? [[String: Any]])?.first?["username"] as? String == "jsmith")
    }

    @Test func aBadRowNamesFileAndLineAndChangesNothing() throws {
        let cli = Edujam()
        defer { cli.remove() }
        #expect(try cli.run(["class", "import", "--oneroster", Self.example.path]).status == 0)
        let before = try cli.run(["class", "list", "--json"]).output

        let broken = FileManager.default.temporaryDirectory.appendingPathComponent("oneroster-cli-\(UUID())")
        try FileManager.default.copyItem(at: Self.example, to: broken)
        defer { try? FileManager.default.removeItem(at: broken) }
        let enrollments = broken.appendingPathComponent("enrollments.csv")
        let text = try String(contentsOf: enrollments, encoding: .utf8)
            .replacingOccurrences(of: "enr-6,cls-4a", with: "enr-6,cls-5c")  // line 7
        try Data(text.utf8).write(to: enrollments)
        let result = try cli.run(["class", "import", "--oneroster", broken.path])
        #expect(result.status == 1)
        #expect(result.error == "edujam class: enrollments.csv:7: unknown class 'cls-5c': not in classes.csv\n")
        #expect(try cli.run(["class", "list", "--json"]).output == before)

        let missing = try cli.run(["class", "import"])
        #expect(missing.status == 64 && missing.error.contains("--oneroster DIR"))
    }

    @Test func resultsOutReadBack() throws {
        let cli = Edujam()
        defer { cli.remove() }
        #expect(try cli.run(["class", "import", "--oneroster", Self.example.path]).status == 0)
        #expect(try cli.run(["catalog", "--publish"]).status == 0)
        #expect(
            try cli.run(["assign", "--class", "3B", "--title", "Sums", "--due", "2099-12-24", "MATH-JAM/LEVEL-1"])
                .status == 0)
        // ana.lima answers all ten wrong: finished, 0 right.
        let play = try cli.run(
            ["play", "--student", "ana.lima", "MATH-JAM/LEVEL-1", "--seed", "3"],
            input: String(repeating: "0\n", count: 10))
        #expect(play.status == 0)

        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("oneroster-out-\(UUID())")
        defer { try? FileManager.default.removeItem(at: folder) }
        let export = try cli.run(["export", "--oneroster-results", folder.path])
        #expect(export.status == 0, "\(export.error)")
        #expect(export.output == "Wrote 1 line item(s) and 3 result(s) to \(folder.path).\n")
        let lineItems = try Self.rows(folder.appendingPathComponent("lineItems.csv"))
        let results = try Self.rows(folder.appendingPathComponent("results.csv"))
        #expect(
            lineItems.count == 1 && lineItems[0]["classSourcedId"] == "cls-3b"
                && lineItems[0]["dueDate"] == "2099-12-24")
        #expect(results.map { $0["studentSourcedId"] } == ["usr-s1", "usr-s2", "usr-s3"])
        #expect(results.allSatisfy { $0["lineItemSourcedId"] == lineItems[0]["sourcedId"] })
        #expect(results[0]["scoreStatus"] == "partially graded" && results[0]["score"] == "0")  // 0 of 10 right
        #expect(results[1]["scoreStatus"] == "not submitted")

        let before = try Data(contentsOf: folder.appendingPathComponent("results.csv"))
        #expect(try cli.run(["export", "--oneroster-results", folder.path]).status == 0)
        #expect(try Data(contentsOf: folder.appendingPathComponent("results.csv")) == before)
        #expect(try cli.run(["export", "--oneroster-results", folder.path, "--xapi"]).status == 64)
        #expect(try cli.run(["export", "--oneroster-results", folder.path, "--class", "9Z"]).status == 1)
    }

    /// A written CSV file as rows keyed by header, read with the project's RFC 4180 reader.
    static func rows(_ url: URL) throws -> [[String: String]] {
        let text = try String(contentsOf: url, encoding: .utf8)
        #expect(text.hasSuffix("\r\n"))
        let records = try CSV.records(text)
        let header = try #require(records.first).fields
        return records.dropFirst().map { Dictionary(uniqueKeysWithValues: zip(header, $0.fields)) }
    }
}
