import Classroom
import Tracking

/// One student's drill-down: progress over time, then every counted attempt with its
/// outcome, time, progress and items. Closed by default on screen, open in print.
struct StudentBlock {
    let student: String
    /// Newest first.
    let attempts: [RunRecord]
    /// What `verify` found of each checked attempt, by its id.
    var checks: [Int64: AttemptCheck] = [:]

    func html() -> String {
        let best = attempts.map(\.progress).max() ?? 0
        let total = attempts.reduce(0.0) { $0 + ($1.durationSeconds.isFinite ? $1.durationSeconds : 0) }
        let summary =
            "\(attempts.count) attempt\(attempts.count == 1 ? "" : "s"), best progress \(Figures.percent(best)), time \(Figures.duration(total))"
        let body = attempts.isEmpty ? #"<p class="empty">No attempts yet.</p>"# : chart() + table()
        return #"<details class="student" id="student-\#(anchor)" data-student="\#(HTML.attribute(student))">"#
            + #"<summary><span class="who">\#(HTML.name(student))</span> <span class="meta">\#(HTML.text(summary))</span></summary>"#
            + body + "</details>"
    }

    /// An id made only of hex digits, so any name gives a valid, unique fragment.
    private var anchor: String {
        student.utf8.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
    }

    private func chart() -> String {
        let oldestFirst = attempts.reversed().map(\.progress)
        return #"<figure class="progress"><figcaption>Progress over time</figcaption>"#
            + Charts.progressLine(
                "Progress of each attempt, oldest first: "
                    + oldestFirst.map(Figures.percent).joined(separator: ", "), progress: oldestFirst)
            + "</figure>"
    }

    private func table() -> String {
        let checked = self.checked
        let rows = attempts.map { run in
            let started = String(run.startedAt.prefix(16)).replacingOccurrences(of: "T", with: " ")
            let items = run.items.map { item in
                (item.identifier == run.primaryItem ? "★ " : "")
                    + "\(item.title.isEmpty ? item.identifier : item.title): \(item.item.value.pageText)"
            }.joined(separator: "; ")
            return #"<tr data-attempt="\#(run.id)"><td>\#(HTML.text(started))</td>"#
                + "<td>\(HTML.name(IdentifierPathText.text(run.identifierPath.dropFirst())))</td>"
                + "<td>\(HTML.text(run.outcome.rawValue + (run.done ? " (done)" : "")))</td>"
                + #"<td class="num" data-value="\#(Figures.exact(run.durationSeconds))">\#(Figures.duration(run.durationSeconds))</td>"#
                + #"<td class="num" data-value="\#(Figures.exact(run.progress))">\#(Figures.percent(run.progress))</td>"#
                + "<td>\(HTML.name(items.isEmpty ? "–" : items))</td>" + version(run) + (checked ? check(run) : "")
                + "</tr>"
        }
        return
            #"<div class="scroll"><table class="data"><caption>Attempts, newest first (★ marks the primary item)</caption>"#
            + #"<thead><tr><th scope="col">Started (UTC)</th><th scope="col">Activity</th><th scope="col">Outcome</th>"#
            + #"<th scope="col">Time</th><th scope="col">Progress</th><th scope="col">Items</th>"#
            + #"<th scope="col">Game version</th>"# + (checked ? #"<th scope="col">Verify</th>"# : "") + "</tr></thead>"
            + "<tbody>\(rows.joined())</tbody></table></div>"
    }

    /// Whether the table has a Verify column: only when `verify` checked one of these attempts,
    /// so a class nobody verified gets the page it had (whose size is bounded: `ClassReportPageTests`).
    private var checked: Bool { attempts.contains { checks[$0.id] != nil } }

    /// What `verify` found, the difference as its title; "–" when it was not checked.
    private func check(_ run: RunRecord) -> String {
        guard let check = checks[run.id] else { return #"<td class="check">–</td>"# }
        return
            #"<td class="check" data-state="\#(check.state.rawValue)" title="\#(HTML.attribute(check.difference ?? ""))">"#
            + "\(HTML.text(check.state.words))</td>"
    }

    /// The version the attempt ran, in its short form with the whole hash as its title; "–" when none.
    private func version(_ run: RunRecord) -> String {
        guard let version = run.gameVersion else { return #"<td class="version">–</td>"# }
        return #"<td class="version"><code title="\#(HTML.attribute(version))">"#
            + "\(HTML.text(GameVersionRule.short(version)))</code></td>"
    }
}
