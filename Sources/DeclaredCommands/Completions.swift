import Foundation

/// Shell completions for bash, zsh and fish, made from the program's declarations.
public enum Completions {
    /// The shells there is a script for.
    public static let shells = ["bash", "zsh", "fish"]

    /// The script for `shell`, or nil for a shell there is none for.
    /// - Parameter maker: The command that prints it, without the shell's name, for the script's
    ///   first comment.
    public static func script(for shell: String, of program: Program, madeBy maker: String) -> String? {
        switch shell {
        case "bash": return bash(program, maker)
        case "zsh": return zsh(program, maker)
        case "fish": return fish(program, maker)
        default: return nil
        }
    }

    /// A command and each of its actions as what completion tells apart: `play`, `class create`.
    public static func leaves(_ commands: [CommandDeclaration]) -> [(words: String, declaration: CommandDeclaration)] {
        commands.flatMap { command in
            command.actions.isEmpty
                ? [(command.name, command)] : command.actions.map { ("\(command.name) \($0.name)", $0) }
        }
    }

    /// The options completion offers after `leaf`: its own and the common ones.
    private static func options(of leaf: CommandDeclaration, _ program: Program) -> [OptionDeclaration] {
        leaf.options + program.commonOptions
    }

    // MARK: bash

    private static func bash(_ program: Program, _ maker: String) -> String {
        let (name, commands) = (program.name, program.commands)
        let withActions = commands.filter { !$0.actions.isEmpty }
        let actionCases = withActions.map {
            "        \($0.name)) actions=\"\($0.actions.map(\.name).joined(separator: " "))\" ;;"
        }
        let leafCases = leaves(commands).map { words, leaf in
            let values = options(of: leaf, program).filter { !$0.isFlag }.map {
                "                \($0.name)) \(bashValue($0.kind, name)); return ;;"
            }
            let lines =
                ["        \"\(words)\")", "            case $prev in"] + values + [
                    "            esac",
                    "            options=\"\(options(of: leaf, program).map(\.name).joined(separator: " "))\"",
                    "            positional=\"\(bashKind(leaf.positional))\" ;;",
                ]
            return lines.joined(separator: "\n")
        }
        return """
            # bash completion for \(name), made by `\(maker) bash` from the commands' declarations.
            _\(name)_words() {
                mapfile -t COMPREPLY < <(compgen "$@" -- "$cur")
            }

            _\(name)_value() {
                case $1 in
                    file) compopt -o filenames 2>/dev/null; _\(name)_words -f ;;
                    directory) compopt -o filenames 2>/dev/null; _\(name)_words -d ;;
                esac
            }

            _\(name)() {
                local cur=${COMP_WORDS[COMP_CWORD]} prev="" actions="" options="" positional=""
                (( COMP_CWORD > 0 )) && prev=${COMP_WORDS[COMP_CWORD-1]}
                # `--record=FI`: bash splits the word at `=`, so the option is the word before it.
                [[ $prev == = ]] && (( COMP_CWORD > 2 )) && prev=${COMP_WORDS[COMP_CWORD-2]}
                COMPREPLY=()
                if (( COMP_CWORD == 1 )); then
                    _\(name)_words -W "\(commands.map(\.name).joined(separator: " "))"
                    return
                fi
                local command=${COMP_WORDS[1]}
                case $command in
            \(actionCases.joined(separator: "\n"))
                esac
                if [[ -n $actions ]]; then
                    if (( COMP_CWORD == 2 )); then
                        _\(name)_words -W "$actions"
                        return
                    fi
                    command="$command ${COMP_WORDS[2]}"
                fi
                case $command in
            \(leafCases.joined(separator: "\n"))
                    *) return ;;
                esac
                if [[ $cur == -* ]]; then
                    _\(name)_words -W "$options"
                else
                    _\(name)_value "$positional"
                fi
            }

            complete -F _\(name) \(name)

            """
    }

    private static func bashKind(_ kind: ValueKind?) -> String {
        switch kind {
        case .file?, .fileOrURL?: return "file"
        case .directory?: return "directory"
        case .text?, .choice?, nil: return ""
        }
    }

    private static func bashValue(_ kind: ValueKind, _ name: String) -> String {
        if case .choice(let words) = kind { return "_\(name)_words -W \"\(words.joined(separator: " "))\"" }
        let value = bashKind(kind)
        return value.isEmpty ? ":" : "_\(name)_value \(value)"
    }

    // MARK: zsh

