import Foundation

/// docs/cli.md's generated blocks, made from the commands' declarations: each sits between
/// `<!-- generated: NAME -->` and `<!-- end generated -->`, and `make docs` (`edujam __docs
/// docs/cli.md`) rewrites them; everything outside them is written by hand.
enum CLIDocs {
    /// Each block's name and what it holds.
    static func blocks(_ commands: [CommandDeclaration] = CommandRegistry.declarations) -> [(
        name: String, text: String
    )] {
        [
            ("commands", commandTable(commands)), ("games-folder", gamesFolderTable(commands)),
            ("options", optionTables(commands)),
        ]
    }

    /// `text` with every generated block made anew.
    /// - Throws: ``UsageError`` naming a block whose markers are missing.
    static func rewrite(_ text: String, _ commands: [CommandDeclaration] = CommandRegistry.declarations) throws
        -> String
    {
        var result = text
        for block in blocks(commands) {
            let start = "<!-- generated: \(block.name) -->\n"
            guard let opening = result.range(of: start),
                let closing = result.range(of: "<!-- end generated -->", range: opening.upperBound..<result.endIndex)
            else { throw UsageError("no '<!-- generated: \(block.name) -->' ... '<!-- end generated -->' block") }
            result.replaceSubrange(opening.upperBound..<closing.lowerBound, with: block.text)
        }
        return result
    }

    private static func commandTable(_ commands: [CommandDeclaration]) -> String {
        var rows = ["| command | what it does | example | docs |", "|---|---|---|---|"]
        for command in commands {
            rows.append(row(command.name, command.summary, command.example, command.docs))
            for action in command.actions {
                rows.append(row("\(command.name) \(action.name)", action.summary, action.example, action.docs))
            }
        }
        return rows.joined(separator: "\n") + "\n"
    }

    private static func row(_ name: String, _ summary: String, _ example: String, _ docs: String) -> String {
        "| `\(name)` | \(cell(summary)) | `edujam \(cell(example))` | \(docs.isEmpty ? "" : "`\(docs)`") |"
    }

    /// Which commands read the games folder, by ``CommandDeclaration/gamesFolder``.
    private static func gamesFolderTable(_ commands: [CommandDeclaration]) -> String {
        var rows = ["| the games folder is | by |", "|---|---|"]
        for use in GamesFolderUse.allCases {
            let names = commands.filter { $0.gamesFolder == use }.map { "`\($0.name)`" }
            if !names.isEmpty { rows.append("| \(words(use)) | \(names.joined(separator: ", ")) |") }
        }
        return rows.joined(separator: "\n") + "\n"
    }

    private static func words(_ use: GamesFolderUse) -> String {
        switch use {
        case .none: "not read: the store names the collection, so they work in any folder"
        case .reads: "read: without one they stop and say where they looked"
        case .whenNotInStore: "read only for a game the store does not have"
        case .writes: "where the new game is made"
        }
    }

    private static func optionTables(_ commands: [CommandDeclaration]) -> String {
        commands.map { command in
            var lines = ["#### `edujam \(command.name)`", ""]
            lines += command.allUsage.map { "    edujam \($0)" }
            lines += ["", "| option | does |", "|---|---|"]
            lines += command.allOptions.filter { !CommonOptions.declared.map(\.name).contains($0.name) }.map {
                "| `\(cell($0.synopsis))` | \(cell($0.help.replacingOccurrences(of: "\n", with: " "))) |"
            }
            return lines.joined(separator: "\n") + "\n"
        }.joined(separator: "\n")
    }

    /// Text for a table cell: a `|` would end the cell.
    private static func cell(_ text: String) -> String { text.replacingOccurrences(of: "|", with: "\\|") }
}
