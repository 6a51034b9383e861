import Classroom
import Foundation
import Interop
import ReportPage
import Runtime
import School
import Tracking

/// One store of row `district`, a database of the row's server: the measured class (30
/// students with their logins, its teacher's login, one assignment of each of 20 games, each
/// student's attempts, and a few real plays of Math Jam from the published version, with their
/// replay records) and around it `otherClasses` classes loaded by SQL (``DistrictSQL``). The
/// measured class's rows are the same in every store.
///
/// Each operation is the library call of a command, made as the command makes it: as the class's
/// teacher (`report --class`, `report --class --html`, `verify --class`, `export
/// --oneroster-results --class`) or as one of its students (`inbox`, a save of a running attempt).
struct DistrictStore {
    static let className = "measured"
    static let teacher = "mteacher"
    static let students = (1...30).map { String(format: "mstudent%02d", $0) }
    /// The students who play Math Jam for real, and how many runs each: the attempts `verify` replays.
    static let players = 3
    static let runsEach = 2

    let database: String
    let teacherStore: TrackingStore
    let studentStore: TrackingStore
    /// The running attempt the student's save changes, and how many saves it has had.
    private let activity: Activity
    private let saves = Counter()

    /// Loads the store; the teacher's login exists on `server` (roles are the server's, not a database's).
    init(server: BenchPostgres, database: String, otherClasses: Int, games: String, work: String) throws {
        self.database = database
        try server.psql("CREATE DATABASE \(database) OWNER edujam;")
        let address = StoreAddress.server(server.conninfo(database: database, user: "edujam"))
        let collection = try GameCollection.load(from: games)
        _ = try TrackingStore.migrate(address, parts: [ClassroomSchema.part])
        try server.psql("GRANT edujam_teacher TO \(Self.teacher);")  // the group role exists once a store does
        let owner = try TrackingStore(
            address: address, rootIdentifier: collection.id, rootTitle: collection.title,
            parts: [ClassroomSchema.part])
        _ = try GamePublishing.publish(folder: games + "/math-jam", into: owner, by: "edujam")
        try server.psql(DistrictSQL.games(root: collection.id), database: database)
        try owner.createClass(named: Self.className)
        try owner.addStudents(Self.students, toClass: Self.className, login: nil, createLogins: true)
        let slots = (1...DistrictSQL.madeUpGames).map(DistrictSQL.game) + ["MATH-JAM"]
        for (slot, game) in slots.sorted().enumerated() {
            _ = try owner.createAssignment(
                AssignmentDraft(className: Self.className, title: DistrictSQL.assignmentTitle(slot), paths: [[game]]))
        }
        try owner.giveClass(Self.className, to: Self.teacher)
        try server.psql(
            DistrictSQL.district(root: collection.id, measured: Self.className, classes: otherClasses),
            database: database)
        try Self.play(owner, address: address, work: work)
        teacherStore = try TrackingStore(
            address: .server(server.conninfo(database: database, user: Self.teacher)),
            rootIdentifier: collection.id, rootTitle: collection.title, parts: [ClassroomSchema.part])
        studentStore = try TrackingStore(
            address: .server(server.conninfo(database: database, user: Self.students[0])),
            rootIdentifier: collection.id, rootTitle: collection.title, parts: [ClassroomSchema.part])
        guard let level = try studentStore.context(at: ["MATH-JAM", "LEVEL-1"]) else {
            throw BenchError.mismatch("the store has no MATH-JAM/LEVEL-1")
        }
        activity = try level.createNewActivity(student: Self.students[0])
        try activity.start()
        try studentStore.save()
    }

    /// Real runs of Math Jam's published version by the first students, as `edujam play` plays
    /// them from the store: their attempts keep replay records for `verify`.
    private static func play(_ store: TrackingStore, address: StoreAddress, work: String) throws {
        let cache = try GameSource.cache(dataFolder: work + "/data")
        for (index, student) in students.prefix(players).enumerated() {
            for run in 0..<runsEach {
                guard
                    let source = try GameSource.fromStore(
                        game: "MATH-JAM", level: "LEVEL-1", store: store, offline: false,
                        destination: "district", cache: cache)
                else { throw BenchError.mismatch("Math Jam is not published") }
                var options = PlayOptions()
                options.student = student
                options.seed = index * 10 + run + 1
                let report = try source.play(store: store, channel: BotChannel(), clock: .virtual(), options: options)
                guard report.outcome == .finished else { throw BenchError.mismatch("a Math Jam run \(report.outcome)") }
            }
        }
    }
}

