import Classroom
import Foundation
import Tracking

/// Writes assignments and their results as OneRoster 1.1 gradebook CSV, for a school's gradebook
/// (docs/interop.md, "Results out"): `lineItems.csv` (one line item per assignment),
/// `results.csv` (one result per assignee), `categories.csv` (the one category every line item
/// points to) and a `manifest.csv` declaring them in bulk.
///
/// An assignment made before the day the store's owner removed attempts before
/// (``GradebookAssignment/attemptsRemoved``) is left out: its results would read the removed work
/// as not started, and a gradebook would take them for zeros over the grades it has. The line
/// items and results are then declared `delta` (OneRoster's "these changed"), not `bulk` ("this is
/// everything"), so a gradebook keeps what it has for the assignments left out rather than drop them.
///
/// - score: for each activity of the assignment, graded by the counted attempts (at the assigned
///   context or, for a whole game, at its levels) that reached `finish` (``ActivityGrade``): the
///   best score item among them as a percentage (an attempt's score item is its primary item when
///   that is a score, else its first score item, ``RunRecord/scoreItem``), or their best progress
///   (0–100) when none has a score item; 0 when none reached `finish` (the comment says "not
///   finished" with the progress). The assignment's score is the mean over its activities (0 for
///   one not started), 0–100 with at most two decimals;
/// - scoreStatus: `not submitted` without any counted attempt or Done mark, `fully graded` when
///   every activity is done, `partially graded` in between;
/// - sourcedIds: a class or student imported from OneRoster keeps theirs; any other uses its
///   EduJam name. Line items and results get name-based UUIDs of the class, the assignment (its
///   id and creation time) and the student, so exporting twice writes the same bytes;
/// - dates: `assignDate`, `dueDate` and `scoreDate` are days (`2026-12-04`) in the school's time
///   zone (the machine's, as `--due` reads them), `dateLastModified` the last change in the
///   store, ISO 8601 UTC: a result's is its latest counted attempt's last event or Done mark (the
///   assignment's creation or completion when later).
public enum OneRosterResults {
    /// The category of every line item.
    public static let categorySourcedId = "edujam-games"
    /// The namespace of line item and result ids (a version 5 UUID of "edujam.oneroster" in the
    /// URL namespace, written out so it never changes).
    static let namespace = UUID(uuidString: "36426e90-c039-59a6-89c0-e288c6740a61")!

    static let lineItemColumns = [
        "sourcedId", "status", "dateLastModified", "title", "description", "assignDate", "dueDate",
        "classSourcedId", "categorySourcedId", "gradingPeriodSourcedId", "resultValueMin", "resultValueMax",
    ]
    static let resultColumns = [
        "sourcedId", "status", "dateLastModified", "lineItemSourcedId", "studentSourcedId",
        "scoreStatus", "score", "scoreDate", "comment",
    ]

    /// The files to write, by name, as RFC 4180 text.
    /// - Parameters:
    ///   - gradebook: The store's assignments (``TrackingStore/gradebook(className:)``).
    ///   - gradingPeriod: The `gradingPeriodSourcedId` for every line item (the school's academic
    ///     session of type gradingPeriod), or empty.
    ///   - timeZone: Where the days of `assignDate`, `dueDate` and `scoreDate` are counted.
    /// - Returns: File name -> contents.
    public static func files(
        _ gradebook: [GradebookAssignment], gradingPeriod: String = "",
        timeZone: TimeZone = .current
    ) -> [String: String] {
        let day = Day(timeZone: timeZone)
        var lineItems = [lineItemColumns]
        var results = [resultColumns]
        let whole = gradebook.filter { !$0.attemptsRemoved }
        for entry in whole {
            let lineItem = lineItemSourcedId(entry)
            lineItems.append(lineItemRow(entry, sourcedId: lineItem, gradingPeriod: gradingPeriod, day: day))
            for row in entry.rows { results.append(resultRow(row, of: entry, lineItem: lineItem, day: day)) }
        }
        return [
            "manifest.csv": CSV.text(manifest(gradesFile: whole.count == gradebook.count ? "bulk" : "delta")),
            "categories.csv": CSV.text([
                ["sourcedId", "status", "dateLastModified", "title"],
                [categorySourcedId, "active", "", "EduJam games"],
            ]),
            "lineItems.csv": CSV.text(lineItems),
            "results.csv": CSV.text(results),
        ]
    }

