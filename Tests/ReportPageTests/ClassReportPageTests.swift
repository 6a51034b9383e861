import Foundation
import Testing

@testable import Classroom
@testable import ReportPage
@testable import Tracking

/// The page as a string: escaping, marks, numbers, size. What a browser makes of it is
/// checked in `CLITests/ReportPageBrowserTests`.
@Suite struct ClassReportPageTests {
    @Test(arguments: [
        "<script>alert(1)</script>", "\"><img src=x onerror=alert(1)>", "a' onmouseover='x", "&lt;b&gt;",
        "\u{202E}evil\u{202C}", "new\nline", "\u{1B}[31mred", "\u{0}nul",
    ])
    func hostileTextIsShownAsText(_ name: String) {
        let page = Demo.page(students: [name, "bo"], titles: [name]).html()
        let markup = Demo.markupOf(page)
        #expect(!markup.contains("<script>alert"), "no script from data")
        #expect(!markup.contains("<img"), "no element from data")
        #expect(!markup.contains("onerror="), "no handler attribute from data")
        #expect(!markup.contains("onmouseover="))
        #expect(!page.contains("\u{1B}") && !page.contains("\u{0}"), "no control characters in the page")
        #expect(
            page.contains(HTML.text(name).replacingOccurrences(of: "\n", with: "\n")) || name.contains("\u{1B}")
                || name.contains("\u{0}"))
    }

    @Test func escapingCoversEverySpecialCharacter() {
        #expect(HTML.text(#"<a href="x">'&'</a>"#) == "&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;")
        #expect(HTML.attribute("a\nb") == "a&#10;b")
        #expect(HTML.text("\u{7}\u{9B}\u{FFFE}ok") == "\u{FFFD}\u{FFFD}\u{FFFD}ok")
        #expect(HTML.name("\u{202E}x") == "<bdi>\u{202E}x</bdi>", "bidi text is isolated, not removed")
    }

    @Test func everyCellCarriesTheNumbersOfTheJSON() throws {
        let page = Demo.page(students: ["ana", "bo", "cy"], titles: ["Sums"])
        let html = page.html()
        for assignment in page.report.assignments {
            for row in assignment.students {
                for cell in row.activities {
                    let needle =
                        #"data-student="\#(row.student)" data-assignment="\#(assignment.id)" data-path="\#(cell.identifierPath.joined(separator: "/"))" data-progress="\#(Figures.exact(cell.progress))" data-status="\#(cell.status.rawValue)""#
                    #expect(html.contains(needle), "cell \(row.student) \(assignment.id)")
                }
            }
        }
        #expect(
            html.contains("average progress \(Figures.percent(page.report.assignments[0].summary[0].averageProgress))"))
    }

    @Test func marksDoneLateAndNotStartedInWordsAndSymbols() {
        let html = Demo.page(students: ["ana", "bo", "cy"], titles: ["Sums"]).html()
        #expect(html.contains(#"aria-label="progress, done">✓"#))  // Demo's cells have no best score
        #expect(html.contains(#"aria-label="progress, in progress, late">!"#))
        #expect(html.contains(#"aria-label="not started, late">–!"#))
    }

    /// A whole game, finished with 2/5 at its EASY level and failed: shaded 40 %, not the 100 %
    /// of its progress, marked FAIL and EASY; a cell without a score keeps progress, in italics.
    @Test func heatmapShadesByTheBestScoreAndShowsTheVerdictAndTheLevel() {
        let game = ["org.edujam.games", "CAPITALS"]
        func cell(score: Double?, passed: Bool?) -> ActivityProgress {
            ActivityProgress(
                identifierPath: game, title: "Capitals", status: .inProgress, late: false, attempts: 1, progress: 1,
                durationSeconds: 60, primaryItem: nil, score: score, passed: passed, latestPath: game + ["EASY"])
        }
        let rows = [
            StudentProgress(student: "ana", activities: [cell(score: 0.4, passed: false)]),
            StudentProgress(student: "bo", activities: [cell(score: nil, passed: nil)]),
        ]
        let assignment = AssignmentReport(
            id: 1, title: "Capitals", due: nil, complete: false, students: rows,
            summary: [
                ActivitySummary(
                    AssignedActivity(identifierPath: game, title: "Capitals"), cells: rows.map { $0.activities[0] })
            ])
        let html = Heatmap(report: ClassReport(className: "3B", assignments: [assignment])).html()
        #expect(html.contains(#"style="background:\#(Palette.background(0.4).hex);"#))
        #expect(html.contains(#"data-score="0.4" data-passed="false" data-level="EASY""#))
        #expect(html.contains(#">40%<span class="marks" aria-label="score, in progress">"#))
        #expect(html.contains(#"<span class="level">"#) && html.contains(#"<span class="verdict">fail</span>"#))
        #expect(html.contains(#"class="cell inProgress by-progress" style="background:\#(Palette.background(1).hex);"#))
    }

    @Test func heatmapTextMeetsWCAGAAOnEveryShade() {
        for step in 0...100 {
            let background = Palette.background(Double(step) / 100)
            #expect(Palette.foreground(on: background).contrast(with: background) >= 4.5, "at \(step)%")
        }
        #expect(Palette.background(0).luminance > Palette.background(1).luminance, "darker is further")
    }

    @Test func aClassOfThirtyWithTwentyAssignmentsStaysUnderOneMegabyte() {
        let students = (1...30).map { "student-\($0)-with-a-longish-name" }
        let page = Demo.page(students: students, titles: (1...20).map { "Assignment number \($0)" }, attemptsEach: 3)
        let size = page.html().utf8.count
        #expect(size < 1_000_000, "\(size) bytes")
    }

    @Test func numbersNeverPrintAsNaNOrInfinity() {
        #expect(Figures.percent(.nan) == "-")
        #expect(Figures.duration(.infinity) == "-")
        #expect(Figures.number(-.infinity) == "-")
        #expect(Figures.duration(3725) == "1:02:05")
        #expect(Figures.number(2.5) == "2.5")
        #expect(Distribution.fractions([0, 0.2, 0.99, 1, .nan]).map(\.count) == [1, 1, 0, 0, 2])
        #expect(
            Distribution.quantities([1.7e308, -1.7e308]).map(\.count).reduce(0, +) == 2, "no overflow on huge spans")
    }

    @Test func chartsHaveTextAlternatives() {
        let html = Demo.page(students: ["ana", "bo"], titles: ["Sums"]).html()
        let charts = html.components(separatedBy: "<svg").count - 1
        let labelled = html.components(separatedBy: #"role="img" aria-label=""#).count - 1
        #expect(charts > 0 && charts == labelled)
        #expect(!html.contains("http://") && !html.contains("https://") && !html.contains(" src="), "self-contained")
    }
}

