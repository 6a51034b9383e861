import Foundation
import Interop
import Testing
import TrackingTestSupport

/// The grading rule (docs/teaching.md, "How grades are made") through the binary, on a throwaway
/// PostgreSQL server with students on their own logins, in a real terminal: bo answers 5 of Math
/// Jam's 10 sums right and presses Ctrl-D; cy answers all 10 right. Every view gives cy a grade
/// and shows bo as not finished: the gradebook, the grid, the JSON, the CSV and the page.
@Suite(.serialized, .enabled(if: PostgresServer.isAvailable, Comment(rawValue: PostgresServer.skipComment)))
struct GradingRuleTests {
    /// The school of the OneRoster example (3B: ana.lima, bo.chen, cy.okafor; teacher jsmith),
    /// with Math Jam published and its first level assigned to 3B.
    struct MathJamSchool {
        let cli = Edujam()
        let school: RosterLoginsCommandTests.School
        let games: URL

        init() throws {
            school = try RosterLoginsCommandTests.School(cli)
            games = try Edujam.scratchFolder("grading-games")
            try FileManager.default.copyItem(
                at: Edujam.root.appendingPathComponent("games/math-jam"), to: games.appendingPathComponent("math-jam"))
            let imported = try cli.run(
                ["class", "import", "--oneroster", school.export.path, "--create-logins", "--store", school.url()])
            #expect(imported.status == 0, "\(imported.error)")
            for words in [
                ["catalog", "--publish"], ["assign", "--class", "3B", "--title", "Sums", "MATH-JAM/LEVEL-1"],
            ] {
                let done = try asTeacher(words)
                #expect(done.status == 0, "\(words): \(done.error)")
            }
        }

        func remove() {
            school.remove()
            try? FileManager.default.removeItem(at: games)
        }

        func environment(as name: String) -> [String: String] {
            ["EDUJAM_STORE": school.url(as: school.login(name)), "EDUJAM_GAMES": games.path, "NO_COLOR": "1"]
        }

        func asTeacher(_ words: [String]) throws -> Edujam.Result {
            try cli.run(words, environment: environment(as: "jsmith"))
        }

        /// `name` plays Math Jam's first level in a terminal, answering the first `right` sums
        /// right, then leaves with Ctrl-D unless all ten were answered.
        func play(as name: String, right: Int) throws {
            let terminal = try TerminalSession(
                ["play", "MATH-JAM/LEVEL-1"], environment: environment(as: name).merging(["TERM": "xterm"]) { $1 })
            for question in 1...right {
                #expect(terminal.expect("Question \(question) of 10"), "\(terminal.output)")
                #expect(terminal.expect(" = ?"), "\(terminal.output)")
                terminal.type("\(try Self.answer(to: terminal.output))\n")
            }
            if right < 10 {
                #expect(terminal.expect("Question \(right + 1) of 10"), "\(terminal.output)")
                #expect(terminal.expect(" = ?"))
                terminal.type("\u{4}")  // Ctrl-D
                #expect(terminal.expect("Goodbye!"), "\(terminal.output)")
            } else {
                #expect(terminal.expect("You passed this level!"), "\(terminal.output)")
            }
            #expect(terminal.waitForExit() == 0, "\(terminal.output)")
        }

        /// The answer to the last sum on the screen (`7 + 2 = ?`).
        static func answer(to screen: String) throws -> Int {
            let sum = try #require(screen.ranges(of: /(\d+) ([+x-]) (\d+) = \?/).last.map { screen[$0] })
            let match = try #require(try /(\d+) ([+x-]) (\d+) = \?/.wholeMatch(in: sum))
            let (a, b) = (Int(match.1) ?? 0, Int(match.3) ?? 0)
            switch match.2 {
            case "+": return a + b
            case "-": return a - b
            default: return a * b
            }
        }
    }

    @Test func aRoundLeftHalfWayIsNotGradedAsAFinishedOne() throws {
        let jam = try MathJamSchool()
        defer { jam.remove() }
        try jam.play(as: "bo.chen", right: 5)
        try jam.play(as: "cy.okafor", right: 10)
        let bo = jam.school.login("bo.chen")
        let cy = jam.school.login("cy.okafor")

        // The gradebook: cy 100, bo 0 and not finished (he had 5 of 5 right when he left).
        let folder = try Edujam.scratchFolder("grading-gradebook")
        defer { try? FileManager.default.removeItem(at: folder) }
        let exported = try jam.asTeacher(["export", "--oneroster-results", folder.path, "--class", "3B"])
        #expect(exported.status == 0, "\(exported.error)")
        let results = try OneRosterCommandTests.rows(folder.appendingPathComponent("results.csv"))
        let byStudent = Dictionary(uniqueKeysWithValues: results.map { ($0["studentSourcedId"] ?? "", $0) })
        #expect(byStudent["usr-s3"]?["score"] == "100", "cy: \(results)")
        #expect(byStudent["usr-s2"]?["score"] == "0", "bo: \(results)")
        #expect(
            byStudent["usr-s2"]?["comment"]?.hasPrefix("Warm-up: 0% (not finished, progress ") == true, "\(results)")

