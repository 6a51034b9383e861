import Foundation
import Runtime
import Sandbox
import Tracking

/// Loads `game.lua` the way `play` does and turns what goes wrong into findings:
/// runtime errors at load, and every mistake in the declaration.
enum DeclarationCheck {
    /// The declaration, or the findings that kept it from loading.
    static func load(folder: String, gameFile: String) -> (GameDeclaration?, [Finding]) {
        do {
            let declaration = try Catalog.declaration(ofGameIn: folder)
            return (declaration, depthFindings(declaration, file: gameFile))
        } catch GameLoadError.declaration(let error) {
            let line = lineOf(field: error.field, message: error.message, file: gameFile)
            return (
                nil,
                [
                    Finding(
                        .error, file: gameFile, line: line, "\(error.field): \(error.message)",
                        hint: "docs/lua-api.md lists every field of the declaration", check: "declaration")
                ]
            )
        } catch GameLoadError.script(_, let error) {
            return (nil, [scriptFinding(error, folder: folder, fallbackFile: gameFile, check: "load")])
        } catch {
            return (nil, [Finding(.error, file: gameFile, line: nil, "\(error)", check: "load")])
        }
    }

    /// A script error as a finding at its own file and line, with the excerpt below.
    static func scriptFinding(_ error: SandboxError, folder: String, fallbackFile: String, check: String) -> Finding {
        guard let failure = error.failure else {
            return Finding(.error, file: fallbackFile, line: nil, error.description, check: check)
        }
        let file = failure.chunk.flatMap { ErrorExcerpt.sourceFile($0, folder: folder) } ?? fallbackFile
        let detail = ErrorExcerpt.text(for: failure, folder: folder).split(separator: "\n").dropFirst().joined(
            separator: "\n")
        return Finding(.error, file: file, line: failure.line, failure.message, check: check, detail: detail)
    }

    /// Contexts nested deeper than the tracking model allows.
    static func depthFindings(_ declaration: GameDeclaration, file: String, depth: Int = 1, path: String = "")
        -> [Finding]
    {
        if depth > Limits.depth {
            return [
                Finding(
                    .error, file: file, line: nil,
                    "\(path): contexts are nested \(depth) deep; the most is \(Limits.depth) including the game",
                    check: "declaration")
            ]
        }
        return declaration.contexts.enumerated().flatMap { index, child in
            depthFindings(child, file: file, depth: depth + 1, path: path + "contexts[\(index + 1)].")
        }
    }

    /// The line a declaration mistake is on: where its quoted value is, else where its field is set,
    /// else the `return {` that starts the declaration.
    static func lineOf(field: String, message: String, file: String) -> Int? {
        guard let source = try? SourceFile.text(file) else { return nil }
        let lines = source.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let start = declarationStart(lines)
        let parts = message.split(separator: "'", omittingEmptySubsequences: false)
        if parts.count >= 3 {
            let hits = lines[start...].indices.filter {
                lines[$0].contains("\"\(parts[1])\"") || lines[$0].contains("'\(parts[1])'")
            }
            // contexts[2].id: 'LEVEL-1' is used twice -> the second 'LEVEL-1', not the first
            let nth = field.split(separator: "[").last.flatMap { Int($0.prefix { $0.isNumber }) } ?? 1
            if !hits.isEmpty { return hits[min(max(nth, 1), hits.count) - 1] + 1 }
        }
        let key = String(field.split(separator: ".").last ?? "").split(separator: "[").first.map(String.init) ?? ""
        let pattern = try? NSRegularExpression(
            pattern: "(^|[{,;\\s])\(NSRegularExpression.escapedPattern(for: key))\\s*=[^=]")
        if !key.isEmpty, let pattern,
            let i = lines[start...].firstIndex(where: {
                pattern.firstMatch(in: $0, range: NSRange($0.startIndex..., in: $0)) != nil
            })
        {
            return i + 1
        }
        return start + 1
    }

    /// The index of the line the declaration starts on: the last `return {`, or for `return game`
    /// (as `edujam new` writes it, to give the table a type), the `local game =` that builds it.
    static func declarationStart(_ lines: [String]) -> Int {
        guard let last = lines.lastIndex(where: { $0.hasPrefix("return") }) else { return 0 }
        let name = lines[last].dropFirst("return".count).trimmingCharacters(in: .whitespaces)
        guard !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }),
            let built = lines[..<last].lastIndex(where: {
                $0.replacingOccurrences(of: " ", with: "").hasPrefix("local\(name)=")
            })
        else { return last }
        return built
    }

    /// A game that never starts the activity, sets no item, or never finishes.
    static func usageFindings(gameFile: String, tokens: [LuaToken]) -> [Finding] {
        let called = Set(ActivityCallCheck.calls(in: tokens).map(\.name))
        let playLine = tokens.first { $0.isName("play") }?.line
        var findings: [Finding] = []
        if !called.contains("start") {
            findings.append(
                Finding(
                    .error, file: gameFile, line: playLine, "the game never calls activity.start()",
                    hint: "call activity.start() first thing in play, before any other activity function",
                    check: "activity"))
        }
        if called.isDisjoint(with: KnownNames.itemFunctions) {
            findings.append(
                Finding(
                    .error, file: gameFile, line: playLine, "the game never sets an item, so teachers see no result",
                    hint: "report what the student did, e.g. activity.score(\"correct\", right, asked)",
                    check: "activity"))
        }
        if !called.contains("finish") {
            findings.append(
                Finding(
                    .warning, file: gameFile, line: playLine,
                    "the game never calls activity.finish(), so every run ends as quit",
                    hint: "call activity.finish() when the student has played to the end", check: "activity"))
        }
        return findings
    }
}
