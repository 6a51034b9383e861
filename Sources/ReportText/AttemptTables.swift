import Classroom
import Runtime
import Tracking

/// Attempts as a table `width` columns wide: student and activity give way first, the result
/// (the score a reader looks for) last.
/// The game's version (its short form) is a column only when attempts of one game ran different
/// versions: that is when a reader needs it, and fourteen columns more on every table squeezed
/// the activity, which is what a reader looks rows up by (`--json`, `--csv` and the page always
/// carry it).
public enum RunTable {
    /// - Parameter students: Whether a column names each attempt's student; one student's
    ///   attempts, under a heading that names them, leave it out to keep room for the rest.
    public static func render(_ runs: [RunRecord], width: Int, students: Bool = true) -> String {
        let versions = versionsDiffer(runs)
        let header =
            ["started"] + (students ? ["student"] : []) + ["activity", "outcome", "progress", "time", "result"]
            + (versions ? ["version"] : [])
        let rows = runs.map { run -> [String] in
            [String(run.startedAt.prefix(16)).replacingOccurrences(of: "T", with: " ")]
                + (students ? [run.student] : [])
                + [
                    IdentifierPathText.text(run.identifierPath.dropFirst()),
                    run.outcome.rawValue + (run.done ? " (done)" : ""),
                    "\(Int((run.progress * 100).rounded()))%", Format.duration(run.durationSeconds),
                    Format.primary(of: run),
                ] + (versions ? [run.gameVersion.map(GameVersionRule.short) ?? "-"] : [])
        }
        let result = header.firstIndex(of: "result") ?? 0
        let shrinking: Set<Int> = students ? [1, 2] : [1]
        return Format.table(header: header, rows: rows, width: width, shrinking: shrinking, lastToShrink: [result])
    }

    /// Whether two of `runs` of one game (the context below the root) recorded different versions.
    private static func versionsDiffer(_ runs: [RunRecord]) -> Bool {
        var seen: [String: String] = [:]
        for run in runs {
            guard let version = run.gameVersion, run.identifierPath.count > 1 else { continue }
            if let earlier = seen.updateValue(version, forKey: run.identifierPath[1]), earlier != version {
                return true
            }
        }
        return false
    }
}

/// What `verify` found, one aligned line per check.
public enum CheckTable {
    /// `7f0c2a1b  ana  LEVEL-1  mismatch: saved score 5/5, replay 2/5`: the student and the
    /// activity give way to `width`; the finding is never cut (a reason a teacher must read
    /// whole), so a long one runs past the width.
    public static func render(_ checks: [AttemptCheck], width: Int) -> String {
        let rows = checks.map { check in
            [
                check.shortAttempt, check.student, IdentifierPathText.text(check.identifierPath.dropFirst()),
                check.state.words + (check.difference.map { ": \($0)" } ?? ""),
            ]
        }
        // The names give way only to fit the finding's state (`not verifiable`) in the width.
        let found = rows.map { Terminal.width(of: Terminal.cleanLine($0[3])) }.max() ?? 0
        let state = checks.map { Terminal.width(of: $0.state.words) }.max() ?? 0
        return Format.table(
            header: ["attempt", "student", "activity", "found"], rows: rows, width: width + max(found - state, 0),
            shrinking: [1, 2])
    }
}
