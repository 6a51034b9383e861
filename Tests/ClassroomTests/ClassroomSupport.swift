import Foundation
import Testing
import TrackingTestSupport

@testable import Classroom
@testable import Tracking

/// Paths of the published test catalog, without the root identifier.
enum Catalog {
    static let level1 = ["MATH-JAM", "LEVEL-1"]
    static let level2 = ["MATH-JAM", "LEVEL-2"]
    static let menu = ["MATH-JAM", "MENU"]  // not assignable
}

/// Publishes the test catalog (Math Jam with two levels and a non-assignable menu) and saves it.
func publishCatalog(_ store: TrackingStore) throws {
    let game = try store.mainContext.addChild(identifier: "MATH-JAM", title: "Math Jam", type: .game)
    try game.addChild(identifier: "LEVEL-1", title: "Level 1", type: .level)
    try game.addChild(identifier: "LEVEL-2", title: "Level 2", type: .level)
    try game.addChild(identifier: "MENU", title: "Menu", type: .page).isAssignable = false
    try store.save()
}

/// A store holding the catalog and class "5A" with ana, ben and cleo.
/// - Parameter path: A SQLite file, for SQLite's own tests; nil for the test run's engine (``makeEngine()``).
func classroomStore(_ clock: VirtualClock = VirtualClock(), path: String? = nil) throws -> TrackingStore {
    let engine: any StoreEngine = try path.map { try SQLiteEngine(path: $0) } ?? makeEngine()
    let store = try TrackingStore(engine: engine, rootIdentifier: rootID, rootTitle: "EduJam Games", clock: clock.read)
    try publishCatalog(store)
    try store.createClass(named: "5A")
    try store.addStudents(["ana", "ben", "cleo"], toClass: "5A")
    return store
}

/// Plays and saves one finished attempt of `seconds`, the way `edujam play` will.
/// - Returns: The attempt's row id.
@discardableResult
func play(
    _ store: TrackingStore, _ student: String, _ path: [String], clock: VirtualClock, seconds: Double = 60,
    progress: Double? = nil, score: Double? = nil, doneByGame: Bool = false, gameVersion: String? = nil
) throws -> Int64 {
    guard let context = try store.context(at: path) else { throw ClassroomError.unknownPath(path) }
    let run = try context.createNewActivity(student: student, gameVersion: gameVersion)
    try run.start()
    clock.advance(seconds)
    if let score { try run.setScore(id: "score", title: "Score", score: score, maxScore: 10) }
    if let progress { try run.setProgress(progress) }
    try run.end(outcome: .finished)
    if doneByGame { run.markDone(by: .game) }
    try store.save()
    return run.id ?? -1
}

/// Runs `body`, expecting a ``TrackingError``, and checks that the store's classroom tables did
/// not change meanwhile.
func refusedWithoutChange(_ store: TrackingStore, _ body: () throws -> Void) throws -> TrackingError? {
    let before = try classroomSnapshot(store)
    let error = trackingError(body)
    #expect(try classroomSnapshot(store) == before)
    return error
}

/// As ``refusedWithoutChange(_:_:)``, for the classroom's own errors.
func classroomRefusal(_ store: TrackingStore, _ body: () throws -> Void) throws -> ClassroomError? {
    let before = try classroomSnapshot(store)
    let error = classroomError(body)
    #expect(try classroomSnapshot(store) == before)
    return error
}

/// The ``ClassroomError`` `body` throws, or nil when it throws nothing or another error.
func classroomError(_ body: () throws -> Void) -> ClassroomError? {
    do {
        try body()
        return nil
    } catch let error as ClassroomError { return error } catch { return nil }
}

/// Row counts of every classroom table, plus completed assignments.
func classroomSnapshot(_ store: TrackingStore) throws -> [Int64] {
    let tables = [
        "classes", "class_students", "assignments", "assignment_recipients", "assignment_activities",
        "assignment_done", "assignments WHERE completed_at IS NOT NULL",
    ]
    return try tables.map { table in
        try scalar(store, "SELECT COUNT(*) FROM \(table)") ?? -1
    }
}
