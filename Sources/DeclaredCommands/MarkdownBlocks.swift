import Foundation

/// A Markdown page's generated blocks, made from the declarations: each sits between
/// `<!-- generated: NAME -->` and `<!-- end generated -->`, and is made anew from the program;
/// everything outside them is written by hand.
public enum MarkdownBlocks {
    /// `text` with every block in `blocks` made anew.
    /// - Throws: ``UsageError`` naming a block whose markers are missing.
    public static func rewrite(_ text: String, _ blocks: [(name: String, text: String)]) throws -> String {
        var result = text
        for block in blocks {
            let start = "<!-- generated: \(block.name) -->\n"
            guard let opening = result.range(of: start),
                let closing = result.range(of: "<!-- end generated -->", range: opening.upperBound..<result.endIndex)
            else { throw UsageError("no '<!-- generated: \(block.name) -->' ... '<!-- end generated -->' block") }
            result.replaceSubrange(opening.upperBound..<closing.lowerBound, with: block.text)
        }
        return result
    }

    /// Every command and action: its name, summary, example and docs.
    public static func commandTable(_ program: Program) -> String {
        var rows = ["| command | what it does | example | docs |", "|---|---|---|---|"]
        for command in program.commands {
            rows.append(row(program, command.name, command.summary, command.example, command.docs))
            for action in command.actions {
                rows.append(
                    row(program, "\(command.name) \(action.name)", action.summary, action.example, action.docs))
            }
        }
        return rows.joined(separator: "\n") + "\n"
    }

    private static func row(
        _ program: Program, _ name: String, _ summary: String, _ example: String, _ docs: String
    ) -> String {
        "| `\(name)` | \(cell(summary)) | `\(program.name) \(cell(example))` | \(docs.isEmpty ? "" : "`\(docs)`") |"
    }

    /// The commands by ``CommandDeclaration/group``: a row a group that has any, in the order
    /// given, saying the group in words.
    /// - Parameters:
    ///   - heading: The two columns' headings.
    ///   - groups: Each group's name (as commands declare it) and its words.
    public static func groupTable(
        _ program: Program, heading: (String, String), groups: [(group: String, words: String)]
    ) -> String {
        var rows = ["| \(heading.0) | \(heading.1) |", "|---|---|"]
        for (group, words) in groups {
            let names = program.commands.filter { $0.group == group }.map { "`\($0.name)`" }
            if !names.isEmpty { rows.append("| \(words) | \(names.joined(separator: ", ")) |") }
        }
        return rows.joined(separator: "\n") + "\n"
    }

    /// Each command's synopsis and a table of its own options (not the common ones).
    public static func optionTables(_ program: Program) -> String {
        let common = program.commonOptions.map(\.name)
        return program.commands.map { command in
            var lines = ["#### `\(program.name) \(command.name)`", ""]
            lines += command.allUsage.map { "    \(program.name) \($0)" }
            lines += ["", "| option | does |", "|---|---|"]
            lines += program.allOptions(of: command).filter { !common.contains($0.name) }.map {
                "| `\(cell($0.synopsis))` | \(cell($0.help.replacingOccurrences(of: "\n", with: " "))) |"
            }
            return lines.joined(separator: "\n") + "\n"
        }.joined(separator: "\n")
    }

    /// Text for a table cell: a `|` would end the cell.
    private static func cell(_ text: String) -> String { text.replacingOccurrences(of: "|", with: "\\|") }
}
