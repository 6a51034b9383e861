/// A command-line program as its declarations: its name, its commands and the options every
/// command takes. Help, the completions, the man page and the docs' tables are made from it, so
/// a command declared once is described the same way everywhere.
///
/// ```swift
/// let program = Program(name: "tool", version: "1.0", commands: [build.declaration], commonOptions: [])
/// print(Help.overview(of: program))
/// ```
public struct Program: Sendable {
    /// The program's name, as typed (`edujam`).
    public let name: String
    /// Its version, for the man page's header.
    public let version: String
    /// Every command, in the order the overview lists them.
    public let commands: [CommandDeclaration]
    /// The options every command's parser takes besides its own.
    public let commonOptions: [OptionDeclaration]
    /// The overview's last lines, after the command table.
    public let overviewFooter: String
    /// What the man page says besides the commands.
    public let manPage: ManPageText

    public init(
        name: String, version: String, commands: [CommandDeclaration], commonOptions: [OptionDeclaration],
        overviewFooter: String = "", manPage: ManPageText = ManPageText()
    ) {
        self.name = name
        self.version = version
        self.commands = commands
        self.commonOptions = commonOptions
        self.overviewFooter = overviewFooter
        self.manPage = manPage
    }

    /// The same program with other commands (a test's).
    public func with(commands: [CommandDeclaration]) -> Program {
        Program(
            name: name, version: version, commands: commands, commonOptions: commonOptions,
            overviewFooter: overviewFooter, manPage: manPage)
    }

    /// Every option `command`'s `--help` lists: its own, its actions', then the common ones.
    public func allOptions(of command: CommandDeclaration) -> [OptionDeclaration] {
        command.allOptions(common: commonOptions)
    }
}

/// The man page's prose around the commands, as roff lines (``ManPage``).
public struct ManPageText: Sendable {
    /// The one line of the NAME section after the program's name and `\-`.
    public let summary: String
    /// The DESCRIPTION section's lines, in roff.
    public let description: [String]
    /// Everything after COMMON OPTIONS (EXIT STATUS, SEE ALSO, ...), in roff.
    public let ending: [String]

    public init(summary: String = "", description: [String] = [], ending: [String] = []) {
        self.summary = summary
        self.description = description
        self.ending = ending
    }
}
