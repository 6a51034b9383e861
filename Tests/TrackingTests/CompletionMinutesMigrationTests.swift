import Foundation
import Testing
import TrackingTestSupport

@testable import Tracking

/// Stores written when the completion time was kept in seconds open with it
/// in minutes (migration `012-completion-minutes`).
@Suite(.enabled(if: TestEngine.isSQLite, "SQLite's own: opens a store file or reads its connection"))
struct CompletionMinutesMigrationTests {
    @Test func secondsWrittenByAnOlderVersionReadAsWholeMinutes() throws {
        let path = temporaryStorePath()
        do {  // the schema and rows as the version before the migration wrote them
            let connection = try Connection(path: path)
            let before = Array(Migrations.all.prefix { $0.name != "012-completion-minutes" })
            try Migrator.migrate(connection, migrations: before)
            try connection.execute(
                """
                INSERT INTO store_info (key, value) VALUES ('root_identifier', '\(rootID)');
                INSERT INTO contexts (id, parent_id, path, identifier, title, type, created_at, modified_at)
                    VALUES (1, NULL, '["\(rootID)"]', '\(rootID)', 'EduJam', 1, 0, 0);
                INSERT INTO contexts (parent_id, path, identifier, title, type, time_min, time_max, created_at, modified_at)
                    VALUES (1, '["\(rootID)","MATH-JAM"]', 'MATH-JAM', 'Math Jam', 12, 120, 300, 0, 0),
                           (1, '["\(rootID)","WORD-JAM"]', 'WORD-JAM', 'Word Jam', 12, 90, 150, 0, 0),
                           (1, '["\(rootID)","FREE"]', 'FREE', 'Free play', 12, 0, \(Int64.max), 0, 0),
                           (1, '["\(rootID)","ANY"]', 'ANY', 'Any time', 12, NULL, NULL, 0, 0);
                """)
        }
        let store = try TrackingStore(path: path, rootIdentifier: rootID, rootTitle: "EduJam")
        #expect(try store.context(at: ["MATH-JAM"])?.suggestedCompletionMinutes == 2...5)
        #expect(try store.context(at: ["WORD-JAM"])?.suggestedCompletionMinutes == 1...3, "widened to whole minutes")
        #expect(try store.context(at: ["FREE"])?.suggestedCompletionMinutes == 0...(Int.max / 60 + 1))
        #expect(try store.context(at: ["ANY"])?.suggestedCompletionMinutes == nil)
        #expect(try Migrator.appliedNames(store.connection).contains("012-completion-minutes"))
    }
}
