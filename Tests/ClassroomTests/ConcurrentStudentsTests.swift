import Foundation
import Synchronization
import Testing
import TrackingTestSupport

@testable import Classroom
@testable import Tracking

/// Students saving at once on a school server (a whole school playing at once): each student their own
/// connection as their own login, row-level security on, all saving at the same moments. Nothing
/// may be lost, doubled or refused. Bench row `store/players` does the same with 300 processes
/// playing Math Jam; this is its small, always-run check.
///
/// Without a PostgreSQL server the suite is skipped with the reason, never passed.
@Suite(.enabled(if: PostgresServer.isAvailable, Comment(rawValue: PostgresServer.skipComment)))
struct ConcurrentStudentsTests {
    static let students = 10
    static let attemptsEach = 5
    static let answersEach = 10

    @Test func studentsSavingAtOnceAsTheirOwnLoginsLoseNothing() throws {
        let school = try School(students: Self.students)
        let saved = Saved()
        let connected = DispatchGroup()
        let finished = DispatchGroup()
        let start = DispatchSemaphore(value: 0)
        for login in school.students {
            connected.enter()
            finished.enter()
            Thread.detachNewThread {
                defer { finished.leave() }
                do {
                    let store = try school.store(as: login)
                    let identity = try store.identity()
                    connected.leave()
                    start.wait()  // every student connected: all save from here on at once
                    guard case .login(_, .student, let name?) = identity else {
                        return saved.fail("\(login) is not a student: \(identity)")
                    }
                    try Self.play(store, as: name, into: saved)
                } catch {
                    saved.fail("\(login): \(error)")
                }
            }
        }
        connected.wait()
        for _ in school.students { start.signal() }
        finished.wait()

        #expect(saved.failures == [])
        let played = saved.attempts
        #expect(played.count == Self.students * Self.attemptsEach)
        // What the owner (whom no policy binds) finds: each attempt once, as its student left it.
        let rows = try school.sql(
            """
            SELECT a.uuid::text || ' ' || a.student || ' ' || a.outcome || ' ' || a.progress || ' '
                || string_agg(i.identifier || '=' || COALESCE(i.quantity, i.score), ',' ORDER BY i.identifier)
            FROM activities a JOIN activity_items i ON i.activity_id = a.id
            GROUP BY a.id ORDER BY 1
            """
        ).split(separator: "\n").map(String.init)
        #expect(rows == played.sorted())
    }

    /// One student's attempts: a save after each answer (score, correct answers and progress
    /// changed together, as a game does between two questions), then the end.
    private static func play(_ store: TrackingStore, as student: String, into saved: Saved) throws {
        let game = try #require(try store.context(at: ["MATH-JAM"]))
        for _ in 0..<attemptsEach {
            let attempt = try game.createNewActivity(student: student)
            try attempt.start()
            for answer in 1...answersEach {
                try attempt.setQuantity(id: "score", title: "Score", value: Double(answer * 15))
                try attempt.setScore(id: "correct", title: "Correct", score: Double(answer), maxScore: Double(answer))
                try attempt.setProgress(Double(answer) / Double(answersEach))
                try store.save()
            }
            try attempt.end(outcome: .finished)
            try store.save()
            saved.add(
                "\(attempt.uuid.uuidString.lowercased()) \(student) finished 1 "
                    + "correct=\(answersEach),score=\(answersEach * 15)")
        }
    }

    /// What the student threads saved and what failed, in the threads' words.
    private final class Saved: Sendable {
        private let state = Mutex<(attempts: [String], failures: [String])>(([], []))
        func add(_ attempt: String) { state.withLock { $0.attempts.append(attempt) } }
        func fail(_ message: String) { state.withLock { $0.failures.append(message) } }
        var attempts: [String] { state.withLock { $0.attempts } }
        var failures: [String] { state.withLock { $0.failures } }
    }
}

/// A fresh database owned by a role of its own (as `edujam store init` leaves a school), with
/// Math Jam published and one class of `students` students, each with their own login (`class add
/// --create-logins`). Logins are cluster-wide: each school's names carry its database's tag.
private struct School: Sendable {
    let server: PostgresServer
    let database: String
    let owner: String
    let students: [String]

    init(students count: Int) throws {
        server = try PostgresServer.server()
        database = try server.createDatabase()
        let tag = String(database.dropFirst("edujam_test_".count))
        owner = "owner_\(tag)"
        students = (1...count).map { "student\($0)_\(tag)" }
        let created = try server.psql(
            "CREATE ROLE \(owner) LOGIN CREATEROLE; ALTER DATABASE \(database) OWNER TO \(owner)", database: "postgres")
        guard created.status == 0 else { throw PostgresServer.Failure("setup: \(created.error)") }
        let store = try store(as: owner)  // the owner's first open applies every migration, as `edujam store init`
        _ = try store.mainContext.addChild(identifier: "MATH-JAM", title: "Math Jam", type: .game)
        try store.save()
        try store.createClass(named: "5C")
        try store.addStudents(students, toClass: "5C", login: nil, createLogins: true)
    }

    /// The store as `edujam` opens it, connected as `role`.
    func store(as role: String) throws -> TrackingStore {
        try TrackingStore(
            engine: PostgreSQLEngine(conninfo: server.conninfo(database: database, user: role)),
            rootIdentifier: rootID, rootTitle: "EduJam Games", parts: [ClassroomSchema.part])
    }

    /// Rows as the server's superuser sees them, one a line.
    func sql(_ query: String) throws -> String {
        let result = try server.psql(query, database: database)
        guard result.status == 0 else { throw PostgresServer.Failure("\(query): \(result.error)") }
        return result.output
    }
}