extension DistrictStore {
    /// The operations, by name, in the row's order, with how many pairs each times for one of
    /// another's: a save takes under a millisecond, and a hundredth's jitter is most of one.
    static let operations: [(name: String, pairs: Int, run: @Sendable (DistrictStore) throws -> Void)] = [
        ("report", 1, { try $0.report() }), ("report-html", 1, { try $0.reportPage() }),
        ("inbox", 1, { try $0.inbox() }), ("verify", 1, { try $0.verify() }), ("save", 6, { try $0.save() }),
        ("export", 1, { try $0.export() }),
    ]

    /// `report --class`: the class's review grid.
    func report() throws {
        let report = try teacherStore.classReport(className: Self.className)
        guard report.assignments.count == 20, report.assignments.allSatisfy({ $0.students.count == 30 }),
            report.assignments[0].students[1].activities.first?.attempts == DistrictSQL.attemptsPerStudent / 20
        else { throw BenchError.mismatch("the measured class's report") }
    }

    /// `report --class --html FILE`: the review and each cell's attempts, as one page (not written).
    func reportPage() throws {
        let report = try teacherStore.classReport(className: Self.className)
        let attempts = try teacherStore.attempts(behind: report)  // as report --html reads them
        let page = ClassReportPage(report: report, attempts: attempts, generated: "2026-12-07 09:00").html()
        guard page.utf8.count > 10_000 else { throw BenchError.mismatch("the report page") }
    }

    /// `inbox`, as the student's login.
    func inbox() throws {
        guard try studentStore.inbox(student: Self.students[0]).count == 20 else {
            throw BenchError.mismatch("the student's inbox")
        }
    }

    /// `verify --class`: the class's ended attempts, read and replayed (in this process) from their
    /// records; the checks are not stored (a teacher's run stores them: a write, not a read).
    func verify() throws {
        let runs = try VerifyScope(className: Self.className).attempts(in: teacherStore)
        let checked = try AttemptVerifier(store: teacherStore, replays: .inThisProcess).check(runs)
        let verified = checked.filter { $0.result.state == .verified }.count
        guard verified == Self.players * Self.runsEach,
            runs.count == Self.students.count * DistrictSQL.attemptsPerStudent + verified
        else { throw BenchError.mismatch("verify found \(verified) verified of \(runs.count)") }
    }

    /// A student's save: one answer's item and progress on their running attempt, as a game saves
    /// each time it waits for the student.
    func save() throws {
        let count = saves.next()
        try activity.setQuantity(id: "score", title: "Score", value: Double(count))
        try activity.setProgress(Double(count) / Double(count + 1))
        try studentStore.save()
    }

    /// `export --oneroster-results DIR --class`: the class's line items and results (not written).
    func export() throws {
        let gradebook = try teacherStore.gradebook(className: Self.className)
        let files = OneRosterResults.files(gradebook)
        guard gradebook.count == 20, gradebook.allSatisfy({ $0.rows.count == 30 }), files["results.csv"] != nil else {
            throw BenchError.mismatch("the class's OneRoster results")
        }
    }

    /// The bytes of the store's tables and of their indexes, every relation of the schema `public`.
    func bytes(on server: BenchPostgres) throws -> (table: Double, index: Double, attempts: Double) {
        let row = try server.psqlOutput(
            """
            SELECT sum(pg_table_size(c.oid)), sum(pg_indexes_size(c.oid)), (SELECT count(*) FROM activities)
            FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
            WHERE n.nspname = 'public' AND c.relkind = 'r';
            """, database: database)
        let numbers = row.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: "|").compactMap {
            Double($0)
        }
        guard numbers.count == 3 else { throw BenchError.mismatch("the store's size: \(row)") }
        return (numbers[0], numbers[1], numbers[2])
    }
}

/// How many saves the measured attempt has had: each save changes its score.
private final class Counter: @unchecked Sendable {
    private var count = 0
    func next() -> Int {
        count += 1
        return count
    }
}
