import Foundation

/// A ``Symbol/path`` link in a doc comment (`///`) or a Markdown doc, and where it is.
struct DocLink: Equatable, CustomStringConvertible {
    var file: String
    var line: Int
    var text: String

    var description: String { "\(file):\(line): ``\(text)``" }

    /// The links in `source`: in a Swift file, those on `///` lines; in Markdown, all of them.
    /// Code fences and inline code in single backticks are not links.
    static func links(in source: String, file: String) -> [DocLink] {
        let isSwift = file.hasSuffix(".swift")
        var found: [DocLink] = []
        for (index, line) in source.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if isSwift && !line.trimmingCharacters(in: .whitespaces).hasPrefix("///") { continue }
            for text in linkTexts(in: line) { found.append(DocLink(file: file, line: index + 1, text: text)) }
        }
        return found
    }

    /// The texts between pairs of double backticks on one line; a fence (three backticks) or a
    /// text with a space or a backtick in it is not a symbol link.
    static func linkTexts(in line: Substring) -> [String] {
        let pieces = line.components(separatedBy: "``")
        guard pieces.count > 2 else { return [] }
        return stride(from: 1, to: pieces.count - 1, by: 2).map { pieces[$0] }.filter { text in
            !text.isEmpty && !text.contains("`") && !text.contains(where: \.isWhitespace)
        }
    }

    /// The dotted names in a Markdown doc's inline code (`Limits.title`, `Sandbox.call(_:field:)`),
    /// outside code fences: a type, then a member, as prose names a symbol. Left out: file names
    /// (`Package.swift`), ClassKit's own names (`CLS...`, which the docs compare against), test
    /// suites (`...Tests`, not in the modules' graphs), other languages' names (an underscore:
    /// Python's `model_validate`), codes in capitals (`PT2M15.5S`), and members every Swift type
    /// may have (`ItemKind.allCases.count` is checked as `ItemKind`).
    static func codeNames(in markdown: String, file: String) -> [DocLink] {
        var found: [DocLink] = []
        var inFence = false
        for (index, line) in markdown.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if line.trimmingCharacters(in: .whitespaces).hasPrefix("```") { inFence.toggle() }
            if inFence { continue }
            let spans = line.components(separatedBy: "`")
            for span in stride(from: 1, to: spans.count - 1, by: 2).map({ spans[$0] }) where isCodeName(span) {
                found.append(DocLink(file: file, line: index + 1, text: withoutStandardMembers(span)))
            }
        }
        return found
    }

    /// Members the standard library gives a type, which no symbol graph of the package lists.
    static let standardMembers: Set<String> = ["allCases", "count", "rawValue", "description"]

    static func isCodeName(_ span: String) -> Bool {
        let parts = span.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count > 1, let first = parts.first?.first, first.isUppercase else { return false }
        if ["swift", "md", "sql", "json", "lua", "play", "c", "h"].contains(parts.last) { return false }
        if parts[0].hasPrefix("CLS") || parts[0].hasSuffix("Tests") || !parts[0].contains(where: \.isLowercase) {
            return false
        }
        return parts.allSatisfy { part in
            let name = part.prefix { $0 != "(" }
            let labels = part.dropFirst(name.count)
            return !name.isEmpty && name.allSatisfy { $0.isLetter || $0.isNumber }
                && (labels.isEmpty
                    || (labels.hasSuffix(")") && labels.allSatisfy { $0.isLetter || "_:()".contains($0) }))
        }
    }

    static func withoutStandardMembers(_ span: String) -> String {
        var parts = span.split(separator: ".").map(String.init)
        while parts.count > 1, let last = parts.last, standardMembers.contains(last) { parts.removeLast() }
        return parts.joined(separator: ".")
    }

    /// Every dotted code name in `docs/*.md` and README.md of the package at `root`.
    static func codeNames(inPackageAt root: URL) throws -> [DocLink] {
        let files = markdownFiles(in: root.appendingPathComponent("docs")) + [root.appendingPathComponent("README.md")]
        return try files.flatMap { file in
            let relative = String(file.path.dropFirst(root.path.count + 1))
            return codeNames(in: try String(contentsOf: file, encoding: .utf8), file: relative)
        }
    }

    /// Every link in the Swift files under `Sources/` and `Tests/` (but this suite's own, which
    /// plants broken ones) and the Markdown files in `docs/`, README included, of the package at
    /// `root`.
    static func links(inPackageAt root: URL) throws -> [DocLink] {
        let ownFixtures = root.appendingPathComponent("Tests/DocsTests").path
        let tests = swiftFiles(under: root.appendingPathComponent("Tests")).filter { !$0.path.hasPrefix(ownFixtures) }
        let files =
            swiftFiles(under: root.appendingPathComponent("Sources")) + tests
            + markdownFiles(in: root.appendingPathComponent("docs")) + [root.appendingPathComponent("README.md")]
        return try files.flatMap { file in
            let relative = String(file.path.dropFirst(root.path.count + 1))
            return links(in: try String(contentsOf: file, encoding: .utf8), file: relative)
        }
    }

    private static func swiftFiles(under folder: URL) -> [URL] {
        let walk = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)
        return (walk?.allObjects as? [URL] ?? []).filter { $0.pathExtension == "swift" }.sorted { $0.path < $1.path }
    }

    private static func markdownFiles(in folder: URL) -> [URL] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix(".md") }.sorted().map { folder.appendingPathComponent($0) }
    }
}
