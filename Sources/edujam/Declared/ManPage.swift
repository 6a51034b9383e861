/// `edujam.1`, the man page, in roff (man macros), made from the commands' declarations
/// (`edujam __man`; `make install` installs it).
enum ManPage {
    static func roff(_ commands: [CommandDeclaration] = CommandRegistry.declarations) -> String {
        var lines = [
            ".\\\" Made by `edujam __man` from the commands' declarations: edit those, not this.",
            ".TH EDUJAM 1 \"\" \"edujam \(edujamVersion)\" \"User Commands\"",
            ".SH NAME",
            "edujam \\- learning games in the terminal, and what a class did with them",
            ".SH SYNOPSIS",
            ".B edujam",
            ".I command",
            "[\\fIoptions\\fR]",
            ".br",
            ".B edujam",
            ".I command",
            ".B \\-\\-help",
            ".br",
            ".B edujam \\-\\-version",
            ".SH DESCRIPTION",
            "Options take their value as \\fB\\-\\-seed 42\\fR or \\fB\\-\\-seed=42\\fR; \\fB\\-\\-\\fR ends the options.",
            "The full documentation is installed in PREFIX/share/doc/edujam (README.md, docs/).",
            ".SH COMMANDS",
        ]
        for command in commands {
            lines += [".SS \(text(command.name))", ".nf"]
            lines += command.allUsage.map { "edujam " + code($0) }
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
        lines += CommonOptions.declared.flatMap(item)
        lines += [
            ".SH EXIT STATUS",
            "0 done, 1 something failed, 64 a wrong command line; 124, 129, 130 and 143 as in docs/cli.md.",
            ".SH SEE ALSO",
            "The README.md and docs/ of EduJam, docs/cli.md above all.",
        ]
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
