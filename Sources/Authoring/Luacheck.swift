/// Folds in the findings of luacheck (Debian's `lua-check`), where it is installed.
///
/// The EduJam globals are declared to it as read-only, so it reports the same typos
/// our own scan does; those duplicates are dropped, and what only luacheck sees
/// (unused variables, shadowing, unreachable code) is kept as warnings.
///
/// Files under a game's ``vendoredFolders`` are someone else's code, dropped in unchanged:
/// luacheck is not run on them, while `check`'s own findings cover them as every other file.
enum Luacheck {
    /// The top-level folders of a game that hold vendored libraries (`lib/json.lua`, `vendor/middleclass.lua`).
    static let vendoredFolders: Set<String> = ["lib", "vendor"]

    /// Whether `file` (a path under `folder`) lies in one of the ``vendoredFolders`` of the game in `folder`.
    static func isVendored(_ file: String, in folder: String) -> Bool {
        let prefix = folder.hasSuffix("/") ? folder : folder + "/"
        guard file.hasPrefix(prefix) else { return false }
        let parts = file.dropFirst(prefix.count).split(separator: "/")
        return parts.count > 1 && vendoredFolders.contains(String(parts[0]))
    }

    /// Whether `luacheck` is on PATH.
    static var isInstalled: Bool { Tool.which("luacheck") != nil }

    /// luacheck's findings for `file`, or nil when it is not installed. Line length is not
    /// checked: a long `say` line is fine in a game.
    static func findings(file: String) -> [Finding]? {
        let arguments =
            [
                file, "--formatter", "plain", "--codes", "--ranges", "--no-color", "--no-max-line-length", "--std",
                "none",
                "--read-globals",
            ] + KnownNames.globals.sorted()
        guard let result = Tool.run("luacheck", arguments) else { return nil }
        return parse(result.output)
    }

    /// Reads `file:line:col-col: (W113) accessing undefined variable 'sya'` lines.
    static func parse(_ output: String) -> [Finding] {
        output.split(separator: "\n").compactMap { row in
            guard let open = row.range(of: ": ("), let close = row[open.upperBound...].firstIndex(of: ")") else {
                return nil
            }
            let place = row[..<open.lowerBound].split(separator: ":")
            guard place.count >= 2, let line = Int(place[place.count - 2]) else { return nil }
            let file = place.dropLast(2).joined(separator: ":")
            let code = String(row[open.upperBound..<close])
            let message = row[row.index(after: close)...].trimmingCharacters(in: .whitespaces)
            return Finding(
                code.hasPrefix("E") ? .error : .warning, file: file, line: line, "\(message) (luacheck \(code))",
                check: "luacheck \(code)")
        }
    }

    /// Global reads and writes: our own scan reports those, with hints.
    static let coveredCodes: Set<String> = ["luacheck W111", "luacheck W112", "luacheck W113"]

    /// luacheck's findings that none of `ours` already reports on the same line.
    static func newFindings(_ theirs: [Finding], besides ours: [Finding]) -> [Finding] {
        theirs.filter { finding in
            !coveredCodes.contains(finding.check)
                && !ours.contains { mine in
                    mine.file == finding.file && mine.line == finding.line
                        && (mine.check == "syntax" && finding.severity == .error
                            || quoted(mine.message) != nil && quoted(mine.message) == quoted(finding.message))
                }
        }
    }

    private static func quoted(_ message: String) -> String? {
        let parts = message.split(separator: "'", omittingEmptySubsequences: false)
        guard parts.count >= 3 else { return nil }
        return String(parts[1].split(separator: ".").last ?? parts[1])
    }
}
