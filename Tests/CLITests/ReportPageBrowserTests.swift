import Foundation
import Testing

/// `report --html` opened in a real browser (headless Chromium): the DOM has every student,
/// assignment and figure of `report --json`; nothing overflows at desktop or phone width;
/// the page logs nothing to the console; no markup from data becomes an element.
@Suite(.serialized) struct ReportPageBrowserTests {
    static let hostile = #"<script>alert("x")</script>"#
    static let imageTrap = #""><img src=x onerror=alert(1)>"#

    @Test(.enabled(if: Chromium.path != nil, Chromium.missing))
    func theDOMHoldsEveryCellOfTheJSONReport() throws {
        let fixture = try ClassFixture.make()
        defer { fixture.remove() }
        let dom = try Chromium.dumpDOM(fixture.page)
        for assignment in fixture.json["assignments"] as? [[String: Any]] ?? [] {
            let id = assignment["id"] as? Int ?? -1
            #expect(dom.contains(#"id="assignment-\#(id)""#), "assignment \(id)")
            for row in assignment["students"] as? [[String: Any]] ?? [] {
                let student = row["student"] as? String ?? ""
                for cell in row["activities"] as? [[String: Any]] ?? [] {
                    let progress = cell["progress"] as? Double ?? -1
                    let status = cell["status"] as? String ?? ""
                    let cellTags = dom.components(separatedBy: "<td ").dropFirst().map {
                        String($0.prefix { $0 != ">" })
                    }
                    let cellTag = cellTags.first {
                        $0.hasPrefix(#"class="cell"#) && $0.contains(#"data-student="\#(Chromium.escaped(student))""#)
                            && $0.contains(#"data-assignment="\#(id)""#)
                    }
                    let tag = try #require(cellTag, "cell of \(student) in \(id)")
                    #expect(tag.contains(#"data-status="\#(status)""#), "\(student) \(id)")
                    #expect(Double(tag.attribute("data-progress") ?? "") == progress, "\(student) \(id)")
                }
            }
            for summary in assignment["summary"] as? [[String: Any]] ?? [] {
                let average = summary["averageProgress"] as? Double ?? 0
                #expect(dom.contains("average progress \(Int((average * 100).rounded()))%"))
            }
        }
    }

    /// ana finished CAPITALS/EASY with 2/5 and failed, bo with 5/5 and passed (then left HARD):
    /// their cells must not look alike, and say the verdict and the level (a whole game assigned).
    @Test(.enabled(if: Chromium.path != nil, Chromium.missing))
    func theHeatmapShadesByScoreAndShowsTheVerdictAndTheLevel() throws {
        let cli = try ReportGradesTests.school()
        defer { cli.remove() }
        let folder = try Edujam.scratchFolder("grades-html")
        defer { try? FileManager.default.removeItem(at: folder) }
        let page = folder.appendingPathComponent("report.html")
        let written = try cli.run(["report", "--class", "3B", "--html", page.path] + ReportGradesTests.games)
        try #require(written.status == 0, "\(written.error)")
        let dom = try Chromium.dumpDOM(page)
        func cell(_ student: String) throws -> (tag: String, text: String) {
            let pieces = dom.components(separatedBy: "<td ").dropFirst()
            let piece = try #require(
                pieces.first {
                    $0.hasPrefix(#"class="cell"#) && $0.prefix { $0 != ">" }.contains(#"data-student="\#(student)""#)
                })
            let tag = String(piece.prefix { $0 != ">" })
            let inner = piece.dropFirst(tag.count + 1).components(separatedBy: "</td>")[0]
            let text = inner.replacingOccurrences(of: "<[^>]*>", with: " ", options: .regularExpression)
            return (tag, text.split(separator: " ").joined(separator: " "))
        }
        let ana = try cell("ana")
        let bo = try cell("bo")
        #expect(ana.tag.attribute("data-score") == "0.4" && ana.tag.attribute("data-passed") == "false")
        #expect(ana.tag.attribute("data-level") == "EASY" && ana.tag.attribute("data-value") == "0.4")
        #expect(ana.text.hasPrefix("40%") && ana.text.contains("EASY") && ana.text.contains("fail"), "\(ana.text)")
        #expect(bo.tag.attribute("data-score") == "1" && bo.tag.attribute("data-passed") == "true")
        #expect(bo.text.hasPrefix("100%") && bo.text.contains("HARD") && bo.text.contains("pass"), "\(bo.text)")
        #expect(ana.tag.attribute("style") != bo.tag.attribute("style"), "2/5 and 5/5 must not look alike")
        let cy = try cell("cy")
        #expect(cy.tag.attribute("data-score") == nil && cy.tag.attribute("data-passed") == nil)
        #expect(dom.contains("best score on an activity where the game reports a score"), "the legend says it")
        let log = try Chromium.consoleLog(page)
        #expect(log.isEmpty, "console: \(log)")
    }

    /// One assignment's attempts ran two versions of the game: the page says so, and each
    /// attempt shows its version.
    @Test(.enabled(if: Chromium.path != nil, Chromium.missing))
    func thePageSaysWhichGameVersionsTheAttemptsRan() throws {
        let cli = try ReportGradesTests.school()
        defer { cli.remove() }
        let (first, second) = try ReportGradesTests.versioned(cli)
        let folder = try Edujam.scratchFolder("versions-html")
        defer { try? FileManager.default.removeItem(at: folder) }
        let page = folder.appendingPathComponent("report.html")
        let written = try cli.run(["report", "--class", "3B", "--html", page.path] + ReportGradesTests.games)
        try #require(written.status == 0, "\(written.error)")
        let dom = try Chromium.dumpDOM(page)
        #expect(dom.contains("2 game versions: \(first.prefix(12)) (2 attempts), \(second.prefix(12)) (1 attempt)"))
        #expect(dom.contains(#"<code title="\#(second)">\#(second.prefix(12))</code>"#), "the whole hash on hover")
        #expect(try Chromium.consoleLog(page).isEmpty)
    }

    @Test(.enabled(if: Chromium.path != nil, Chromium.missing))
    func hostileNamesStayText() throws {
        let fixture = try ClassFixture.make()
        defer { fixture.remove() }
        let dom = try Chromium.dumpDOM(fixture.page)
        #expect(!dom.contains("<img"), "no element made from a name")
        #expect(dom.components(separatedBy: "<script").count - 1 == 1, "only the page's own script")
        #expect(dom.contains("&lt;script&gt;alert(\"x\")&lt;/script&gt;"), "the name is shown as text")
        let log = try Chromium.consoleLog(fixture.page)
        #expect(log.isEmpty, "console: \(log)")
    }

    @Test(.enabled(if: Chromium.path != nil, Chromium.missing), arguments: [1280, 390])
    func nothingOverflowsAndChartsShow(width: Int) throws {
        let fixture = try ClassFixture.make()
        defer { fixture.remove() }
        let layout = try Chromium.layout(of: fixture.page, width: width)
        #expect(layout.scrollWidth <= layout.clientWidth, "page wider than the window at \(width)")
        #expect(layout.charts >= 4, "charts: \(layout.charts)")
        #expect(layout.badCharts == 0, "charts cut off or invisible at \(width)")
        let shot = fixture.folder.appendingPathComponent("shot-\(width).png")
        let size = try Chromium.screenshot(fixture.page, to: shot, width: width, height: 800)
        #expect(size == (width, 800))
    }
}

/// A class with three students (two with hostile names), two assignments and some attempts,
/// made through the CLI, and its report as HTML and JSON.
struct ClassFixture {
    let cli: Edujam
    let folder: URL
    let page: URL
    let json: [String: Any]

    static func make() throws -> ClassFixture {
        let cli = Edujam()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("edujam-html-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        func ok(_ words: [String], _ input: String = "") throws {
            let result = try cli.run(words, input: input)
            try #require(result.status == 0, "\(words): \(result.error)")
        }
        try ok(["catalog", "--publish"])
        try ok(["class", "create", "3B"])
        try ok(["class", "add", "3B", "ana", "bo", ReportPageBrowserTests.hostile, ReportPageBrowserTests.imageTrap])
        try ok(["assign", "--class", "3B", "--title", "Sums", "--due", "2099-12-24", "MATH-JAM/LEVEL-1"])
        try ok(["assign", "--class", "3B", "--title", "Words", "WORD-JAM/LEVEL-1"])
        try ok(["play", "--student", "ana", "MATH-JAM/LEVEL-1", "--seed", "3"], String(repeating: "0\n", count: 10))
        try ok(["play", "--student", "bo", "MATH-JAM/LEVEL-1", "--seed", "4"], "0\n0\n")
        try ok(["play", "--student", ReportPageBrowserTests.hostile, "WORD-JAM/LEVEL-1", "--seed", "1"], "x\n")
        let page = folder.appendingPathComponent("report.html")
        try ok(["report", "--class", "3B", "--html", page.path])
        let text = try cli.run(["report", "--class", "3B", "--json"]).output
        let json = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        return ClassFixture(cli: cli, folder: folder, page: page, json: json)
    }

    func remove() {
        cli.remove()
        try? FileManager.default.removeItem(at: folder)
    }
}

/// Headless Chromium (Debian package `chromium`), run as a person's browser would open the file.
enum Chromium {
    static let missing: Comment = "Chromium is not installed (Debian package chromium): browser checks are SKIPPED"

    static let path: String? = ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"]
        .first { FileManager.default.isExecutableFile(atPath: $0) }

    /// The DOM after scripts ran.
    static func dumpDOM(_ page: URL) throws -> String {
        try run(["--dump-dom", page.absoluteString]).output
    }

    /// What the page wrote to the console (errors and anything else).
    static func consoleLog(_ page: URL) throws -> [String] {
        try run(["--enable-logging=stderr", "--v=0", "--dump-dom", page.absoluteString]).error
            .split(separator: "\n").filter { $0.contains(":CONSOLE") }.map(String.init)
    }

    struct Layout: Decodable {
        var scrollWidth: Double, clientWidth: Double, charts: Int, badCharts: Int
    }

    /// Measures the page inside an iframe of the given width: how wide its content is, and
    /// whether every chart is visible and inside the window.
    static func layout(of page: URL, width: Int) throws -> Layout {
        let harness = page.deletingLastPathComponent().appendingPathComponent("harness-\(width).html")
        let script = """
            <!DOCTYPE html><html><body style="margin:0"><iframe id="f" src="\(page.lastPathComponent)" style="width:\(width)px;height:800px;border:0"></iframe>
            <script>
            document.getElementById('f').addEventListener('load', function () {
              var d = this.contentDocument, svgs = d.querySelectorAll('svg.chart'), bad = 0;
              for (var i = 0; i < svgs.length; i++) {
                var r = svgs[i].getBoundingClientRect();
                if (r.width < 100 || r.height <= 0 || r.right > d.documentElement.clientWidth + 0.5) bad++;
              }
              var out = document.createElement('pre'); out.id = 'layout';
              out.textContent = JSON.stringify({scrollWidth: d.documentElement.scrollWidth,
                clientWidth: d.documentElement.clientWidth, charts: svgs.length, badCharts: bad});
              document.body.appendChild(out);
            });
            </script></body></html>
            """
        try script.write(to: harness, atomically: true, encoding: .utf8)
        let dom = try run([
            "--allow-file-access-from-files", "--virtual-time-budget=5000", "--dump-dom", harness.absoluteString,
        ]).output
        guard let start = dom.range(of: #"<pre id="layout">"#),
            let end = dom.range(of: "</pre>", range: start.upperBound..<dom.endIndex)
        else {
            throw BrowserError("the layout harness reported nothing: \(dom.prefix(300))")
        }
        let text = String(dom[start.upperBound..<end.lowerBound]).replacingOccurrences(of: "&quot;", with: "\"")
        return try JSONDecoder().decode(Layout.self, from: Data(text.utf8))
    }

    /// Takes a screenshot; returns its size in pixels, read from the PNG header.
    static func screenshot(_ page: URL, to file: URL, width: Int, height: Int) throws -> (Int, Int) {
        _ = try run([
            "--hide-scrollbars", "--window-size=\(width),\(height)", "--screenshot=\(file.path)", page.absoluteString,
        ])
        let data = try Data(contentsOf: file)
        guard data.count > 24, data.starts(with: [0x89, 0x50, 0x4E, 0x47]) else { throw BrowserError("no PNG written") }
        func be32(_ offset: Int) -> Int { data[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) } }
        return (be32(16), be32(20))
    }

    private static func run(_ arguments: [String]) throws -> (output: String, error: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path ?? "/usr/bin/chromium")
        // As root Chromium needs --no-sandbox; a fresh profile keeps runs independent.
        let profile = FileManager.default.temporaryDirectory.appendingPathComponent("edujam-chromium-\(UUID())")
        defer { try? FileManager.default.removeItem(at: profile) }
        process.arguments =
            ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--user-data-dir=\(profile.path)"]
            + arguments
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let errorData = Locked(Data())
        let reader = Thread { errorData.set(err.fileHandleForReading.readDataToEndOfFile()) }
        reader.start()
        let output = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        while !reader.isFinished { Thread.sleep(forTimeInterval: 0.01) }
        return (String(decoding: output, as: UTF8.self), String(decoding: errorData.get(), as: UTF8.self))
    }

    /// `"` as the DOM serialiser writes it inside an attribute.
    static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "\"", with: "&quot;")
            .replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
    }
}

struct BrowserError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// A value shared with the thread that drains stderr.
final class Locked<Value>: @unchecked Sendable {
    private var value: Value
    private let lock = NSLock()
    init(_ value: Value) { self.value = value }
    func set(_ newValue: Value) {
        lock.lock()
        value = newValue
        lock.unlock()
    }
    func get() -> Value {
        lock.lock()
        defer { lock.unlock() }
        return value
    }
}

extension String {
    /// The value of `name="…"` in this piece of a tag.
    func attribute(_ name: String) -> String? {
        guard let start = range(of: "\(name)=\"") else { return nil }
        return String(self[start.upperBound...].prefix { $0 != "\"" })
    }
}
