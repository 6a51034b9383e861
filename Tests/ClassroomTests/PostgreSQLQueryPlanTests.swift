import Foundation
import Testing
import TrackingTestSupport

@testable import Classroom
@testable import Tracking

/// A whole school on one server: every query of the class report and of the inbox reads every table through
/// an index, so `report --class` stays fast over a million attempts and a whole school.
///
/// The plans are those of the real queries, as the store sends them, for the owner, a teacher
/// (the class report, under row-level security) and a student (the inbox, under it too): the
/// database loads `auto_explain` into every session (`ALTER DATABASE ... SET
/// session_preload_libraries`), which writes the plan of each statement to the server's log; the
/// test reads them back. The database holds ``SyntheticSchool`` (40 classes of 30 students, 40
/// attempts each, 48,000 attempts, analysed), 100 more games in the catalog and 48 more
/// assignments in every other class (a school year's), and its sessions run with
/// `enable_seqscan = off`: a table is then read whole only when no index serves the query.
/// A whole-index scan reads every row all the same (the planner's way round a missing index, with
/// sequential scans off), so a scan passes only when it narrows by an index condition.
///
/// ``everyIndexTheQueriesUseIsNeeded(_:)`` drops the indexes one at a time: each must make a plan
/// fail, so an index nobody needs is not kept, and one dropped is noticed.
///
/// Without a PostgreSQL server the suite is skipped with the reason, never passed.
@Suite(
    .enabled(if: PostgresServer.isAvailable, Comment(rawValue: PostgresServer.skipComment)), .serialized)
struct PostgreSQLQueryPlanTests {
    /// The indexes besides the primary keys and unique constraints that the report and the inbox
    /// read through.
    static let indexes = [
        "activities_student", "contexts_parent", "class_students_student", "assignments_class",
    ]

    @Test func theClassReportAndTheInboxReadEveryTableThroughAnIndex() throws {
        let school = try PlannedSchool.shared.get()
        let plans = try school.reportAndInboxPlans()
        let readingAttempts = plans.filter { $0.relations.contains("activities") }
        #expect(readingAttempts.count >= 6, "the report and the inbox were explained: \(plans.count) plans")
        try expectEveryScanNarrows(plans, in: school)
    }

    /// A student's save, with what its policies and triggers run inside (the identity lookups of
    /// ``PGMigrations/identityByIndex``, the item count): a school's saves must not read a table
    /// whole, not even `student_logins`, which every policy asks about 25 times a save.
    @Test func aStudentsSaveReadsEveryTableThroughAnIndexInsideItsPoliciesToo() throws {
        let school = try PlannedSchool.shared.get()
        try expectEveryScanNarrows(try school.savePlans(), in: school, reading: ["student_logins", "activity_items"])
    }

    /// A teacher's class report and verify's write of a check, with what the teachers' policies run
    /// inside (the class and assignment owner lookups, the attempt's class): each reads
    /// through an index too.
    @Test func aTeachersReportAndCheckReadEveryTableThroughAnIndexInsideThePoliciesToo() throws {
        let school = try PlannedSchool.shared.get()
        try expectEveryScanNarrows(
            try school.teacherPlans(), in: school, reading: ["class_students", "attempt_checks"])
    }

    /// Every scan of `plans` narrows by its index's leading column (`ExplainedPlan.Scan.narrows`),
    /// and some plan reads each of `relations` (the statements meant were explained).
    private func expectEveryScanNarrows(
        _ plans: [ExplainedPlan], in school: PlannedSchool, reading relations: [String] = []
    ) throws {
        for relation in relations {
            #expect(plans.contains { $0.relations.contains(relation) }, "no plan read \(relation): not explained")
        }
        let leading = try school.leadingColumns()
        for plan in plans {
            for scan in plan.scans {
                #expect(scan.narrows(leading), "\(scan.description) in: \(plan.query)")
            }
        }
    }

    @Test(arguments: indexes)
    func everyIndexTheQueriesUseIsNeeded(_ index: String) throws {
        let school = try PlannedSchool.shared.get()
        let definition = try school.sql("SELECT pg_get_indexdef('\(index)'::regclass)")
        _ = try school.sql("DROP INDEX \(index)")
        defer { _ = try? school.sql(definition) }
        // Without the teacher's report, whose row-level security makes a missing index slow to see.
        let plans = try school.reportAndInboxPlans(teacher: false)
        let leading = try school.leadingColumns()
        let unindexed = plans.flatMap(\.scans).filter { !$0.narrows(leading) }
        #expect(!unindexed.isEmpty, "without \(index) every scan still narrows by an index")
    }
}