        // The grid: cy's latest result, bo's "not finished".
        let grid = try jam.asTeacher(["report", "--class", "3B"])
        #expect(grid.status == 0, "\(grid.error)")
        let lines = grid.output.split(separator: "\n").map(String.init)
        let boLine = try #require(lines.first { $0.contains("bo.chen") }, "\(grid.output)")
        let cyLine = try #require(lines.first { $0.contains("cy.okafor") }, "\(grid.output)")
        #expect(boLine.contains(" not fini"), "the grid's column may cut it: \(grid.output)")
        #expect(cyLine.contains("passed"), "\(grid.output)")

        // The JSON: bo has no score and a latest outcome of quit; cy's score is whole.
        let json = try jam.asTeacher(["report", "--class", "3B", "--json"])
        let report = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
        let assignment = try #require((report["assignments"] as? [[String: Any]])?.first)
        let students = try #require(assignment["students"] as? [[String: Any]])
        func cell(_ login: String) throws -> [String: Any] {
            let row = try #require(students.first { $0["student"] as? String == login }, "\(login): \(json.output)")
            return try #require((row["activities"] as? [[String: Any]])?.first)
        }
        #expect(try cell(bo)["score"] is NSNull && cell(bo)["primaryItem"] is NSNull, "\(json.output)")
        #expect(try cell(bo)["latestOutcome"] as? String == "quit")
        #expect(try cell(cy)["score"] as? Double == 1 && cell(cy)["latestOutcome"] as? String == "finished")

        // The CSV: an empty score for bo, 1.0 for cy.
        let csv = try jam.asTeacher(["report", "--class", "3B", "--csv"])
        let rows = try CSV.records(csv.output).map(\.fields)
        let header = try #require(rows.first)
        let scoreColumn = try #require(header.firstIndex(of: "score"))
        let studentColumn = try #require(header.firstIndex(of: "student"))
        #expect(rows.first { $0[studentColumn] == bo }?[scoreColumn] == "", "\(csv.output)")
        #expect(rows.first { $0[studentColumn] == cy }?[scoreColumn] == "1.0", "\(csv.output)")

        // The page: bo's cell shaded by progress and marked not finished; cy's by his score.
        let page = folder.appendingPathComponent("report.html")
        #expect(try jam.asTeacher(["report", "--class", "3B", "--html", page.path]).status == 0)
        let html = try String(contentsOf: page, encoding: .utf8)
        let boCell = try #require(Self.heatmapCell(of: bo, in: html), "\(html)")
        let cyCell = try #require(Self.heatmapCell(of: cy, in: html))
        #expect(!boCell.contains("data-score=") && boCell.contains(">not finished<"), "\(boCell)")
        #expect(cyCell.contains(#"data-score="1""#) && !cyCell.contains("not finished"), "\(cyCell)")
    }

    /// The heat map's cell for `student`: from its `<td class="cell` to `</td>`.
    static func heatmapCell(of student: String, in html: String) -> String? {
        let marker = #" data-student="\#(student)" data-assignment="#
        guard let at = html.range(of: marker), let open = html[..<at.lowerBound].range(of: "<td ", options: .backwards),
            let close = html[at.upperBound...].range(of: "</td>")
        else { return nil }
        return String(html[open.lowerBound..<close.upperBound])
    }

    /// A student login picks no seed on the school server: a round whose questions the student
    /// chose could be rehearsed until perfect, then count (and verify).
    @Test func aStudentCannotChooseTheSeedOfARound() throws {
        let jam = try MathJamSchool()
        defer { jam.remove() }
        let played = try jam.cli.run(
            ["play", "--seed", "7", "MATH-JAM/LEVEL-1"], input: String(repeating: "0\n", count: 10),
            environment: jam.environment(as: "bo.chen"))
        #expect(played.status == 64, "\(played.output)\(played.error)")
        #expect(played.error.contains("--seed picks the questions"), "\(played.error)")
        #expect(!played.output.contains("Question 1"), "refused before the game starts: \(played.output)")
        #expect(try jam.school.sql("SELECT count(*) FROM activities") == "0")

        // A teacher may (her own try-outs), and so may a student practising in a store of their own.
        let teacher = try jam.asTeacher(["play", "--seed", "7", "MATH-JAM/LEVEL-1"])
        #expect(teacher.status == 0, "\(teacher.error)")
        let own = try Edujam.scratchFolder("practice")
        defer { try? FileManager.default.removeItem(at: own) }
        let practice = try jam.cli.run(
            ["play", "--seed", "7", "MATH-JAM/LEVEL-1", "--store", own.appendingPathComponent("p.sqlite").path],
            input: String(repeating: "0\n", count: 10), environment: jam.environment(as: "bo.chen"))
        #expect(practice.status == 0, "\(practice.error)")
    }
}

