import Foundation

/// The program's man page (section 1), in roff (man macros), made from its declarations.
public enum ManPage {
    /// The page: NAME, SYNOPSIS, the program's DESCRIPTION, each command with its actions and
    /// options, COMMON OPTIONS, then the program's ending.
    /// - Parameter maker: The command that printed it, for the comment that says not to edit it.
    public static func roff(of program: Program, madeBy maker: String) -> String {
        let name = text(program.name)
        var lines = [
            ".\\\" Made by `\(maker)` from the commands' declarations: edit those, not this.",
            ".TH \(name.uppercased()) 1 \"\" \"\(name) \(program.version)\" \"User Commands\"",
            ".SH NAME",
            "\(name) \\- \(program.manPage.summary)",
            ".SH SYNOPSIS",
            ".B \(name)",
            ".I command",
            "[\\fIoptions\\fR]",
            ".br",
            ".B \(name)",
            ".I command",
            ".B \\-\\-help",
            ".br",
            ".B \(name) \\-\\-version",
            ".SH DESCRIPTION",
        ]
        lines += program.manPage.description
        lines.append(".SH COMMANDS")
        for command in program.commands {
            lines += [".SS \(text(command.name))", ".nf"]
            lines += command.allUsage.map { name + " " + code($0) }
            lines += [".fi", ".PP"]
            lines += paragraphs(command.description)
            for action in command.actions {
                lines += [".TP", ".B \(text(command.name)) \(text(action.name))", text(action.summary)]
            }
            var named: Set<String> = []
            for option in command.options + command.actions.flatMap(\.options) where named.insert(option.name).inserted
            {
                lines += item(option)
            }
        }
        lines.append(".SH COMMON OPTIONS")
        lines += program.commonOptions.flatMap(item)
        lines += program.manPage.ending
        return lines.joined(separator: "\n") + "\n"
    }

    private static func item(_ option: OptionDeclaration) -> [String] {
        let value = option.value.map { " \\fI\(text($0))\\fR" } ?? ""
        return [".TP", "\\fB\(code(option.name))\\fR\(value)"]
            + paragraphs(option.help.replacingOccurrences(of: "\n", with: " "))
    }

    /// Plain text as roff lines: a blank line starts a new paragraph.
    private static func paragraphs(_ prose: String) -> [String] {
        prose.split(separator: "\n", omittingEmptySubsequences: false).map {
            $0.isEmpty ? ".PP" : line(text(String($0)))
        }
    }

    /// Text with roff's escape character written out.
    private static func text(_ plain: String) -> String { plain.replacingOccurrences(of: "\\", with: "\\e") }

    /// A command line: as ``text(_:)``, with each hyphen a minus sign, as options are typed.
    private static func code(_ plain: String) -> String { text(plain).replacingOccurrences(of: "-", with: "\\-") }

    /// A line that roff cannot mistake for a request (one that starts with `.` or `'`).
    private static func line(_ roff: String) -> String {
        roff.hasPrefix(".") || roff.hasPrefix("'") ? "\\&" + roff : roff
    }
}
