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

    /// Every link in the Swift files under `Sources/` and the Markdown files in `docs/`, README
    /// included, of the package at `root`.
    static func links(inPackageAt root: URL) throws -> [DocLink] {
        let files =
            swiftFiles(under: root.appendingPathComponent("Sources"))
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
