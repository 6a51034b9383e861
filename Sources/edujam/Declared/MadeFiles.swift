import DeclaredCommands
import EdujamCommandLine
import Foundation

/// The hidden commands that print or write what is made from the declarations: `__completions
/// bash|zsh|fish`, `__man` and `__docs FILE`. Not listed in help: they are for `make`.
enum MadeFiles {
    /// Runs the hidden command `name`, or returns nil when `name` is not one.
    static func run(_ name: String, _ words: [String]) -> ExitStatus? {
        switch (name, words.first) {
        case ("__completions", let shell?) where words.count == 1:
            guard
                let script = Completions.script(
                    for: shell, of: .edujam, madeBy: "edujam __completions")
            else { return refuse(name) }
            Output.write([.text(script)])
            return .success
        case ("__man", nil):
            Output.write([.text(ManPage.roff(of: .edujam, madeBy: "edujam __man"))])
            return .success
        case ("__docs", let path?) where words.count == 1:
            return rewrite(path)
        case ("__completions", _), ("__man", _), ("__docs", _):
            return refuse(name)
        default:
            return nil
        }
    }

    private static func refuse(_ name: String) -> ExitStatus {
        Output.error(
            "edujam \(name): usage: edujam __completions \(Completions.shells.joined(separator: "|")), edujam __man, "
                + "edujam __docs docs/cli.md")
        return .usage
    }

    /// Rewrites the generated blocks of the Markdown file at `path`, in place and whole.
    private static func rewrite(_ path: String) -> ExitStatus {
        do {
            let text = try String(contentsOfFile: path, encoding: .utf8)
            let made = try CLIDocs.rewrite(text)
            if made != text { try made.write(toFile: path, atomically: true, encoding: .utf8) }
            return .success
        } catch {
            Output.error("edujam __docs: \(path): \(error)")
            return .failure
        }
    }
}