    private static func zsh(_ program: Program, _ maker: String) -> String {
        let (name, commands) = (program.name, program.commands)
        let described = commands.map { "        \(quoted("\(escapedColon($0.name)):\($0.summary)"))" }
        let actionCases = commands.filter { !$0.actions.isEmpty }.map { command in
            let actions = command.actions.map { quoted("\(escapedColon($0.name)):\($0.summary)") }
            return "        \(command.name)) actions=(\(actions.joined(separator: " "))) ;;"
        }
        let leafCases = leaves(commands).map { words, leaf in
            let specs = options(of: leaf, program).map(zshOption) + zshPositional(leaf.positional)
            return """
                        \(quoted(words)))
                            _arguments \\
                                \(specs.joined(separator: " \\\n                ")) ;;
                """
        }
        return """
            #compdef \(name)
            # zsh completion for \(name), made by `\(maker) zsh` from the commands' declarations.
            _\(name)() {
                local -a commands actions
                commands=(
            \(described.joined(separator: "\n"))
                )
                if (( CURRENT == 2 )); then
                    _describe -t commands '\(name) command' commands
                    return
                fi
                local command=$words[2]
                case $command in
            \(actionCases.joined(separator: "\n"))
                esac
                if (( $#actions )); then
                    if (( CURRENT == 3 )); then
                        _describe -t actions "\(name) $command action" actions
                        return
                    fi
                    command="$command $words[3]"
                    shift words
                    (( CURRENT-- ))
                fi
                shift words
                (( CURRENT-- ))
                case $command in
            \(leafCases.joined(separator: "\n"))
                esac
            }

            _\(name) "$@"

            """
    }

    private static func zshOption(_ option: OptionDeclaration) -> String {
        let help = escapedBrackets(oneLine(option.help))
        guard let value = option.value else { return quoted("\(option.name)[\(help)]") }
        let action: String
        switch option.kind {
        case .text: action = " "
        case .file, .fileOrURL: action = "_files"
        case .directory: action = "_files -/"
        case .choice(let words): action = "(\(words.joined(separator: " ")))"
        }
        return quoted("\(option.repeatable ? "*" : "")\(option.name)=[\(help)]:\(escapedColon(value)):\(action)")
    }

    private static func zshPositional(_ kind: ValueKind?) -> [String] {
        switch kind {
        case .file?, .fileOrURL?: return [quoted("*:file:_files")]
        case .directory?: return [quoted("*:folder:_files -/")]
        case .choice(let words)?: return [quoted("*:word:(\(words.joined(separator: " ")))")]
        case .text?, nil: return []
        }
    }

    // MARK: fish

    private static func fish(_ program: Program, _ maker: String) -> String {
        let (name, commands) = (program.name, program.commands)
        var lines = [
            "# fish completion for \(name), made by `\(maker) fish` from the commands' declarations.",
            "complete -c \(name) -f",
        ]
        for command in commands {
            lines.append(
                "complete -c \(name) -n __fish_use_subcommand -a \(command.name) -d \(quoted(command.summary))")
            let actionNames = command.actions.map(\.name).joined(separator: " ")
            for action in command.actions {
                lines.append(
                    "complete -c \(name) -n \(quoted("__fish_seen_subcommand_from \(command.name); and not __fish_seen_subcommand_from \(actionNames)")) -a \(action.name) -d \(quoted(action.summary))"
                )
            }
        }
        for (words, leaf) in leaves(commands) {
            let condition = quoted(
                words.split(separator: " ").map { "__fish_seen_subcommand_from \($0)" }.joined(separator: "; and "))
            for option in options(of: leaf, program) {
                lines.append(
                    "complete -c \(name) -n \(condition) -l \(option.name.dropFirst(2))\(fishValue(option)) -d \(quoted(oneLine(option.help)))"
                )
            }
            switch leaf.positional {
            case .file?, .fileOrURL?: lines.append("complete -c \(name) -n \(condition) -F")
            case .directory?: lines.append("complete -c \(name) -n \(condition) -a '(__fish_complete_directories)'")
            case .choice(let words)?:
                lines.append("complete -c \(name) -n \(condition) -a \(quoted(words.joined(separator: " ")))")
            case .text?, nil: break
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private static func fishValue(_ option: OptionDeclaration) -> String {
        guard !option.isFlag else { return "" }
        // `-x` (a value, and no file names) unless the value is a file: fish would offer files too.
        switch option.kind {
        case .text: return " -x"
        case .file, .fileOrURL: return " -r -F"
        case .directory: return " -x -a '(__fish_complete_directories)'"
        case .choice(let words): return " -x -a \(quoted(words.joined(separator: " ")))"
        }
    }

    // MARK: quoting

    /// `text` in single quotes for any of the three shells (a quote inside closes, escapes and reopens).
    public static func quoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    /// Help that spans lines, on one: a description in a completion menu is one line.
    private static func oneLine(_ text: String) -> String { text.replacingOccurrences(of: "\n", with: " ") }

    private static func escapedColon(_ text: String) -> String { text.replacingOccurrences(of: ":", with: "\\:") }

    /// Text for a zsh `[explanation]`: a `]` would end it.
    private static func escapedBrackets(_ text: String) -> String {
        text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "[", with: "\\[")
            .replacingOccurrences(of: "]", with: "\\]")
    }
}
