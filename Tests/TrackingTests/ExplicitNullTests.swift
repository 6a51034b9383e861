import Foundation
import Testing

@testable import Tracking

/// Report JSON keeps every key: an absent optional is `null`, never a missing key.
@Suite struct ExplicitNullTests {
    struct Row: Codable, Equatable {
        var name: String
        @ExplicitNull var due: String?
    }

    @Test func nilIsWrittenAsNull() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let json = String(decoding: try encoder.encode(Row(name: "x", due: nil)), as: UTF8.self)
        #expect(json == #"{"due":null,"name":"x"}"#)
        let set = String(decoding: try encoder.encode(Row(name: "x", due: "2026-12-01")), as: UTF8.self)
        #expect(set == #"{"due":"2026-12-01","name":"x"}"#)
    }

    @Test func nullOrAbsentReadsAsNil() throws {
        #expect(
            try JSONDecoder().decode(Row.self, from: Data(#"{"name":"x","due":null}"#.utf8)) == Row(name: "x", due: nil)
        )
        #expect(try JSONDecoder().decode(Row.self, from: Data(#"{"name":"x"}"#.utf8)) == Row(name: "x", due: nil))
        #expect(try JSONDecoder().decode(Row.self, from: Data(#"{"name":"x","due":"d"}"#.utf8)).due == "d")
    }

    @Test func aRunWithoutPrimaryItemSaysNull() throws {
        let run = RunRecord(
            id: 1, student: "ana", identifierPath: ["r"], title: "T", outcome: .quit, done: false,
            started: false, startedAt: "2026-12-01T00:00:00Z", durationSeconds: 0, progress: 0,
            primaryItem: nil, items: [])
        let json = String(decoding: try JSONEncoder().encode(run), as: UTF8.self)
        #expect(json.contains(#""primaryItem":null"#))
    }
}
