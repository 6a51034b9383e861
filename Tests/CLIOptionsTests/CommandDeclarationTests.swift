import DeclaredCommands
import Foundation
import Testing

@testable import EdujamCommandLine
@testable import edujam

/// A command is declared once (``CommandDeclaration``); dispatch, help, the completions, the man
/// page and docs/cli.md are made from the declarations, and these tests fail where they disagree.
@Suite struct CommandDeclarationTests {
    /// The repository root: this file is Tests/CLIOptionsTests/CommandDeclarationTests.swift.
    static let root: URL = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        return url
    }()

    let commands = Program.edujam.commands

    /// Every option a command's parser takes, the common ones included.
    func parsed(_ command: CommandDeclaration) -> Set<String> { Set(command.allOptions.map(\.name)) }

    @Test func everyCommandIsDispatchedByItsNameAndListedInTheOverview() {
        let names = commands.map(\.name)
        #expect(Set(names).count == names.count, "two commands of one name")
        #expect(
            Set(CommandRegistry.all.map { $0.declaration.name }) == Set(names), "a command runs but is not declared")
        let overview = Help.overview(of: Program.edujam)
        for command in commands {
            #expect(CommandRegistry.command(named: command.name)?.declaration.name == command.name)
            let row = overview.split(separator: "\n").first { $0.hasPrefix("  \(command.name) ") } ?? ""
            #expect(row.contains(command.summary) && row.hasSuffix("edujam \(command.example)"), "\(row)")
        }
        #expect(!overview.contains("__"), "the hidden commands are for make, not people")
    }

    @Test func helpShowsEverySynopsisActionAndOptionDeclared() {
        for command in commands {
            let help = Help.command(command, of: Program.edujam)
            #expect(help.hasPrefix("usage: edujam \(command.allUsage[0])"), "\(command.name)")
            for line in command.allUsage { #expect(help.contains("edujam \(line)"), "\(command.name): \(line)") }
            for action in command.actions { #expect(help.contains("  \(command.name) \(action.name) ")) }
            for option in command.allOptions {
                #expect(help.contains("  \(option.synopsis)  "), "\(command.name) --help lacks \(option.synopsis)")
            }
        }
    }

    @Test func synopsesNameOnlyDeclaredOptions() {
        for command in commands {
            for line in command.allUsage {
                for option in Self.options(in: line) {
                    #expect(parsed(command).contains(option), "\(command.name)'s synopsis names \(option)")
                }
            }
        }
    }

    @Test func everyActionIsOneItsCommandParses() throws {
        // An action's options are a subset of what its command's parser takes, or (class import)
        // its own parser's: each action's options are parsed somewhere, never only declared.
        for command in commands {
            for action in command.actions where action.name != "import" {
                for option in action.options {
                    #expect(command.options.map(\.name).contains(option.name), "\(command.name) \(action.name)")
                }
            }
        }
    }

    /// Each declared option is read by the command's parser (the options type that declares it in
    /// EdujamCommandLine, and the shared parsers it calls): declared, never parsed fails.
    @Test func everyDeclaredOptionIsReadByItsParser() throws {
        let sources = Self.root.appendingPathComponent("Sources/EdujamCommandLine")
        let files = try FileManager.default.contentsOfDirectory(atPath: sources.path).filter { $0.hasSuffix(".swift") }
        // Each file without its options' declarations (`OptionDeclaration("--name"`): what is left reads them.
        let declared = try NSRegularExpression(pattern: #"OptionDeclaration\(\s*"--[a-z-]+""#)
        let texts = try files.map { file in
            let text = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
            let whole = NSRange(text.startIndex..., in: text)
            return (text, declared.stringByReplacingMatches(in: text, range: whole, withTemplate: ""))
        }
        for command in commands {
            for declaration in [command] + command.actions where !declaration.options.isEmpty {
                // `class import` has a parser of its own; every other action is its command's.
                let name = declaration.name == "import" ? "import" : command.name
                let opening = try NSRegularExpression(
                    pattern: #"static let declaration = CommandDeclaration\(\s*""# + name + #"""#)
                guard
                    let parser = texts.first(where: {
                        opening.firstMatch(in: $0.0, range: NSRange($0.0.startIndex..., in: $0.0)) != nil
                    })?.1
                else {
                    Issue.record("no options type declares \(name)")
                    continue
                }
                // The shared parsers it calls (`JobsOption.parse`, `CheckOptions(arguments)` for
                // `publish`, which takes check's options) and those they call, never a command's
                // declaration.
                var helpers: [String] = []
                var callers = [parser]
                while let caller = callers.popLast() {
                    for (_, text) in texts
                    where text != parser && !helpers.contains(text)
                        && Self.typeNames(in: text).contains(where: {
                            caller.contains("\($0).") || caller.contains("\($0)(")
                        })
                    {
                        helpers.append(text)
                        callers.append(text)
                    }
                }
                for option in declaration.options {
                    let literal = "\"\(option.name)\""
                    guard !parser.contains(literal), !helpers.contains(where: { $0.contains(literal) }) else {
                        continue
                    }
                    Issue.record("\(command.name) declares \(option.name) but its parser never reads it")
                }
            }
        }
    }

    @Test func completionsOfferEveryCommandActionAndOption() throws {
        for shell in Completions.shells {
            let script = try #require(
                Completions.script(for: shell, of: Program.edujam, madeBy: "edujam __completions"))
            for command in commands {
                #expect(script.contains(command.name), "\(shell): \(command.name)")
                for action in command.actions { #expect(script.contains(action.name), "\(shell): \(action.name)") }
            }
            for (words, leaf) in Completions.leaves(commands) {
                for option in leaf.options + CommonOptions.declared {
                    let spelled = shell == "fish" ? "-l \(option.name.dropFirst(2))" : option.name
                    #expect(script.contains(spelled), "\(shell): \(words) \(option.name)")
                }
            }
        }
        #expect(Completions.script(for: "tcsh", of: Program.edujam, madeBy: "edujam __completions") == nil)
    }

    @Test func manPageHasEveryCommandAndOption() {
        let roff = ManPage.roff(of: Program.edujam, madeBy: "edujam __man")
        #expect(roff.contains("\n.TH EDUJAM 1 "))
        for command in commands {
            #expect(roff.contains(".SS \(command.name)\n"))
            for option in command.allOptions {
                #expect(roff.contains(option.name.replacingOccurrences(of: "-", with: "\\-")), "\(option.name)")
            }
        }
    }

    @Test func docsCLIBlocksAreTheDeclarations() throws {
        let text = try String(contentsOf: Self.root.appendingPathComponent("docs/cli.md"), encoding: .utf8)
        #expect(try CLIDocs.rewrite(text) == text, "docs/cli.md's generated blocks are stale: run `make docs`")
        // A command declared but not in the docs is a difference.
        let extra = CommandDeclaration("extra", summary: "s", example: "extra", usage: ["extra"], description: "d")
        #expect(try CLIDocs.rewrite(text, Program.edujam.with(commands: commands + [extra])) != text)
        #expect(throws: UsageError.self) { try CLIDocs.rewrite("no blocks here") }
    }

    /// The hand-written table in docs/cli.md names commands and options too: only declared ones.
    @Test func docsCLIHandWrittenTableNamesOnlyDeclaredOptions() throws {
        let text = try String(contentsOf: Self.root.appendingPathComponent("docs/cli.md"), encoding: .utf8)
        let byName = Dictionary(uniqueKeysWithValues: commands.map { ($0.name, $0) })
        var checked = 0
        for row in text.split(separator: "\n") where row.hasPrefix("| `") {
            let first = String(row.dropFirst(2).prefix { $0 != "|" })
            for cell in first.split(separator: "`", omittingEmptySubsequences: false).enumerated().filter({
                $0.offset % 2 == 1
            }).map(\.element) {
                guard let word = cell.split(separator: " ").first, let command = byName[String(word)] else { continue }
                checked += 1
                for option in Self.options(in: String(cell)) {
                    #expect(parsed(command).contains(option), "docs/cli.md: `\(cell)` names \(option)")
                }
            }
        }
        #expect(checked > 15)
    }

    /// `--name` words in `text`.
    static func options(in text: String) -> [String] {
        text.split(whereSeparator: { " []|,.;:()".contains($0) }).map(String.init).filter {
            $0.hasPrefix("--") && $0.count > 2
        }
    }

    /// The types a Swift file declares.
    static func typeNames(in text: String) -> [String] {
        text.split(separator: "\n").compactMap { line in
            let words = Array(line.split(separator: " ").drop { $0 == "public" })
            guard words.count >= 2, ["enum", "struct"].contains(words[0]) else { return nil }
            return String(words[1].prefix { $0.isLetter || $0.isNumber })
        }
    }
}
