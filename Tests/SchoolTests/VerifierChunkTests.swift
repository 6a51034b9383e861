import Testing
import TrackingTestSupport

@testable import Classroom
@testable import School
@testable import Tracking

/// `verify` reads records a batch at a time and replays them in chunks bounded by count and bytes
/// (``AttemptVerifier/Chunking``), decoding each on the thread that replays it: whatever the
/// chunks and threads, each attempt gets its own state, in the attempts' order.
@Suite struct VerifierChunkTests {
    /// Seven ended attempts of ana's, each scoring its number in an item titled so, none with a game version: the third
    /// saved without a record, the fifth's record overwritten with text that is not one, the
    /// sixth's cut for its size.
    private func store() throws -> (TrackingStore, [RunRecord]) {
        let store = try TrackingStore(
            engine: SQLiteEngine(path: ":memory:"), rootIdentifier: rootID, rootTitle: "EduJam Games",
            clock: VirtualClock().read)  // SQLite whatever the run's engine: the test rewrites a row
        let game = try store.mainContext.addChild(identifier: "MATH-JAM", title: "Math Jam", type: .game)
        let level = try game.addChild(identifier: "LEVEL-1", title: "Level 1", type: .level)
        for attempt in 1...7 {
            let run = try level.createNewActivity(student: "ana")
            try run.start()
            try run.setScore(id: "correct", title: "Attempt \(attempt)", score: Double(attempt), maxScore: 10)
            var inputs = AttemptInputs(seed: attempt, level: ["LEVEL-1"], start: 1_800_000_000)
            inputs.append(.reply("12", at: 2.5))
            if attempt == 6 {
                while !inputs.isTruncated { inputs.append(.clock(1)) }
            }
            if attempt != 3 { run.keepInputs(inputs) }
            try run.end(outcome: .finished)
        }
        try store.save()
        try store.connection.execute(
            """
            UPDATE attempt_inputs SET record = 'not json', bytes = 8
            WHERE activity_id = (SELECT activity_id FROM activity_items WHERE kind = 'score' AND score = 5)
            """)
        return (store, try store.runs(student: "ana").sorted { $0.id < $1.id })
    }

    @Test func everyChunkingGivesEachAttemptItsOwnStateInOrder() throws {
        let (store, runs) = try store()
        func expected(_ run: RunRecord) -> String {
            switch run.items.first?.title {
            case "Attempt 3": return "notVerifiable: it has no replay record"
            case "Attempt 5": return "notVerifiable: its replay record cannot be read"
            case "Attempt 6": return "notVerifiable: its replay record was cut for its size"
            default: return "notVerifiable: it recorded no game version"
            }
        }
        #expect(runs.count == 7 && Set(runs.map(expected)).count == 4)
        let chunkings = [
            AttemptVerifier.Chunking(),
            AttemptVerifier.Chunking(batch: 2, attempts: 3, bytes: 1 << 20),
            AttemptVerifier.Chunking(batch: 1, attempts: 100, bytes: 1),  // a chunk per record read
            AttemptVerifier.Chunking(batch: 0, attempts: 0, bytes: 0),
        ]
        for chunking in chunkings {
            for jobs in [1, 2, 3] {
                let checked = try AttemptVerifier(store: store, jobs: jobs, chunking: chunking).check(runs)
                #expect(checked.map(\.run.id) == runs.map(\.id), "\(chunking) jobs \(jobs)")
                let states = checked.map { "\($0.result.state): \($0.result.difference ?? "")" }
                #expect(states.count == runs.count, "\(chunking) jobs \(jobs)")
                for (state, run) in zip(states, runs) {
                    #expect(state.hasPrefix(expected(run)), "\(chunking) jobs \(jobs): \(states)")
                }
            }
        }
    }
}
