import Foundation
import Testing

/// The docs are a manual and the code says what is and why: neither cites the tracker ("issue 27")
/// nor the team's work sessions ("round three's seventh pass"), which a reader of the repository
/// cannot look up and which say when, not why. And a figure in the docs that is a documented limit
/// names the constant, so a changed limit is found by its name.
@Suite struct ManualTests {
    /// One place that cites the tracker or a work session, or states a limit without its name.
    struct Finding: Equatable, CustomStringConvertible {
        var file: String
        var line: Int
        var text: String

        var description: String { "\(file):\(line): \(text)" }
    }

    /// A citation of the tracker (`issue 29`, `issue #27`) or of a round or pass of the team's work.
    static let citation =
        #"(?i)\bissues? ?#?[0-9]+|\bround (one|two|three|four|five|six)\b|\bpass[- ]by[- ]pass\b|\b(first|second|"#
        + #"third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|eleventh|twelfth|thirteenth|fourteenth|"#
        + #"fifteenth|sixteenth|seventeenth|eighteenth|nineteenth|twentieth) pass\b"#

    /// A limit the docs state: the member that holds it, and the figure as prose writes it when it
    /// speaks of that limit.
    struct StatedLimit: Sendable {
        var name: String
        var figure: String

        /// The figure, matched as a whole number or size: `10,000 attempts` but not `110,000 attempts`.
        var expression: NSRegularExpression { try! NSRegularExpression(pattern: #"(?<![0-9.,])"# + figure) }
    }

    /// The limits of `Tracking/Limits` and `Sandbox/SandboxLimits` the docs speak of, each with
    /// its value written as the docs write it (the test `theStatedValuesAreTheLimits` keeps them
    /// equal to the code).
    static let limits: [StatedLimit] = [
        StatedLimit(name: "attemptsPerStudent", figure: #"10,000 attempts"#),
        StatedLimit(name: "attemptsReadPerStudent", figure: #"2,000 (of a student's )?attempts"#),
        StatedLimit(name: "bytesPerStudent", figure: #"512 MiB"#),
        StatedLimit(name: "eventsPerAttempt", figure: #"1,000 events"#),
        StatedLimit(name: "replayRecordBytes", figure: #"1 MiB replay record"#),
        StatedLimit(name: "progressRanges", figure: #"10,000 (disjoint )?(progress )?ranges"#),
        StatedLimit(name: "memory", figure: #"32 MiB"#),
    ]

    static var packageRoot: URL { DocLinkTests.packageRoot }

    /// The files whose text is checked for citations: README.md, the docs, the bench's manual, the
    /// sources and tests (but this file, which plants them), the Makefile and the CI scripts.
    static func citationFiles() -> [String] {
        let own = "Tests/DocsTests/ManualTests.swift"
        let texts: Set<String> = ["swift", "md", "c", "h", "lua", "play", "mk", "txt", "sql", "py", "sh", ""]
        let folders = ["docs", "Sources", "Tests", ".ci"].flatMap { files(under: $0) }
        return (["README.md", "bench/README.md", "Makefile"] + folders).filter {
            $0 != own && texts.contains(($0 as NSString).pathExtension)
        }
    }

    /// The Markdown files whose figures are checked against the limits: README.md and docs/.
    static func manualFiles() -> [String] {
        ["README.md"] + files(under: "docs").filter { $0.hasSuffix(".md") }
    }

    @Test func noFileCitesTheTrackerOrAWorkSession() throws {
        let files = Self.citationFiles()
        #expect(files.count > 300, "the sources, tests and docs are found")
        let found = try files.flatMap { Self.citations(in: try Self.read($0), file: $0) }
        #expect(
            found.isEmpty,
            """
            say what is and why, not which issue or pass brought it (history is in git):
            \(found.map(\.description).joined(separator: "\n"))
            """)
    }

    @Test func everyFigureThatIsALimitNamesIt() throws {
        let found = try Self.manualFiles().flatMap { Self.unnamedLimits(in: try Self.read($0), file: $0) }
        #expect(
            found.isEmpty,
            """
            a figure that is a limit names its constant (`Limits.attemptsPerStudent`), so a changed \
            limit is found by its name:
            \(found.map(\.description).joined(separator: "\n"))
            """)
    }

    /// Each figure above is the value of the constant it names, read from the source.
    @Test func theStatedValuesAreTheLimits() throws {
        let code = try Self.read("Sources/Tracking/Limits.swift") + Self.read("Sources/Sandbox/SandboxLimits.swift")
        let values = [
            "attemptsPerStudent": "10_000", "attemptsReadPerStudent": "2_000", "bytesPerStudent": "512 << 20",
            "eventsPerAttempt": "1_000", "replayRecordBytes": "1 << 20", "progressRanges": "10_000",
            "memory": "32 << 20",
        ]
        #expect(Set(values.keys) == Set(Self.limits.map(\.name)))
        for (name, value) in values {
            #expect(
                code.contains("static let \(name) = \(value)") || code.contains("var \(name): Int = \(value)"),
                "\(name) is \(value): change the figure in ManualTests.limits with it")
        }
    }

    /// Every section a file points to by its title (`docs/admin.md`, "Backups") is a heading, or
    /// a bold paragraph title, of that page: a section moved to another page leaves no pointer
    /// behind.
    @Test func everySectionReferenceNamesASectionOfItsPage() throws {
        var titles: [String: [String]] = [:]
        for page in Self.manualFiles() + ["bench/README.md"] {
            titles[page] = Self.sectionTitles(of: try Self.read(page))
        }
        var found: [Finding] = []
        for file in Self.citationFiles() {
            for reference in Self.sectionReferences(in: try Self.read(file), file: file) {
                let (page, title) = reference.target
                guard let known = titles[page] else {
                    found.append(Finding(file: file, line: reference.line, text: "no page \(page)"))
                    continue
                }
                if !known.contains(where: { $0.hasPrefix(title) }) {
                    found.append(Finding(file: file, line: reference.line, text: "\(page) has no section \"\(title)\""))
                }
            }
        }
        #expect(
            found.isEmpty,
            "sections that are not where they are said to be:\n\(found.map(\.description).joined(separator: "\n"))")
    }

    @Test func aPlantedReferenceToAMovedSectionIsFound() {
        let titles = Self.sectionTitles(of: "# Admin\n\n## Backups\n\n**Trying a change.** Play it.\n")
        #expect(titles == ["Admin", "Backups", "Trying a change"])
        let source = #"""
            /// See `docs/admin.md`, "Backups", and (docs/admin.md, \"Trying a change\").
            hint: "docs/admin.md, \"Teachers\""
            """#
        let references = Self.sectionReferences(in: source, file: "Planted.swift")
        #expect(references.map(\.target.title) == ["Backups", "Trying a change", "Teachers"])
        #expect(references.filter { r in !titles.contains { $0.hasPrefix(r.target.title) } }.map(\.line) == [2])
    }

    @Test func aPlantedCitationIsFound() {
        let text = """
            Saves are prepared when the store opens (issue 29, round three's seventh pass).
            A pass over the rows joins them; both pass the check.
            See Issue #27.
            """
        #expect(Self.citations(in: text, file: "planted.md").map(\.line) == [1, 3])
    }

    @Test func aPlantedLimitWithoutItsNameIsFound() {
        let text = """
            A student keeps at most 10,000 attempts
            on the school's store.

            At most `Limits.attemptsPerStudent` (10,000 attempts) are kept.

            | 110,000 attempts | a bench row |

            ```
            10,000 attempts in a fence are output, not prose
            ```
            """
        #expect(Self.unnamedLimits(in: text, file: "planted.md").map(\.line) == [1])
    }

    /// The headings of a Markdown page, and its bold paragraph titles (`**Which version counts.**`),
    /// without their marks and code spans' backticks.
    static func sectionTitles(of markdown: String) -> [String] {
        var titles: [String] = []
        var inFence = false
        for line in markdown.split(separator: "\n") {
            if line.hasPrefix("```") { inFence.toggle() }
            if inFence { continue }
            if line.hasPrefix("#") {
                titles.append(
                    line.drop { $0 == "#" }.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: "`", with: "")
                )
            }
            for match in line.matches(of: #/\*\*([^*]+?)\.?\*\*/#) { titles.append(String(match.1)) }
        }
        return titles
    }

    /// A page and a section title a text points to, and on which line.
    struct SectionReference {
        var line: Int
        var target: (page: String, title: String)
    }

    /// The references `docs/PAGE.md`, "Title" in `text` (also in a Swift string, its quotes escaped).
    static func sectionReferences(in text: String, file: String) -> [SectionReference] {
        let pattern = #"((?:docs/[A-Za-z/-]+|README|bench/README)\.md)`?, \\?"([^"\\\n]+)\\?""#
        return matches(pattern, in: text).map { SectionReference(line: $0.line, target: ($0.groups[0], $0.groups[1])) }
    }

    /// The lines of `text` that cite the tracker or a work session.
    static func citations(in text: String, file: String) -> [Finding] {
        var lines: [Int: String] = [:]
        for match in matches(citation, in: text) { lines[match.line] = match.text }
        return lines.sorted { $0.key < $1.key }.map { Finding(file: file, line: $0.key, text: $0.value) }
    }

    /// Each match of `pattern` in `text`, in order: its line (from 1), that line's text and its
    /// capture groups. One pass of Foundation's matcher over the whole text, not one per line.
    static func matches(_ pattern: String, in text: String) -> [(line: Int, text: String, groups: [String])] {
        let expression = try! NSRegularExpression(pattern: pattern)
        let whole = text as NSString
        var line = 1
        var scanned = 0
        return expression.matches(in: text, range: NSRange(location: 0, length: whole.length)).map { match in
            let before = whole.substring(with: NSRange(location: scanned, length: match.range.location - scanned))
            line += before.utf16.filter { $0 == 10 }.count
            scanned = match.range.location
            let groups = (1..<match.numberOfRanges).map { index in
                match.range(at: index).location == NSNotFound ? "" : whole.substring(with: match.range(at: index))
            }
            let lineText = whole.substring(
                with: whole.lineRange(for: NSRange(location: match.range.location, length: 0)))
            return (line, lineText.trimmingCharacters(in: .newlines), groups)
        }
    }

    /// The lines of the Markdown `text` that state a limit's figure in a paragraph (or table row)
    /// that does not name it; code fences are left out.
    static func unnamedLimits(in text: String, file: String) -> [Finding] {
        var found: [Finding] = []
        let expressions = limits.map { ($0, $0.expression) }
        func states(_ text: String, _ expression: NSRegularExpression) -> Bool {
            expression.firstMatch(in: text, range: NSRange(location: 0, length: (text as NSString).length)) != nil
        }
        for paragraph in paragraphs(of: text) {
            let whole = paragraph.map(\.text).joined(separator: " ")
            for (limit, expression) in expressions where states(whole, expression) && !whole.contains(limit.name) {
                let line = paragraph.first { states($0.text, expression) } ?? paragraph[0]
                found.append(Finding(file: file, line: line.number, text: "\(limit.name): \(line.text)"))
            }
        }
        return found
    }

    /// Paragraphs (lines between blank lines), each table row one of its own, without code fences.
    static func paragraphs(of text: String) -> [[(number: Int, text: String)]] {
        var result: [[(number: Int, text: String)]] = [[]]
        var inFence = false
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("```") {
                inFence.toggle()
                result.append([])
            } else if inFence || trimmed.isEmpty {
                result.append([])
            } else if trimmed.hasPrefix("|") {
                result += [[(index + 1, String(line))], []]
            } else {
                result[result.count - 1].append((index + 1, String(line)))
            }
        }
        return result.filter { !$0.isEmpty }
    }

    /// The file's text; bytes that are not UTF-8 (a binary fixture) are replaced, not refused.
    private static func read(_ relative: String) throws -> String {
        String(decoding: try Data(contentsOf: packageRoot.appendingPathComponent(relative)), as: UTF8.self)
    }

    /// Every regular file under `folder`, as a path relative to the package root.
    private static func files(under folder: String) -> [String] {
        let root = packageRoot.appendingPathComponent(folder)
        let walk = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isRegularFileKey])
        let urls = (walk?.allObjects as? [URL] ?? []).filter {
            (try? $0.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true
        }
        let prefix = root.standardizedFileURL.path.count + 1
        return urls.map { folder + "/" + String($0.standardizedFileURL.path.dropFirst(prefix)) }.sorted()
    }
}
