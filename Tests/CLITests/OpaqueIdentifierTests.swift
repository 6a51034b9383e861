import Foundation
import Testing
import TrackingTestSupport

/// Identifiers are opaque, as in ClassKit: a ported game whose levels are `unit/1`, `Level 1` and
/// `Ünïcødé` keeps them through every command, transcript and export. Their path text is `PORT/unit%2F1`,
/// `PORT/Level 1`, `PORT/Ünïcødé` (docs/cli.md, "Identifier paths").
@Suite struct OpaqueIdentifierTests {
    static let levels = ["unit/1", "Level 1", "Ünïcødé"]
    static let texts = ["PORT/unit%2F1", "PORT/Level 1", "PORT/Ünïcødé"]

    /// A games folder `org.port` holding the game `PORT`, whose item id is opaque too.
    private static func games() throws -> URL {
        let folder = try Edujam.scratchFolder("opaque-ids")
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("port"), withIntermediateDirectories: true)
        try #"return { id = "org.port", title = "Ported" }"#.write(
            to: folder.appendingPathComponent("collection.lua"), atomically: true, encoding: .utf8)
        try """
        return {
          id = "PORT", title = "Port",
          contexts = {
            { id = "unit/1", title = "Unit one", type = "level" },
            { id = "Level 1", title = "Level one", type = "level" },
            { id = "Ünïcødé", title = "Unicode", type = "level" },
          },
          play = function(level)
            activity.start()
            say("level [" .. level .. "]")
            activity.score("a/b c", 1, 2, "Half")
            activity.finish()
          end,
        }
        """.write(to: folder.appendingPathComponent("port/game.lua"), atomically: true, encoding: .utf8)
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("port/tests"), withIntermediateDirectories: true)
        try "* ported level\nlevel: unit%2F1\nlevel [unit%2F1]\n\n* spaced level\nlevel: Level 1\nlevel [Level 1]\n"
            .write(to: folder.appendingPathComponent("port/tests/levels.play"), atomically: true, encoding: .utf8)
        return folder
    }

    private static func remove(_ cli: Edujam, _ folder: URL) {
        cli.remove()
        try? FileManager.default.removeItem(at: folder)
    }

    private static func json(_ text: String) throws -> Any { try JSONSerialization.jsonObject(with: Data(text.utf8)) }

    @Test func aPortedGameKeepsItsIdentifiersThroughEveryCommand() throws {
        let (cli, folder) = (Edujam(), try Self.games())
        defer { Self.remove(cli, folder) }
        let games = ["--games", folder.path]

        let catalog = try cli.run(["catalog", "--publish"] + games)
        #expect(catalog.status == 0, "\(catalog.error)")
        for text in Self.texts { #expect(catalog.output.contains(text), "\(catalog.output)") }

        // A transcript's `level:` is path text too.
        let transcripts = try cli.run(["test", folder.appendingPathComponent("port").path, "--jobs", "1"] + games)
        #expect(transcripts.status == 0 && transcripts.output.contains("3 passed"), "\(transcripts.output)")

        // Each level played by its path text; the game is given the same text as its level.
        for (level, text) in zip(Self.levels, Self.texts) {
            let play = try cli.run(["play", "--student", "bo", text] + games)
            #expect(play.status == 0, "\(play.error)")
            #expect(play.output.contains("level [\(text.dropFirst(5))]"), "\(play.output)")
            #expect(play.output.contains("level [\(level)]") == !level.contains("/"))
        }
        let report = try #require(try Self.json(cli.run(["report", "--json"] + games).output) as? [String: Any])
        let runs = try #require(report["runs"] as? [[String: Any]])
        #expect(Set(runs.compactMap { ($0["identifierPath"] as? [String])?.last }) == Set(Self.levels))
        #expect(runs.allSatisfy { $0["primaryItem"] as? String == "a/b c" && $0.item("a/b c") != nil })
        let table = try cli.run(["report"] + games).output
        for text in Self.texts { #expect(table.contains(text), "\(table)") }

        // Assigned by path text, with and without the root; the inbox's lines play when pasted.
        #expect(try cli.run(["class", "create", "3B"] + games).status == 0)
        #expect(try cli.run(["class", "add", "3B", "ana"] + games).status == 0)
        let assign = try cli.run(
            [
                "assign", "--class", "3B", "--title", "Port", "--json", Self.texts[0], "org.port/" + Self.texts[1],
                Self.texts[2],
            ]
                + games)
        #expect(assign.status == 0, "\(assign.error)")
        let inbox = try cli.run(["inbox", "--student", "ana"] + games)
        let lines = inbox.output.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        let commands = lines.filter { $0.hasPrefix("edujam play ") }
        #expect(commands == ["edujam play PORT/unit%2F1", "edujam play 'PORT/Level 1'", "edujam play PORT/Ünïcødé"])
        for (command, level) in zip(commands, Self.levels) {
            let pasted = try cli.run(
                ["-c", command + " --student ana"],
                environment: [
                    "PATH": Edujam.binary.deletingLastPathComponent().path + ":/usr/bin:/bin",
                    "EDUJAM_GAMES": folder.path,
                ], program: URL(fileURLWithPath: "/bin/sh"))
            #expect(pasted.status == 0, "\(command): \(pasted.error)")
            #expect(pasted.output.contains("level ["), "\(level): \(pasted.output)")
        }
        let done = try cli.run(["done", "1", "--student", "ana", Self.texts[1]] + games)
        #expect(done.status == 0, "\(done.error)")

        let grid = try #require(
            try Self.json(cli.run(["report", "--class", "3B", "--json"] + games).output) as? [String: Any])
        let cells = try #require(
            ((grid["assignments"] as? [[String: Any]])?.first?["students"] as? [[String: Any]])?.first?["activities"]
                as? [[String: Any]])
        #expect(cells.compactMap { ($0["identifierPath"] as? [String])?.last } == Self.levels)
        #expect(cells[1]["status"] as? String == "done")
        #expect(cells.allSatisfy { $0["attempts"] as? Int == 1 }, "each pasted line played its level")
        let csv = try cli.run(["report", "--class", "3B", "--csv"] + games).output
        for text in Self.texts { #expect(csv.contains("org.port/" + text), "\(csv)") }
        let page = folder.appendingPathComponent("3b.html").path
        #expect(try cli.run(["report", "--class", "3B", "--html", page] + games).status == 0)
        let html = try String(contentsOfFile: page, encoding: .utf8)
        #expect(html.contains(#"data-path="org.port/PORT/unit%2F1""#))

        // xAPI: each identifier one IRI segment, percent-encoded where an IRI needs it.
        let export = try cli.run(["export", "--xapi"] + games)
        let statements = try #require(try Self.json(export.output) as? [[String: Any]])
        let objects = Set(statements.compactMap { ($0["object"] as? [String: Any])?["id"] as? String })
        let levels = objects.compactMap { id -> String? in
            let segments = id.split(separator: "/", omittingEmptySubsequences: false)
            guard segments.dropLast().last == "PORT" else { return nil }
            #expect(!id.unicodeScalars.contains { $0 == " " || $0.properties.generalCategory == .control }, "\(id)")
            return segments.last.flatMap { String($0).removingPercentEncoding }
        }
        #expect(Set(levels) == Set(Self.levels), "\(objects)")

        let results = folder.appendingPathComponent("oneroster")
        let gradebook = try cli.run(["export", "--oneroster-results", results.path] + games)
        #expect(gradebook.status == 0, "\(gradebook.error)")
        let lineItems = try String(contentsOf: results.appendingPathComponent("lineItems.csv"), encoding: .utf8)
        #expect(lineItems.contains("Port"))
    }

    @Test func aBadEscapeOrAnEmptyIdentifierIsAUsageErrorNamingThePath() throws {
        let (cli, folder) = (Edujam(), try Self.games())
        defer { Self.remove(cli, folder) }
        let games = ["--games", folder.path]
        #expect(try cli.run(["catalog", "--publish"] + games).status == 0)
        #expect(try cli.run(["class", "create", "3B"] + games).status == 0)
        for path in ["PORT/100%", "PORT/%zz", "PORT//x"] {
            let assign = try cli.run(["assign", "--class", "3B", "--title", "T", path] + games)
            #expect(
                assign.status == 64 && assign.error.contains("'\(path)' is not an identifier path"), "\(assign.error)")
        }
        let play = try cli.run(["play", "PORT/100%"] + games)
        #expect(play.status == 64 && play.error.contains("'PORT/100%' is not an identifier path"), "\(play.error)")
        let unescaped = try cli.run(["play", "PORT/unit/1"] + games)
        #expect(unescaped.status == 64 && unescaped.error.contains("unit%2F1"), "the levels are listed as typed")
    }

    @Test(.enabled(if: PostgresServer.isAvailable, Comment(rawValue: PostgresServer.skipComment)))
    func storeCopyKeepsThem() throws {
        let (cli, folder) = (Edujam(), try Self.games())
        defer { Self.remove(cli, folder) }
        let games = ["--games", folder.path]
        #expect(try cli.run(["catalog", "--publish"] + games).status == 0)
        for text in Self.texts { #expect(try cli.run(["play", "--student", "bo", text] + games).status == 0) }
        let report = try cli.run(["report", "--json"] + games).output

        let server = try PostgresServer.server()
        let url = server.url(database: try server.createDatabase())
        let copied = try cli.run(["store", "copy", cli.store, url] + games)
        #expect(copied.status == 0, "\(copied.error)")
        #expect(try cli.run(["report", "--json", "--store", url] + games).output == report)
        let back = Edujam()
        defer { back.remove() }
        #expect(try cli.run(["store", "copy", url, back.store] + games).status == 0)
        #expect(try back.run(["report", "--json"] + games).output == report)
    }
}
