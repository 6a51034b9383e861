import Foundation
import Testing
import TrackingTestSupport

@testable import Tracking

/// An attempt's replay record (``AttemptInputs``): its bounds, its JSON, and how it travels with
/// the attempt on the test run's engine (SQLite, or PostgreSQL with `EDUJAM_TEST_ENGINE=postgresql`).
@Suite struct AttemptInputsTests {
    private func sample() -> AttemptInputs {
        var inputs = AttemptInputs(seed: 42, level: ["LEVEL-1"], start: 1_800_000_000.25)
        inputs.append(.clock(0.000125))
        inputs.append(.reply("12", at: 2.5))
        inputs.append(.clock(2.500001))
        inputs.append(.reply("say \"hi\"\n\u{1}", at: 3))
        inputs.append(.inputEnded(at: 9.75))
        return inputs
    }

    /// A saved, ended attempt at MATH-JAM/LEVEL-1 that kept `inputs`.
    private func savedAttempt(_ store: TrackingStore, inputs: AttemptInputs) throws -> Activity {
        let game = try store.mainContext.addChild(identifier: "MATH-JAM", title: "Math Jam", type: .game)
        let level = try game.addChild(identifier: "LEVEL-1", title: "Level 1", type: .level)
        let run = try level.createNewActivity(student: "ana")
        try run.start()
        try run.setScore(id: "correct", title: "Correct", score: 1, maxScore: 2)
        run.keepInputs(inputs)
        try run.end(outcome: .finished)
        try store.save()
        return run
    }

    @Test func theRecordIsCompactDocumentedJSONThatReadsBackTheSame() throws {
        let inputs = sample()
        let json = inputs.json()
        #expect(
            json
                == #"{"events":[["c",0.000125],["r",2.5,"12"],["c",2.500001],["r",3,"say \"hi\"\n\u0001"],["e",9.75]],"#
                + #""format":1,"level":["LEVEL-1"],"seed":42,"start":1800000000.25,"truncated":false}"#)
        #expect(try AttemptInputs.decode(json: json) == inputs)
    }

    @Test func aRunThatObservesTooMuchKeepsARecordMarkedTruncated() throws {
        var many = AttemptInputs(seed: 1, level: nil, start: 0)
        for reading in 0..<(Limits.replayEvents + 5) { many.append(.clock(Double(reading))) }
        #expect(many.events.count == Limits.replayEvents && many.isTruncated)
        many.append(.reply("late", at: 1))
        #expect(many.events.count == Limits.replayEvents)

        // The worst text there is (every byte escaped six-fold) still keeps the JSON within its bound.
        var wide = AttemptInputs(seed: -(1 << 53), level: nil, start: -1.2345678901234567e-300)
        let control = String(repeating: "\u{1}", count: Limits.replyBytes)
        while !wide.isTruncated { wide.append(.reply(control, at: -2.2250738585072014e-308)) }
        #expect(wide.json().utf8.count <= Limits.replayRecordBytes)
        #expect(try AttemptInputs.decode(json: wide.json()) == wide)

        var long = AttemptInputs(seed: 1, level: nil, start: 0)
        long.append(.reply(String(repeating: "a", count: Limits.replyBytes + 1), at: 1))
        #expect(long.events.isEmpty && long.isTruncated)
    }

    @Test(arguments: [
        String(repeating: " ", count: Limits.replayRecordBytes + 1),  // refused before it is decoded
        "not json", #"{"format":2,"seed":1,"start":0,"truncated":false,"events":[]}"#,
        #"{"format":1,"seed":1,"start":0,"truncated":false,"events":[["x",1]]}"#,
        #"{"format":1,"seed":1,"start":0,"truncated":false,"events":[["c",1,"extra"]]}"#,
        #"{"format":1,"seed":1,"start":0,"truncated":false,"events":[["c","1"]]}"#,
        #"{"format":1,"seed":1.5,"start":0,"truncated":false,"events":[]}"#,
        #"{"format":1,"seed":1,"start":0,"truncated":false,"events":[[[[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]]]]}"#,
    ])
    func aHostileRecordIsACorruptRowNeverATrap(json: String) {
        #expect(throws: TrackingError.self) { try AttemptInputs.decode(json: json) }
    }