/// A teacher's try-outs are hers, not a learner's: they count for no assignment, even when she put
/// herself on her class's roster to see what students see, and no xAPI statement is made of them.
@Suite(.serialized, .enabled(if: PostgresServer.isAvailable, Comment(rawValue: PostgresServer.skipComment)))
struct TeachersTryOutsTests {
    @Test func aTeachersAttemptsAreLeftOutOfGradesAndStatements() throws {
        let jam = try GradingRuleTests.MathJamSchool()
        defer { jam.remove() }
        let teacher = jam.school.login("jsmith")
        let added = try jam.asTeacher(["class", "add", "3B", teacher])
        #expect(added.status == 0, "\(added.error)")
        let played = try jam.cli.run(
            ["play", "MATH-JAM/LEVEL-1"], input: String(repeating: "0\n", count: 10),
            environment: jam.environment(as: "jsmith"))
        #expect(played.status == 0, "\(played.error)")
        #expect(played.output.contains("Saved as practice."), "\(played.output)")

        let json = try jam.asTeacher(["report", "--class", "3B", "--json"])
        let report = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
        let students = try #require((report["assignments"] as? [[String: Any]])?.first?["students"] as? [[String: Any]])
        let row = try #require(students.first { $0["student"] as? String == teacher }, "\(json.output)")
        #expect((row["activities"] as? [[String: Any]])?.first?["attempts"] as? Int == 0, "\(json.output)")

        let folder = try Edujam.scratchFolder("tryouts-gradebook")
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(try jam.asTeacher(["export", "--oneroster-results", folder.path, "--class", "3B"]).status == 0)
        let results = try OneRosterCommandTests.rows(folder.appendingPathComponent("results.csv"))
        let hers = try #require(results.first { $0["studentSourcedId"] == teacher }, "\(results)")
        #expect(hers["scoreStatus"] == "not submitted", "\(hers)")

        let statements = try jam.asTeacher(["export", "--xapi"])
        #expect(statements.status == 0, "\(statements.error)")
        #expect(!statements.output.contains(teacher), "\(statements.output)")
        #expect(try jam.school.sql("SELECT count(*) FROM activities WHERE student = '\(teacher)'") == "1")
    }
}

/// A fix that a teacher publishes can retire the version it replaces: attempts that ran the old,
/// buggy version stop counting (all of them, or from a time on), the review says so, and an old
/// copy of it played later is practice. Only a teacher who publishes the game may retire its
/// versions.
@Suite(.serialized, .enabled(if: PostgresServer.isAvailable, Comment(rawValue: PostgresServer.skipComment)))
struct RetiredVersionTests {
    /// Version 1 marks every answer right (the bug); version 2 only `4`.
    static func quiz(acceptsAnything: Bool) -> String {
        let right = acceptsAnything ? "answer ~= nil" : "answer == '4'"
        return """
            return { id = "QUIZ", title = "Quiz", type = "quiz", topic = "math",
              play = function()
                activity.start()
                local answer = ask("2 + 2 = ?")
                if answer == nil then activity.stop() return end
                activity.score("correct", (\(right)) and 1 or 0, 1, "Correct")
                activity.progress(1)
                activity.finish()
              end }
            """
    }

