import Foundation
import Interop
import Testing
import Tracking

/// The xAPI mapping through the public API only, on a store with a clock the test moves.
@Suite struct StatementBuilderTests {
    final class Clock: @unchecked Sendable {
        var now = Date(timeIntervalSince1970: 1_800_000_000)
        func advance(_ seconds: Double) { now += seconds }
    }

    /// One attempt: start, progress, a pause, resume, items, finish.
    static func playedStore(passed: Bool = true, score: Double = 2, gameVersion: String? = nil) throws -> TrackingStore
    {
        let clock = Clock()
        let store = try TrackingStore.inMemory(
            rootIdentifier: "org.edujam.games", rootTitle: "EduJam Games", clock: { clock.now })
        let game = try store.mainContext.addChild(identifier: "QUIZ", title: "Quiz", type: .quiz)
        let level = try game.addChild(identifier: "LEVEL#1", title: "Level one", type: .level)
        let attempt = try level.createNewActivity(student: "ana", gameVersion: gameVersion)
        try attempt.start()
        clock.advance(10)
        try attempt.setProgress(0.5)
        try store.save()
        try attempt.stop()
        clock.advance(100)  // a break: not counted
        try attempt.start()
        clock.advance(5.25)
        try attempt.setProgress(0.5)  // no growth: no statement
        try attempt.setProgress(1)
        try attempt.setScore(id: "correct", title: "Correct", score: score, maxScore: 3)  // the first item: primary
        try attempt.setQuantity(id: "streak", title: "Streak", value: 4)
        try attempt.setBinary(id: "passed", title: "Passed", value: passed, valueType: .passFail)
        try attempt.end(outcome: .finished)
        try store.save()
        return store
    }

    @Test func anAttemptIsToldInTheOrderItHappened() throws {
        let statements = StatementBuilder(homePage: "https://school.example")
            .statements(try #require(try Self.playedStore().attemptHistories().first))
        #expect(
            statements.map(\.verb.display["en-US"]) == [
                "initialized", "progressed", "suspended", "resumed",
                "progressed", "scored", "passed", "completed", "terminated",
            ])
        #expect(statements.map(\.verb.id).allSatisfy { $0.hasPrefix("http://adlnet.gov/expapi/verbs/") })
        let progress = statements.compactMap { $0.result?.extensions?[StatementBuilder.progressExtension] }
        #expect(progress == [50, 100, 100])
        #expect(statements[2].result?.duration == "PT10S", "time until the pause")
        #expect(statements.last?.result?.duration == "PT15.25S", "the break is not counted")
        #expect(statements.last?.result?.extensions?["urn:edujam:item:streak"] == 4)
        let score = try #require(statements[5].result?.score)
        #expect(score.raw == 2 && score.min == 0 && score.max == 3)
        #expect(abs((score.scaled ?? 0) - 2.0 / 3) < 1e-12)
        #expect(statements[6].result?.success == true && statements[6].result?.duration == "PT15.25S")
        #expect(statements[7].result?.completion == true)
    }

    @Test func identityAndContextComeFromTheAttemptAndItsPath() throws {
        let store = try Self.playedStore()
        let attempt = try #require(try store.attemptHistories().first)
        let statements = StatementBuilder(homePage: "https://school.example").statements(attempt)
        let first = try #require(statements.first)
        #expect(first.actor.account.homePage == "https://school.example" && first.actor.account.name == "ana")
        #expect(first.context.registration == attempt.uuid.uuidString.lowercased())
        #expect(first.object.id == "urn:edujam:activity:org.edujam.games/QUIZ/LEVEL%231", "percent-encoded path")
        #expect(first.context.contextActivities?.parent?.map(\.id) == ["urn:edujam:activity:org.edujam.games/QUIZ"])
        #expect(first.context.contextActivities?.grouping?.map(\.id) == ["urn:edujam:activity:org.edujam.games"])
        #expect(Set(statements.map(\.id)).count == statements.count, "one id per statement")
        #expect(statements.allSatisfy { UUID(uuidString: $0.id) != nil && $0.id == $0.id.lowercased() })
    }

