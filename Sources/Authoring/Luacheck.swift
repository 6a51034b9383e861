/// Folds in the findings of luacheck (Debian's `lua-check`), where it is installed.
///
/// The EduJam globals are declared to it as read-only, so it reports the same typos
/// our own scan does; those duplicates are dropped, and what only luacheck sees
/// (unused variables, shadowing, unreachable code) is kept as warnings.
enum Luacheck {
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