    @Test func aRetiredVersionStopsCountingAndTheReviewSaysSo() throws {
        let jam = try GradingRuleTests.MathJamSchool()
        defer { jam.remove() }
        let quiz = jam.games.appendingPathComponent("quiz")
        try FileManager.default.createDirectory(at: quiz, withIntermediateDirectories: true)
        try Self.quiz(acceptsAnything: true).write(
            to: quiz.appendingPathComponent("game.lua"), atomically: true, encoding: .utf8)
        let buggy = try Edujam.scratchFolder("buggy-quiz")
        defer { try? FileManager.default.removeItem(at: buggy) }
        try FileManager.default.copyItem(at: quiz, to: buggy.appendingPathComponent("quiz"))
        #expect(try jam.asTeacher(["publish", quiz.path]).status == 0)
        #expect(try jam.asTeacher(["assign", "--class", "3B", "--title", "Quiz", "QUIZ"]).status == 0)
        let bo = jam.environment(as: "bo.chen")
        let wrong = try jam.cli.run(["play", "QUIZ"], input: "5\n", environment: bo)
        #expect(wrong.output.contains("Saved for assignment 2"), "\(wrong.output)\(wrong.error)")
        let old = try jam.school.sql("SELECT version FROM game_current WHERE game = 'QUIZ'")

        // Another teacher cannot retire it, by the program or by psql.
        let other = try jam.cli.run(
            ["publish", "--retire", "QUIZ", String(old.prefix(12))], environment: jam.environment(as: "pnguyen"))
        #expect(other.status != 0, "\(other.output)")
        let sneaky = try jam.school.server.psql(
            "INSERT INTO retired_versions VALUES ('\(old)', 'QUIZ', NULL, current_user, 0)",
            database: jam.school.database, role: jam.school.login("pnguyen"))
        #expect(sneaky.status != 0, "\(sneaky.output)\(sneaky.error)")
        let student = try jam.school.server.psql(
            "INSERT INTO retired_versions VALUES ('\(old)', 'QUIZ', NULL, current_user, 0)",
            database: jam.school.database, role: jam.school.login("bo.chen"))
        #expect(student.status != 0, "\(student.output)")
        #expect(try jam.school.sql("SELECT count(*) FROM retired_versions") == "0")

        // The fix, published not at a terminal: the old version still counts, and publish says how to retire it.
        try Self.quiz(acceptsAnything: false).write(
            to: quiz.appendingPathComponent("game.lua"), atomically: true, encoding: .utf8)
        let fixed = try jam.asTeacher(["publish", quiz.path])
        #expect(fixed.status == 0, "\(fixed.error)")
        #expect(fixed.output.contains("still counts: to retire it, edujam publish --retire QUIZ \(old.prefix(12))"))
        let current = try jam.asTeacher(["publish", "--retire", "QUIZ", String(old.prefix(12))])
        #expect(
            current.output.contains("every attempt that ran it no longer counts"), "\(current.output)\(current.error)")

        // The review: bo's attempt no longer counts, and the grid says why.
        let grid = try jam.asTeacher(["report", "--class", "3B", "--assignment", "2"])
        #expect(grid.output.contains("1 attempt ran a retired version: not counted"), "\(grid.output)")
        let csv = try jam.asTeacher(["report", "--class", "3B", "--assignment", "2", "--json"])
        #expect(csv.output.contains(#""retiredAttempts" : 1"#), "\(csv.output)")

        // An old copy played later is practice.
        let replayed = try jam.cli.run(
            ["play", buggy.appendingPathComponent("quiz").path], input: "5\n", environment: bo)
        #expect(replayed.output.contains("your teacher retired this version"), "\(replayed.output)\(replayed.error)")

        // The old version cannot be made current while retired; un-retired, it counts again.
        let revert = try jam.asTeacher(["publish", "--revert", "QUIZ", String(old.prefix(12))])
        #expect(revert.status != 0 && revert.error.contains("is retired"), "\(revert.error)")
        let back = try jam.asTeacher(["publish", "--unretire", "QUIZ", String(old.prefix(12))])
        #expect(back.output.contains("counts again"), "\(back.output)\(back.error)")
        let counted = try jam.asTeacher(["report", "--class", "3B", "--assignment", "2", "--json"])
        #expect(counted.output.contains(#""retiredAttempts" : 0"#), "\(counted.output)")

        // Retired from now on: the attempts made before still count.
        let fromNow = try jam.asTeacher(["publish", "--retire", "QUIZ", String(old.prefix(12)), "--since", "now"])
        #expect(fromNow.output.contains("attempts started from "), "\(fromNow.output)\(fromNow.error)")
        let still = try jam.asTeacher(["report", "--class", "3B", "--assignment", "2", "--json"])
        #expect(still.output.contains(#""retiredAttempts" : 0"#), "\(still.output)")
        let games = try jam.asTeacher(["games", "--all"])
        #expect(games.output.contains("retired: attempts started from "), "\(games.output)")
    }
}