    /// `gradesFile`: how `lineItems.csv` and `results.csv` are declared, `bulk` or `delta`.
    static func manifest(gradesFile: String) -> [[String]] {
        [["propertyName", "value"], ["manifest.version", "1.0"], ["oneroster.version", "1.1"]]
            + [
                "academicSessions", "categories", "classes", "classResources", "courses", "courseResources",
                "demographics", "enrollments", "lineItems", "orgs", "resources", "results", "users",
            ].map { name in
                switch name {
                case "categories": ["file.\(name)", "bulk"]
                case "lineItems", "results": ["file.\(name)", gradesFile]
                default: ["file.\(name)", "absent"]
                }
            }
            + [["source.systemName", "EduJam"], ["source.systemCode", "edujam"]]
    }

    // MARK: - Rows

    static func classSourcedId(_ entry: GradebookAssignment) -> String {
        entry.classSourcedId ?? entry.assignment.className
    }

    static func lineItemSourcedId(_ entry: GradebookAssignment) -> String {
        let name = "lineItem/\(classSourcedId(entry))/\(entry.assignment.id)/\(entry.assignment.createdAt)"
        return NameBasedUUID.make(namespace: namespace, name: name).uuidString.lowercased()
    }

    static func lineItemRow(_ entry: GradebookAssignment, sourcedId: String, gradingPeriod: String, day: Day)
        -> [String]
    {
        let assignment = entry.assignment
        return [
            sourcedId, "active", assignment.completedAt ?? assignment.createdAt, assignment.title,
            assignment.instructions ?? "", day.of(assignment.createdAt), assignment.due.map(day.of) ?? "",
            classSourcedId(entry), categorySourcedId, gradingPeriod, "0", "100",
        ]
    }

    static func resultRow(_ row: GradebookRow, of entry: GradebookAssignment, lineItem: String, day: Day) -> [String] {
        let student = row.studentSourcedId ?? row.student
        let id = NameBasedUUID.make(namespace: namespace, name: "result/\(lineItem)/\(student)").uuidString.lowercased()
        let modified =
            ([entry.assignment.createdAt, entry.assignment.completedAt] + row.cells.map(\.lastChange))
            .compactMap { $0 }.max() ?? entry.assignment.createdAt  // ISO 8601 UTC strings of one format sort as dates
        let grades = row.cells.map(ActivityGrade.init)
        let mean = grades.isEmpty ? 0 : grades.map(\.percent).reduce(0, +) / Double(grades.count)
        let comment = zip(row.cells, grades).map { cell, grade in
            "\(cell.progress.title): \(number(grade.percent))% (\(grade.basis), \(words(cell.progress.status)))"
        }.joined(separator: "; ")
        return [id, "active", modified, lineItem, student, scoreStatus(row), number(mean), day.of(modified), comment]
    }

    static func scoreStatus(_ row: GradebookRow) -> String {
        let statuses = row.cells.map(\.progress.status)
        if !statuses.isEmpty, statuses.allSatisfy({ $0 == .done }) { return "fully graded" }
        if statuses.allSatisfy({ $0 == .notStarted }) { return "not submitted" }
        return "partially graded"
    }

    static func words(_ status: ActivityStatus) -> String {
        switch status {
        case .notStarted: return "not started"
        case .inProgress: return "in progress"
        case .done: return "done"
        }
    }

    /// Days of the store's timestamps in one time zone: `2026-12-04T15:00:00.000Z` -> `2026-12-04` in UTC.
    struct Day {
        private let formatter: DateFormatter

        init(timeZone: TimeZone) {
            formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.calendar = Calendar(identifier: .gregorian)
            formatter.timeZone = timeZone
            formatter.dateFormat = "yyyy-MM-dd"
        }

        /// The day of `timestamp` (ISO 8601 as the store writes it); its first ten characters if unreadable.
        func of(_ timestamp: String) -> String {
            ISO8601Format.date(timestamp).map(formatter.string(from:)) ?? String(timestamp.prefix(10))
        }
    }

    /// At most two decimals, no trailing zeros, never an exponent: `87.5`, `100`, `33.33`.
    static func number(_ value: Double) -> String {
        let hundredths = Int((value.isFinite ? value.clamped(-1e12, 1e12) : 0) * 100 + (value < 0 ? -0.5 : 0.5))
        let whole = hundredths / 100
        let fraction = abs(hundredths % 100)
        let sign = hundredths < 0 && whole == 0 ? "-" : ""
        if fraction == 0 { return "\(sign)\(whole)" }
        return fraction % 10 == 0
            ? "\(sign)\(whole).\(fraction / 10)" : "\(sign)\(whole).\(fraction < 10 ? "0" : "")\(fraction)"
    }
}
