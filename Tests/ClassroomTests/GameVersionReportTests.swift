import Foundation
import Testing
import TrackingTestSupport

@testable import Classroom
@testable import Tracking

/// The class report carries each attempt's game version, and tells the teacher when the attempts
/// of one assignment ran different versions of the game.
@Suite struct GameVersionReportTests {
    static let first = "3f2a9c01d2e4" + String(repeating: "0", count: 52)
    static let second = String(repeating: "9b1c", count: 16)

    private func assigned(_ clock: VirtualClock) throws -> TrackingStore {
        let store = try classroomStore(clock)
        try store.createAssignment(
            AssignmentDraft(className: "5A", title: "Fractions", paths: [Catalog.level1, Catalog.level2]))
        clock.advance(1)
        return store
    }

    @Test func anAssignmentWhoseAttemptsRanDifferentVersionsSaysSo() throws {
        let clock = VirtualClock()
        let store = try assigned(clock)
        for _ in 0..<3 { try play(store, "ana", Catalog.level1, clock: clock, gameVersion: Self.first) }
        try play(store, "ben", Catalog.level1, clock: clock, gameVersion: Self.first)
        try play(store, "ben", Catalog.level2, clock: clock, gameVersion: Self.second)
        try play(store, "cleo", Catalog.level1, clock: clock)  // saved by an embedder that names none
        let report = try #require(try store.classReport(className: "5A").assignments.first)
        #expect(
            report.gameVersions == [
                GameVersionCount(version: Self.first, attempts: 4), GameVersionCount(version: Self.second, attempts: 1),
                GameVersionCount(version: nil, attempts: 1),
            ])
        #expect(
            report.versionsNote
                == "3 game versions: 3f2a9c01d2e4 (4 attempts), 9b1c9b1c9b1c (1 attempt), no version recorded (1 attempt)"
        )
        #expect(report.students[1].activities.map(\.gameVersion) == [Self.first, Self.second])
        #expect(report.students[2].activities.map(\.gameVersion) == [nil, nil])
    }

    @Test func oneVersionNeedsNoNote() throws {
        let clock = VirtualClock()
        let store = try assigned(clock)
        try play(store, "ana", Catalog.level1, clock: clock, gameVersion: Self.first)
        try play(store, "ben", Catalog.level2, clock: clock, gameVersion: Self.first)
        let report = try #require(try store.classReport(className: "5A").assignments.first)
        #expect(report.gameVersions == [GameVersionCount(version: Self.first, attempts: 2)])
        #expect(report.versionsNote == nil)
        let json = String(decoding: try JSONEncoder().encode(report), as: UTF8.self)
        let object = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
        let versions = object?["gameVersions"] as? [[String: Any]]
        #expect(versions?.first?["version"] as? String == Self.first && versions?.first?["attempts"] as? Int == 2)
    }
}
