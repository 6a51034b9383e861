import Foundation
import Testing
import TrackingTestSupport

@testable import Classroom
@testable import Tracking

/// Issue 15, "Scale": every query of the class report and of the inbox reads the large tables
/// through an index, so `report --class` stays fast over a million attempts.
///
/// The plans are those of the real queries, as the store sends them: the database loads
/// `auto_explain` into every session (`ALTER DATABASE ... SET session_preload_libraries`), which
/// writes the plan of each statement to the server's log; the test reads them back. The
/// database holds a school big enough that an index is the planner's own choice
/// (``SyntheticSchool``: 40 classes of 30 students, 40 attempts each, 48,000 attempts, analysed),
/// rather than `enable_seqscan = off`: with that setting the planner would take a whole-index
/// scan with no condition in place of a missing index, which reads every row all the same and
/// would pass. So a plan passes only when each scan of a large table is an index scan with an
/// index condition.
///
/// Without a PostgreSQL server the suite is skipped with the reason, never passed.
@Suite(.enabled(if: PostgresServer.isAvailable, Comment(rawValue: PostgresServer.skipComment)))
struct PostgreSQLQueryPlanTests {
    /// The tables that grow with the attempts (a million at the scale) and the Done marks
    /// (students x assignments x activities). The others hold a row per class, context, assignment
    /// or student (rosters, recipients: 1,200 rows for 40 classes of 30), a few pages that the
    /// planner rightly reads whole, and that the queries join through their primary keys.
    static let largeTables: Set<String> = ["activities", "activity_items", "attempt_events", "assignment_done"]

    @Test func theClassReportAndTheInboxReadLargeTablesThroughAnIndex() throws {
        let school = try PlannedSchool()
        let store = try school.store()

        let plans = try school.plans {
            let report = try store.classReport(className: SyntheticSchool.className(1))
            #expect(report.assignments.map(\.students.count) == [30, 15])
            #expect(report.assignments.first?.students.first?.activities.first?.attempts == 40)
            let inbox = try store.inbox(student: SyntheticSchool.student(1, ofClass: 1))
            #expect(inbox.count == 2)
        }
        let readingAttempts = plans.filter { $0.relations.contains("activities") }
        #expect(readingAttempts.count >= 3, "the report and the inbox were explained: \(plans.count) plans")
        for plan in plans {
            for scan in plan.scans where Self.largeTables.contains(scan.relation) {
                #expect(scan.usesIndex, "\(scan.description) in: \(plan.query)")
            }
        }
    }
}

/// A fresh database holding ``SyntheticSchool``, whose sessions log their plans.
private struct PlannedSchool {
    let server: PostgresServer
    let database: String
    let root = "EDUJAM-PLANS"

    init() throws {
        server = try PostgresServer.server()
        database = try server.createDatabase()
        _ = try store()  // migrates and makes the main context
        let load = try server.psql(
            SyntheticSchool.sql(root: root, classes: 40, students: 30, attemptsPerStudent: 40), database: database)
        try #require(load.status == 0, "\(load.error)")
        let explain = try server.psql(
            """
            ALTER DATABASE \(database) SET session_preload_libraries = 'auto_explain';
            ALTER DATABASE \(database) SET auto_explain.log_min_duration = 0;
            ALTER DATABASE \(database) SET auto_explain.log_format = 'json';
            """, database: database)
        try #require(explain.status == 0, "\(explain.error)")
    }

    /// The store as the school's owner opens it; a new session, so it logs its plans.
    func store() throws -> TrackingStore {
        try TrackingStore(
            engine: PostgreSQLEngine(conninfo: server.conninfo(database: database)),
            rootIdentifier: root, rootTitle: "EduJam Games")
    }

    /// The plans of the statements `body` runs. Only this database's sessions load
    /// `auto_explain`, so the plans in the shared log are this test's.
    func plans(of body: () throws -> Void) throws -> [ExplainedPlan] {
        let before = try Data(contentsOf: URL(fileURLWithPath: server.logFile)).count
        try body()
        let log = try Data(contentsOf: URL(fileURLWithPath: server.logFile)).dropFirst(before)
        return try ExplainedPlan.all(in: String(decoding: log, as: UTF8.self))
    }
}

/// One statement's plan as `auto_explain` logs it in JSON.
private struct ExplainedPlan {
    /// One scan of a table in a plan.
    struct Scan: CustomStringConvertible {
        var node: String
        var relation: String
        var indexCondition: String?

        /// An index scan that narrows by a condition: a whole-index scan reads every row too.
        var usesIndex: Bool { node.hasPrefix("Bitmap") || (node.hasPrefix("Index") && indexCondition != nil) }
        var description: String { "\(node) on \(relation)" + (indexCondition.map { " (\($0))" } ?? "") }
    }

    var query: String
    var scans: [Scan]
    var relations: Set<String> { Set(scans.map(\.relation)) }

    /// Every plan in a piece of the server's log: a `plan:` line, then the JSON document on the
    /// lines up to the next log line (which starts with its timestamp).
    static func all(in log: String) throws -> [ExplainedPlan] {
        var plans: [ExplainedPlan] = []
        var document: [Substring]?
        for line in log.split(separator: "\n", omittingEmptySubsequences: false) {
            if let first = line.first, first.isNumber {
                if let lines = document { plans.append(try ExplainedPlan(json: lines.joined(separator: "\n"))) }
                document = line.hasSuffix("plan:") ? [] : nil
            } else {
                document?.append(line)
            }
        }
        if let lines = document { plans.append(try ExplainedPlan(json: lines.joined(separator: "\n"))) }
        return plans
    }

    init(json: String) throws {
        let object = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
        query = object?["Query Text"] as? String ?? ""
        scans = []
        collect(object?["Plan"] as? [String: Any])
    }

    /// A bitmap heap scan's condition is on its child, the bitmap index scan: both count as indexed.
    private mutating func collect(_ node: [String: Any]?) {
        guard let node else { return }
        if let relation = node["Relation Name"] as? String {
            scans.append(
                Scan(
                    node: node["Node Type"] as? String ?? "", relation: relation,
                    indexCondition: node["Index Cond"] as? String))
        }
        for child in node["Plans"] as? [[String: Any]] ?? [] { collect(child) }
    }
}