    @Test func everyStatementCarriesTheGameVersionTheAttemptRan() throws {
        let version = String(repeating: "0123456789abcdef", count: 4)
        let builder = StatementBuilder(homePage: "https://school.example")
        let statements = builder.statements(
            try #require(try Self.playedStore(gameVersion: version).attemptHistories().first))
        #expect(statements.count == 9)
        #expect(statements.allSatisfy { $0.context.extensions == [StatementBuilder.gameVersionExtension: version] })
        // An attempt that recorded none has no extension at all: the statement stays as it was.
        let unversioned = builder.statements(try #require(try Self.playedStore().attemptHistories().first))
        #expect(unversioned.allSatisfy { $0.context.extensions == nil })
        let json = String(decoding: try JSONEncoder().encode(unversioned[0]), as: UTF8.self)
        #expect(!json.contains("extensions\":null"), "\(json)")
    }

    @Test func exportingTwiceGivesTheSameBytes() throws {
        let store = try Self.playedStore()
        let builder = StatementBuilder(homePage: "https://school.example")
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let first = try encoder.encode(try store.attemptHistories().flatMap(builder.statements))
        let second = try encoder.encode(try store.attemptHistories().flatMap(builder.statements))
        #expect(first == second)
    }

    @Test func aFailingRunIsFailedAndAScoreOverItsMaximumIsKeptInRange() throws {
        let store = try Self.playedStore(passed: false, score: 3)
        let statements = StatementBuilder(homePage: "https://school.example")
            .statements(try #require(try store.attemptHistories().first))
        #expect(statements.contains { $0.verb.display["en-US"] == "failed" && $0.result?.success == false })
        #expect(!statements.contains { $0.verb.display["en-US"] == "passed" })
        for score in statements.compactMap(\.result?.score) {
            #expect(score.raw >= score.min && score.raw <= score.max && (0...1).contains(score.scaled ?? -1))
        }
    }

    /// A quiz that sets its score and its verdict after every answer, left after 2 of 5 answers
    /// (`quit`) or never ended (saved `running`, for the test to read as `interrupted`).
    static func leftStore(outcome: RunOutcome?) throws -> TrackingStore {
        let clock = Clock()
        let store = try TrackingStore.inMemory(
            rootIdentifier: "org.edujam.games", rootTitle: "EduJam Games", clock: { clock.now })
        let quiz = try store.mainContext.addChild(identifier: "QUIZ", title: "Quiz", type: .quiz)
        let attempt = try quiz.createNewActivity(student: "ana")
        try attempt.start()
        for answer in 1...2 {
            clock.advance(10)
            try attempt.setScore(id: "correct", title: "Correct", score: Double(answer - 1), maxScore: 5)
            try attempt.setBinary(id: "passed", title: "Passed", value: false, valueType: .passFail)
            try attempt.setProgress(Double(answer) / 5)
            try store.save()
        }
        if let outcome {
            try attempt.stop()
            try attempt.end(outcome: outcome)
            try store.save()
        }
        return store
    }

    @Test(arguments: [RunOutcome.quit, .error, .limit])
    func aRunThatDidNotFinishEndsWithTerminatedOnly(outcome: RunOutcome) throws {
        let statements = StatementBuilder(homePage: "https://school.example")
            .statements(try #require(try Self.leftStore(outcome: outcome).attemptHistories().first))
        #expect(
            statements.map(\.verb.display["en-US"]) == ["initialized", "progressed", "progressed", "terminated"])
        #expect(statements.last?.result?.extensions?[StatementBuilder.progressExtension] == 40)
        #expect(statements.allSatisfy { $0.result?.score == nil && $0.result?.success == nil })
    }

    @Test func anInterruptedRunEndsWithTerminatedAtItsLastEvent() throws {
        var attempt = try #require(try Self.leftStore(outcome: nil).attemptHistories().first)
        let running = StatementBuilder(homePage: "https://school.example").statements(attempt)
        #expect(running.map(\.verb.display["en-US"]) == ["initialized", "progressed", "progressed"])  // not ended yet
        attempt.run.outcome = .interrupted  // what the store reports once the process that played it is gone
        let statements = StatementBuilder(homePage: "https://school.example").statements(attempt)
        #expect(
            statements.map(\.verb.display["en-US"]) == ["initialized", "progressed", "progressed", "terminated"])
        let terminated = try #require(statements.last)
        #expect(terminated.timestamp == statements[2].timestamp)
        #expect(terminated.result?.extensions?[StatementBuilder.progressExtension] == 40)
        #expect(Set(statements.map(\.id)).count == statements.count)
        var old = attempt  // saved before histories were kept: told from its final state
        old.events = []
        #expect(
            StatementBuilder(homePage: "https://school.example").statements(old).map(\.verb.display["en-US"]) == [
                "initialized", "progressed", "terminated",
            ])
    }

    @Test func filtersBySinceAndStudents() throws {
        let store = try Self.playedStore()
        #expect(try store.attemptHistories(students: ["bo"]).isEmpty)
        #expect(try store.attemptHistories(students: ["ana"]).count == 1)
        #expect(try store.attemptHistories(since: Date(timeIntervalSince1970: 1_900_000_000)).isEmpty)
        #expect(try store.attemptHistories(since: Date(timeIntervalSince1970: 1_700_000_000)).count == 1)
    }
}