    @Test func tooManyEventsAreRefusedWhenRead() {
        let events = Array(repeating: #"["c",1]"#, count: Limits.replayEvents + 1).joined(separator: ",")
        let json = #"{"format":1,"seed":1,"start":0,"truncated":false,"events":["# + events + "]}"
        #expect(throws: TrackingError.self) { try AttemptInputs.decode(json: json) }
    }

    @Test func theRecordIsSavedWithItsAttemptAndFoundByAPrefixOfItsUUID() throws {
        let clock = VirtualClock()
        let store = try makeStore(clock)
        var inputs = sample()
        let run = try savedAttempt(store, inputs: inputs)
        let uuid = run.uuid.lowercasedString

        let saved = try store.replayRecord(attempt: String(uuid.prefix(8)).uppercased())
        #expect(saved.inputs == inputs && saved.uuid == uuid && saved.student == "ana")
        #expect(saved.identifierPath == [rootID, "MATH-JAM", "LEVEL-1"])

        inputs.append(.clock(11))  // read after the end: an ended attempt is final, its record stays
        run.keepInputs(inputs)
        try store.save()
        #expect(try store.replayRecord(attempt: uuid).inputs == sample())
        #expect(try store.replayRecords(student: "ana").map(\.inputs) == [sample()])
        #expect(try store.replayRecords(student: "bo").isEmpty)

        #expect(throws: ReplayRecordError.notAnAttempt("7f")) { try store.replayRecord(attempt: "7f") }
        #expect(throws: ReplayRecordError.notAnAttempt("7f0c;--")) { try store.replayRecord(attempt: "7f0c;--") }
        let other = uuid.first == "0" ? "1111" : "0000"
        #expect(throws: ReplayRecordError.noAttempt(other)) { try store.replayRecord(attempt: other) }
    }

    @Test func anAttemptSavedWithoutARecordSaysSo() throws {
        let store = try makeStore()
        let game = try store.mainContext.addChild(identifier: "MATH-JAM", title: "Math Jam", type: .game)
        let run = try game.createNewActivity(student: "ana")
        try store.save()
        #expect(throws: ReplayRecordError.noRecord(uuid: run.uuid.lowercasedString)) {
            try store.replayRecord(attempt: run.uuid.uuidString)
        }
    }

    @Test func theOutboxCarriesTheRecordToTheStore() throws {
        let clock = VirtualClock()
        let source = try makeStore(clock)
        let run = try savedAttempt(source, inputs: sample())
        let snapshot = try #require(run.snapshot(at: clock.now))
        let decoded = try JSONDecoder().decode(RunSnapshot.self, from: JSONEncoder().encode(snapshot))
        #expect(decoded.inputs == sample())

        let target = try TrackingStore(engine: makeEngine(), rootIdentifier: rootID, rootTitle: "EduJam")
        #expect(try target.engine.upsert(decoded))
        #expect(try target.replayRecord(attempt: run.uuid.uuidString).inputs == sample())
    }

    @Test func theExportHasEachAttemptsRecord() throws {
        let store = try makeStore()
        let run = try savedAttempt(store, inputs: sample())
        let export = try JSONDecoder().decode(StoreExport.self, from: store.exportJSON())
        #expect(export.replayRecords?.map(\.uuid) == [run.uuid.lowercasedString])
        #expect(export.replayRecords?.first?.inputs == sample())
    }

    @Test func aStudentsGarbageRecordCostsNoReaderAnything() throws {
        let store = try makeStore()
        let run = try savedAttempt(store, inputs: sample())
        let sql = try #require(store.engine.sql)
        let garbage = String(repeating: "[", count: 100_000)
        try sql.run(
            "UPDATE attempt_inputs SET record = ?, bytes = ? WHERE activity_id = ?",
            [.text(garbage), .integer(Int64(garbage.utf8.count)), .integer(try #require(run.id))])

        #expect(try store.runs().first?.items.count == 1)  // reports read no record
        #expect(try store.replayRecords(student: nil).isEmpty)
        #expect(throws: ReplayRecordError.self) { try store.replayRecord(attempt: run.uuid.uuidString) }
        #expect(try JSONDecoder().decode(StoreExport.self, from: store.exportJSON()).runs.count == 1)

        // The database holds the size bound and the size itself.
        let huge = String(repeating: "a", count: Limits.replayRecordBytes + 1)
        #expect(throws: (any Error).self) {
            try sql.run(
                "UPDATE attempt_inputs SET record = ?, bytes = ? WHERE activity_id = ?",
                [.text(huge), .integer(Int64(huge.utf8.count)), .integer(try #require(run.id))])
        }
        #expect(throws: (any Error).self) {
            try sql.run(
                "UPDATE attempt_inputs SET bytes = 3 WHERE activity_id = ?", [.integer(try #require(run.id))])
        }
    }
}
