/// `edujam help` and `edujam COMMAND --help`, made from the commands' declarations.
enum Help {
    /// The overview: every command with its summary and an example.
    static func overview(_ commands: [CommandDeclaration] = CommandRegistry.declarations) -> String {
        let nameWidth = (commands.map(\.name.count).max() ?? 0) + 3
        let summaryWidth = (commands.map(\.summary.count).max() ?? 0) + 2
        let rows = commands.map {
            "  " + padded($0.name, nameWidth) + padded($0.summary, summaryWidth) + "edujam " + $0.example
        }
        return """
            usage: edujam <command> [options]

            commands:
            \(rows.joined(separator: "\n"))

            Run `edujam <command> --help` for a command's options, `edujam --version` for the version.
            Docs: README.md, docs/ (installed: PREFIX/share/doc/edujam).
            """
    }

    /// A command's help: its synopsis lines, what it does, its actions and every option it takes.
    static func command(_ command: CommandDeclaration) -> String {
        var lines = command.allUsage.enumerated().map {
            ($0.offset == 0 ? "usage: " : "       ") + "edujam " + $0.element
        }
        lines.append(command.description)
        if !command.actions.isEmpty {
            lines.append("actions:")
            lines += table(command.actions.map { (command.name + " " + $0.name, $0.summary) })
        }
        lines.append("options:")
        lines += table(
            command.allOptions.map {
                ($0.synopsis, [$0.help, $0.onThisMachine].compactMap { $0 }.joined(separator: "\n"))
            })
        return lines.joined(separator: "\n")
    }

    /// Two columns, the second starting where the widest first one ends, continuation lines under it.
    private static func table(_ rows: [(String, String)]) -> [String] {
        let width = (rows.map(\.0.count).max() ?? 0) + 2
        return rows.flatMap { name, text in
            text.split(separator: "\n", omittingEmptySubsequences: false).enumerated().map {
                "  " + padded($0.offset == 0 ? name : "", width) + $0.element
            }
        }
    }

    private static func padded(_ text: String, _ width: Int) -> String {
        text + String(repeating: " ", count: max(1, width - text.count))
    }
}