/// A fresh database holding ``SyntheticSchool``, a larger catalog and more assignments, whose sessions log their
/// plans with sequential scans off; `class-1` belongs to a teacher login, and its first student
/// has a login of their own.
private struct PlannedSchool: @unchecked Sendable {
    let server: PostgresServer
    let database: String
    let root = "EDUJAM-PLANS"
    let teacher = "plans_teacher_\(UUID().uuidString.prefix(8).lowercased())"
    let student = "plans_student_\(UUID().uuidString.prefix(8).lowercased())"
    /// The teacher of `class-2`, whose sessions also log the statements run inside policies.
    let checker = "plans_checker_\(UUID().uuidString.prefix(8).lowercased())"
    /// A student whose sessions also log the statements run inside policies and triggers.
    let saver = "plans_saver_\(UUID().uuidString.prefix(8).lowercased())"

    /// Loaded once for the suite: the school takes seconds to load.
    static let shared = Result { try PlannedSchool() }

    private init() throws {
        server = try PostgresServer.server()
        database = try server.createDatabase()
        _ = try store()  // migrates and makes the main context
        // The catalog's other games come first: the assigned one is not conveniently at the start of
        // every index on contexts, so a join that reads the catalog from its start is seen to.
        _ = try sql(
            """
            INSERT INTO contexts (parent_id, path, identifier, title, type, created_at, modified_at)
            SELECT r.id, '["\(root)","GAME-' || n || '"]', 'GAME-' || n, 'Game ' || n, 12, 0, 0
            FROM contexts r, generate_series(1, 100) n WHERE r.path = '["\(root)"]';
            INSERT INTO contexts (parent_id, path, identifier, title, type, created_at, modified_at)
            SELECT g.id, '["\(root)","' || g.identifier || '","level-' || n || '"]', 'level-' || n, 'Level ' || n, 4, 0, 0
            FROM contexts g, generate_series(1, 10) n WHERE g.identifier LIKE 'GAME-%';
            """)
        let load = try server.psql(
            SyntheticSchool.sql(root: root, classes: 40, students: 30, attemptsPerStudent: 40), database: database)
        guard load.status == 0 else { throw PostgresServer.Failure(load.error) }
        _ = try sql(
            """
            INSERT INTO assignments (class_id, title, whole_class, created_at)
            SELECT c.id, 'GAME-' || n, n % 2 = 0, 1 FROM classes c, generate_series(1, 48) n
            WHERE c.name <> '\(SyntheticSchool.className(1))';
            INSERT INTO assignment_activities (assignment_id, context_id, position)
            SELECT s.id, g.id, 0 FROM assignments s JOIN contexts g ON g.identifier = s.title;
            INSERT INTO assignment_recipients (assignment_id, student)
            SELECT s.id, cs.student FROM assignments s JOIN class_students cs ON cs.class_id = s.class_id
            WHERE s.title LIKE 'GAME-%' AND NOT s.whole_class AND cs.position < 10;
            CREATE ROLE \(teacher) LOGIN IN ROLE edujam_teacher;
            CREATE ROLE \(student) LOGIN IN ROLE edujam_student;
            UPDATE classes SET owner = '\(teacher)' WHERE name = '\(SyntheticSchool.className(1))';
            UPDATE student_logins SET login = '\(student)' WHERE student = '\(SyntheticSchool.student(1, ofClass: 1))';
            CREATE ROLE \(saver) LOGIN IN ROLE edujam_student;
            INSERT INTO student_logins (student, login) VALUES ('Saver', '\(saver)');
            ALTER ROLE \(saver) IN DATABASE \(database) SET auto_explain.log_nested_statements = on;
            CREATE ROLE \(checker) LOGIN IN ROLE edujam_teacher;
            UPDATE classes SET owner = '\(checker)' WHERE name = '\(SyntheticSchool.className(2))';
            ALTER ROLE \(checker) IN DATABASE \(database) SET auto_explain.log_nested_statements = on;
            ANALYZE;
            ALTER DATABASE \(database) SET session_preload_libraries = 'auto_explain';
            ALTER DATABASE \(database) SET auto_explain.log_min_duration = 0;
            ALTER DATABASE \(database) SET auto_explain.log_format = 'json';
            ALTER DATABASE \(database) SET enable_seqscan = off;
            """)
    }