extension ClassReportPageTests {
    @Test func thePageShowsEachAttemptsVersionAndAnAssignmentsMixOfVersions() throws {
        let first = "3f2a9c01d2e4" + String(repeating: "0", count: 52)
        let second = String(repeating: "9b1c", count: 16)
        var page = Demo.page(students: ["ana", "bo"], titles: ["Sums"])
        #expect(!page.html().contains("game versions:"), "one version (or none): no note")
        page.report.assignments[0].gameVersions = [
            GameVersionCount(version: first, attempts: 5), GameVersionCount(version: second, attempts: 2),
        ]
        let versioned = (page.attempts[1]?["ana"] ?? []).map { run in
            var versioned = run
            versioned.gameVersion = first
            return versioned
        }
        page.attempts[1]?["ana"] = versioned
        let html = page.html()
        #expect(
            html.contains(
                #"<p class="meta versions">2 game versions: 3f2a9c01d2e4 (5 attempts), 9b1c9b1c9b1c (2 attempts)</p>"#))
        #expect(html.contains(#"<td class="version"><code title="\#(first)">3f2a9c01d2e4</code></td>"#))
        #expect(html.contains(#"<th scope="col">Game version</th>"#))
    }

    /// An assignment made before the owner removed older attempts says so, as the terminal does.
    @Test func anAssignmentThatMayHaveLostAttemptsSaysSo() throws {
        var page = Demo.page(students: ["ana"], titles: ["Sums", "Again"])
        #expect(!page.html().contains("were removed"), "nothing removed: no note")
        page.report.assignments[0].attemptsRemovedBefore = "2026-09-01"
        let html = page.html()
        #expect(
            html.components(separatedBy: #"<p class="meta removed">"#).count == 2
                && html.contains(
                    #"<p class="meta removed">attempts started before 2026-09-01 (UTC) were removed (store prune)</p>"#)
        )
    }
}

/// A made-up class report: each student a different standing, so every mark appears.
enum Demo {
    static func page(students: [String], titles: [String], attemptsEach: Int = 1) -> ClassReportPage {
        var attempts: [Int64: [String: [RunRecord]]] = [:]
        let assignments = titles.enumerated().map { index, title -> AssignmentReport in
            let id = Int64(index + 1)
            let path = ["org.edujam.games", "MATH-JAM", "LEVEL-\(index % 3 + 1)"]
            let rows = students.enumerated().map { number, student -> StudentProgress in
                let status: ActivityStatus = [.done, .inProgress, .notStarted][number % 3]
                let item =
                    status == .notStarted
                    ? nil
                    : scoreItem(Double(number % 11), of: 10)
                let cell = ActivityProgress(
                    identifierPath: path, title: title, status: status, late: status != .done,
                    attempts: status == .notStarted ? 0 : attemptsEach,
                    progress: status == .notStarted ? 0 : Double(number % 10) / 10,
                    durationSeconds: Double(number * 17), primaryItem: item)
                let items: [ItemRecord] = item.map { [$0] } ?? []
                attempts[id, default: [:]][student] = (0..<cell.attempts).map { (attempt: Int) -> RunRecord in
                    let runID = Int64(index * 10_000 + number * 10 + attempt)
                    return RunRecord(
                        id: runID, student: student, identifierPath: path, title: title,
                        outcome: .finished, done: false, started: true, startedAt: "2026-11-2\(attempt)T10:00:00Z",
                        durationSeconds: 60, progress: cell.progress, primaryItem: "correct", items: items)
                }
                return StudentProgress(student: student, activities: [cell])
            }
            let activity = AssignedActivity(identifierPath: path, title: title)
            return AssignmentReport(
                id: id, title: title, due: "2026-12-04T22:59:59Z", complete: false, students: rows,
                summary: [ActivitySummary(activity, cells: rows.map { $0.activities[0] })])
        }
        return ClassReportPage(
            report: ClassReport(className: "3B", assignments: assignments), attempts: attempts,
            generated: "2026-11-30 14:05")
    }

    /// A score item as the store would give it back.
    static func scoreItem(_ score: Double, of maximum: Double) -> ItemRecord {
        let json =
            #"{"identifier":"correct","title":"Correct answers","kind":"score","score":\#(score),"maxScore":\#(maximum)}"#
        return try! JSONDecoder().decode(ItemRecord.self, from: Data(json.utf8))
    }

    /// The page's tags with their attribute values blanked: what is left is element and attribute
    /// names only, where injected markup would show. (Every value the page writes is double-quoted.)
    static func markupOf(_ html: String) -> String {
        let tags = html.split(separator: "<").map { "<" + $0.prefix { $0 != ">" } + ">" }.joined()
        return tags.replacingOccurrences(of: #""[^"]*""#, with: #""""#, options: .regularExpression)
    }
}
