import CSQLite
import Foundation
import Tracking

/// Row 5: the store. (a) Item updates per second when every attempt is saved
/// durably (WAL, one transaction per save, as a student's run saves after each
/// answer). (b) `runs()` (what `edujam report` prints) over 100,000 stored attempts,
/// of 60 students, against a bare SQLite scan of the same rows as the reference. Target: report < 1 s.
extension Row {
    static let store = Row(name: "store") { context in
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("edujam-bench-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let updates = try itemUpdatesPerSecond(
            path: folder.appendingPathComponent("updates.sqlite").path,
            attempts: context.options.quick ? 50 : 200)
        let path = folder.appendingPathComponent("report.sqlite").path
        let count = context.options.quick ? 20_000 : 100_000
        let store = try TrackingStore(path: path, rootIdentifier: "org.edujam.games", rootTitle: "EduJam")
        let game = try store.mainContext.addChild(identifier: "MATH-JAM", title: "Math Jam", type: .game)
        try store.save()
        try bulkLoad(path: path, contextPath: game.identifierPath, count: count)
        let samples = try interleaveUntilSteady(
            context.options.quick ? 3...5 : 5...41, pair: (1, 0),
            [
                { try cpuSeconds { try scanBare(path: path, expecting: count) } },
                {
                    try cpuSeconds {
                        guard try store.runs().count == count else { throw BenchError.mismatch("runs() count") }
                    }
                },
            ])
        return [
            Measurement(
                name: "store/report", reference: samples.median(of: 0) * 1e3, edujam: samples.median(of: 1) * 1e3,
                unit: "ms", paired: samples.paired(1, to: 0), target: Target(maxValue: 1000),
                note:
                    "runs() over \(count) attempts of 60 students with 2 items each (CPU time); reference: a bare SQLite scan of the same rows"
            ),
            Measurement(
                name: "store/updates", reference: nil, edujam: updates, unit: "updates/s", target: Target(),
                note: "3 item updates + progress, then a durable save, per attempt (higher is better)"),
        ]
    }
}

private func itemUpdatesPerSecond(path: String, attempts: Int) throws -> Double {
    let store = try TrackingStore(path: path, rootIdentifier: "org.edujam.games", rootTitle: "EduJam")
    let level = try store.mainContext.addChild(identifier: "GAME", title: "Game", type: .game)
    try store.save()
    let elapsed = try seconds {
        for attempt in 0..<attempts {
            let activity = try level.createNewActivity(student: "s\(attempt % 30)")
            try activity.start()
            for answer in 1...3 {
                try activity.setQuantity(id: "score", title: "Score", value: Double(answer * 10))
                try activity.setProgress(Double(answer) / 3)
                try store.save()
            }
            try activity.end(outcome: .finished)
            try store.save()
        }
    }
    return Double(attempts * 3) / elapsed
}

/// Writes rows straight into the store's tables, in one transaction: the subject is the read.
private func bulkLoad(path: String, contextPath: [String], count: Int) throws {
    try withDatabase(path) { db in
        try exec(db, "BEGIN")
        let contextID = try scalar(db, "SELECT id FROM contexts WHERE identifier = 'MATH-JAM'")
        var run: OpaquePointer?
        var item: OpaquePointer?
        sqlite3_prepare_v2(
            db,
            "INSERT INTO activities (context_id, student, created_at, started_at, ended_at, outcome, duration, progress, primary_item) VALUES (?, ?, ?, ?, ?, 'finished', 60, 1, 'score')",
            -1, &run, nil)
        sqlite3_prepare_v2(
            db,
            "INSERT INTO activity_items (activity_id, identifier, title, kind, sequence, quantity, score, max_score) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            -1, &item, nil)
        defer {
            sqlite3_finalize(run)
            sqlite3_finalize(item)
        }
        for index in 0..<count {
            sqlite3_bind_int64(run, 1, contextID)
            // 60 students: 1,667 attempts each, under what a read loads of one student
            // (Limits.attemptsReadPerStudent), so runs() returns every row the scan counts.
            sqlite3_bind_text(run, 2, "s\(index % 60)", -1, csqlite_transient())
            for column in Int32(3)...5 { sqlite3_bind_double(run, column, Double(index)) }
            guard sqlite3_step(run) == SQLITE_DONE else { throw BenchError.mismatch("bulk insert") }
            sqlite3_reset(run)
            let id = sqlite3_last_insert_rowid(db)
            for (sequence, kind) in ["quantity", "score"].enumerated() {
                sqlite3_bind_int64(item, 1, id)
                sqlite3_bind_text(item, 2, kind == "quantity" ? "score" : "correct", -1, csqlite_transient())
                sqlite3_bind_text(item, 3, kind == "quantity" ? "Score" : "Correct", -1, csqlite_transient())
                sqlite3_bind_text(item, 4, kind, -1, csqlite_transient())
                sqlite3_bind_int(item, 5, Int32(sequence + 1))
                if kind == "quantity" { sqlite3_bind_double(item, 6, 100) } else { sqlite3_bind_null(item, 6) }
                if kind == "score" {
                    sqlite3_bind_double(item, 7, 8)
                    sqlite3_bind_double(item, 8, 10)
                } else {
                    sqlite3_bind_null(item, 7)
                    sqlite3_bind_null(item, 8)
                }
                guard sqlite3_step(item) == SQLITE_DONE else { throw BenchError.mismatch("bulk insert item") }
                sqlite3_reset(item)
            }
        }
        try exec(db, "COMMIT")
    }
}

/// Reads every attempt and item with plain statements: the least a report can do.
private func scanBare(path: String, expecting count: Int) throws {
    try withDatabase(path) { db in
        var rows = 0
        for sql in [
            "SELECT a.id, a.student, c.path, c.title, a.outcome, a.done_by, a.started_at, a.duration, a.progress, a.primary_item FROM activities a JOIN contexts c ON c.id = a.context_id ORDER BY a.started_at DESC, a.id DESC",
            "SELECT activity_id, identifier, title, kind, quantity, flag, value_type, score, max_score FROM activity_items ORDER BY activity_id, sequence",
        ] {
            var statement: OpaquePointer?
            sqlite3_prepare_v2(db, sql, -1, &statement, nil)
            defer { sqlite3_finalize(statement) }
            while sqlite3_step(statement) == SQLITE_ROW {
                rows += 1
                for column in 0..<sqlite3_column_count(statement) { _ = sqlite3_column_text(statement, column) }
            }
        }
        guard rows == count * 3 else { throw BenchError.mismatch("bare scan read \(rows) rows") }
    }
}

private func withDatabase(_ path: String, _ body: (OpaquePointer) throws -> Void) throws {
    var db: OpaquePointer?
    guard sqlite3_open(path, &db) == SQLITE_OK, let db else { throw BenchError.mismatch("cannot open \(path)") }
    defer { sqlite3_close(db) }
    sqlite3_busy_timeout(db, 10_000)
    try body(db)
}

private func exec(_ db: OpaquePointer, _ sql: String) throws {
    guard sqlite3_exec(db, sql, nil, nil, nil) == SQLITE_OK else {
        throw BenchError.mismatch(String(cString: sqlite3_errmsg(db)))
    }
}

private func scalar(_ db: OpaquePointer, _ sql: String) throws -> Int64 {
    var statement: OpaquePointer?
    sqlite3_prepare_v2(db, sql, -1, &statement, nil)
    defer { sqlite3_finalize(statement) }
    guard sqlite3_step(statement) == SQLITE_ROW else { throw BenchError.mismatch("no row for \(sql)") }
    return sqlite3_column_int64(statement, 0)
}