    /// Runs trusted SQL as the owner, through psql; returns what it printed, trimmed.
    @discardableResult
    func sql(_ statements: String) throws -> String {
        let result = try server.psql(statements, database: database)
        guard result.status == 0 else { throw PostgresServer.Failure(result.error) }
        return result.output.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The first column of every index of the store, by index name.
    func leadingColumns() throws -> [String: String] {
        let rows = try sql(
            """
            SELECT c.relname, a.attname FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
            JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = i.indkey[0]
            WHERE c.relnamespace IN ('public'::regnamespace, 'pg_catalog'::regnamespace)
            """)
        var columns: [String: String] = [:]
        for row in rows.split(separator: "\n") {
            let fields = row.split(separator: "|").map(String.init)
            if fields.count == 2 { columns[fields[0]] = fields[1] }
        }
        return columns
    }

    /// The store as `login` (the owner when nil) opens it; a new session, so it logs its plans.
    func store(as login: String? = nil) throws -> TrackingStore {
        try TrackingStore(
            engine: PostgreSQLEngine(conninfo: server.conninfo(database: database, user: login)),
            rootIdentifier: root, rootTitle: "EduJam Games", parts: [ClassroomSchema.part])
    }

    /// The plans of the class report and the inbox: the owner's, a teacher's report (unless
    /// `teacher` is false) and a student's inbox, each checked for what it found.
    func reportAndInboxPlans(teacher asTeacher: Bool = true) throws -> [ExplainedPlan] {
        let owner = try store()
        let teacher = asTeacher ? [try store(as: teacher)] : []
        let student = try store(as: student)
        let className = SyntheticSchool.className(1)
        let studentName = SyntheticSchool.student(1, ofClass: 1)
        return try plans {
            for store in [owner] + teacher {
                let report = try store.classReport(className: className)
                #expect(report.assignments.map(\.students.count) == [30, 15])
                #expect(report.assignments.first?.students.first?.activities.first?.attempts == 40)
            }
            for store in [owner, student] {
                #expect(try store.inbox(student: studentName).count == 2)
            }
        }
    }

    /// The plans of a teacher's class report and of verify writing a check of one of its attempts,
    /// with the statements inside the teachers' policies.
    func teacherPlans() throws -> [ExplainedPlan] {
        let store = try store(as: checker)
        return try plans {
            let report = try store.classReport(className: SyntheticSchool.className(2))
            #expect(report.assignments.count == 50, "the class's two assignments and 48 more")
            let run = try #require(try store.runs(student: SyntheticSchool.student(1, ofClass: 2)).first)
            try store.recordChecks([(run, CheckResult(.verified))], by: checker)
            #expect(try store.checks(of: [run]).map(\.state) == [.verified])
        }
    }

    /// The plans of a student's saves (with the statements inside their policies and triggers):
    /// a new attempt with an item, the item changed, then the attempt ended.
    func savePlans() throws -> [ExplainedPlan] {
        let clock = VirtualClock()
        let store = try TrackingStore(
            engine: PostgreSQLEngine(conninfo: server.conninfo(database: database, user: saver)),
            rootIdentifier: root, rootTitle: "EduJam Games", parts: [ClassroomSchema.part], clock: clock.read)
        let game = try #require(store.mainContext.child("GAME-1"))
        return try plans {
            let attempt = try game.createNewActivity(student: "Saver")
            try attempt.start()
            try attempt.setScore(id: "score", title: "Score", score: 1, maxScore: 5)
            try store.save()
            clock.advance(1)
            try attempt.setScore(id: "score", title: "Score", score: 2, maxScore: 5)
            try store.save()
            clock.advance(1)
            try attempt.end(outcome: .finished)
            try store.save()
            #expect(try store.runs(student: "Saver").first?.items.first?.score == 2)
        }
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
    /// One read of a table in a plan: a sequential scan, or an index scan (plain, index-only or
    /// bitmap) with its index and condition.
    struct Scan: CustomStringConvertible {
        var node: String
        var relation: String
        var index: String?
        var indexCondition: String?

        /// Whether the scan narrows by its index's leading column (`leadingColumns`, by index
        /// name): a whole-index scan, or a condition on a later column only, reads the whole
        /// index all the same.
        func narrows(_ leadingColumns: [String: String]) -> Bool {
            guard let index, let indexCondition, let column = leadingColumns[index] else { return false }
            return indexCondition.contains("(\(column) ")
        }

        var description: String {
            "\(node) on \(relation)" + (index.map { " using \($0)" } ?? "") + (indexCondition.map { " (\($0))" } ?? "")
        }
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
        collect(object?["Plan"] as? [String: Any], table: nil)
    }

    /// A bitmap heap scan reads what its bitmap index scans found: those are the scans, each
    /// with its index and condition, on the heap scan's table.
    private mutating func collect(_ node: [String: Any]?, table: String?) {
        guard let node else { return }
        let type = node["Node Type"] as? String ?? ""
        let relation = node["Relation Name"] as? String ?? table
        if let relation, type != "Bitmap Heap Scan", type.hasSuffix("Scan") {
            scans.append(
                Scan(
                    node: type, relation: relation, index: node["Index Name"] as? String,
                    indexCondition: node["Index Cond"] as? String))
        }
        for child in node["Plans"] as? [[String: Any]] ?? [] {
            collect(child, table: type == "Bitmap Heap Scan" ? relation : nil)
        }
    }
}
