import DeclaredCommands
import Testing

/// The machinery on a program that is not EduJam: what a command declares is what its parser
/// takes and what its help, completions, man page and Markdown tables say.
@Suite struct DeclaredCommandsTests {
    static let build = CommandDeclaration(
        "build", summary: "build a thing", example: "build --fast dir", usage: ["build [options] DIR"],
        description: "Builds DIR.", options: [OptionDeclaration("--fast", "go fast")], positional: .directory,
        docs: "docs/build.md", group: "writes")
    static let program = Program(
        name: "tool", version: "1.0", commands: [build],
        commonOptions: [OptionDeclaration("--config", value: "FILE", "the config", kind: .fileOrURL)],
        overviewFooter: "See the docs.", manPage: ManPageText(summary: "a tool"))

    @Test func argumentsTakeDeclaredOptionsAndCommonOnes() throws {
        let arguments = try Arguments(
            ["dir", "--fast", "--config=c", "--", "--x"], options: Self.build.options,
            common: Self.program.commonOptions)
        #expect(arguments.positionals == ["dir", "--x"])
        #expect(arguments.flag("--fast") && arguments.value("--config") == "c")
        #expect(throws: UsageError.self) { try Arguments(["--slow"], options: Self.build.options) }
        let hinted = #expect(throws: UsageError.self) {
            try Arguments(["--fat"], options: Self.build.options, hint: { _, names in " (\(names.joined()))" })
        }
        #expect(hinted?.message == "unknown option '--fat' (--fast)")
        #expect(throws: UsageError.self) {
            try Arguments(["--config"], options: [], common: Self.program.commonOptions)
        }
    }

    @Test func everythingMadeFromTheDeclarationsNamesTheProgramAndItsOptions() throws {
        #expect(Help.overview(of: Self.program).contains("  build   build a thing  tool build --fast dir"))
        let help = Help.command(Self.build, of: Self.program)
        #expect(help.hasPrefix("usage: tool build [options] DIR") && help.contains("--config FILE"))
        for shell in Completions.shells {
            let script = try #require(Completions.script(for: shell, of: Self.program, madeBy: "tool __completions"))
            #expect(script.contains("tool") && script.contains("fast") && !script.contains("edujam"), "\(shell)")
        }
        let roff = ManPage.roff(of: Self.program, madeBy: "tool __man")
        #expect(roff.contains(".TH TOOL 1 \"\" \"tool 1.0\"") && roff.contains("tool \\- a tool"))
        let page = "<!-- generated: commands -->\nold\n<!-- end generated -->\n"
        let made = try MarkdownBlocks.rewrite(page, [("commands", MarkdownBlocks.commandTable(Self.program))])
        #expect(made.contains("| `build` | build a thing | `tool build --fast dir` | `docs/build.md` |"))
        #expect(
            MarkdownBlocks.groupTable(Self.program, heading: ("a", "b"), groups: [("writes", "writes")])
                .contains("| writes | `build` |"))
        #expect(throws: UsageError.self) { try MarkdownBlocks.rewrite("none", [("commands", "")]) }
    }
}
