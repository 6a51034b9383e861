/// The overview (`PROGRAM help`) and a command's help (`PROGRAM COMMAND --help`), made from the
/// declarations.
public enum Help {
    /// The overview: every command with its summary and an example, then the program's footer.
    public static func overview(of program: Program) -> String {
        let commands = program.commands
        let nameWidth = (commands.map(\.name.count).max() ?? 0) + 3
        let summaryWidth = (commands.map(\.summary.count).max() ?? 0) + 2
        let rows = commands.map {
            "  " + padded($0.name, nameWidth) + padded($0.summary, summaryWidth) + program.name + " " + $0.example
        }
        return """
            usage: \(program.name) <command> [options]

            commands:
            \(rows.joined(separator: "\n"))

            \(program.overviewFooter)
            """
    }

    /// A command's help: its synopsis lines, what it does, its actions and every option it takes.
    public static func command(_ command: CommandDeclaration, of program: Program) -> String {
        var lines = command.allUsage.enumerated().map {
            ($0.offset == 0 ? "usage: " : "       ") + program.name + " " + $0.element
        }
        lines.append(command.description)
        if !command.actions.isEmpty {
            lines.append("actions:")
            lines += table(command.actions.map { (command.name + " " + $0.name, $0.summary) })
        }
        lines.append("options:")
        lines += table(
            program.allOptions(of: command).map {
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
