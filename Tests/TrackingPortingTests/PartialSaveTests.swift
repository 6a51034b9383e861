import Testing
import Tracking

/// A save commits every valid change and names the objects it refused, as
/// ClassKit's `partialFailure` does; a student's results never wait for a catalog fix.
@Suite struct PartialSaveTests {
    /// A started, scored and stopped attempt at `context`.
    private func playedAttempt(_ context: Context, progress: Double = 0.5) throws -> Activity {
        let run = try context.createNewActivity(student: "ana")
        try run.start()
        try run.setScore(id: "score", title: "Score", score: 3, maxScore: 5)
        try run.setProgress(progress)
        try run.stop()
        return run
    }

    private func refused(by save: () throws -> Void) -> [RefusedChange] {
        do {
            try save()
        } catch TrackingError.partialFailure(let refused) {
            return refused
        } catch {
            Issue.record("expected a partial failure, got \(error)")
        }
        return []
    }

    @Test func aTooLongTitleElsewhereDoesNotHoldTheAttemptHostage() throws {
        let path = SaveFixture.storePath()
        let store = try SaveFixture.open(path)
        let level = try SaveFixture.level(store)
        let other = try SaveFixture.level(store, "LEVEL-2")
        let run = try playedAttempt(level)
        other.title = String(repeating: "x", count: 300)

        let refused = refused { try store.save() }
        #expect(refused.map(\.object) == [.context(identifierPath: other.identifierPath)])
        #expect(refused.map(\.category) == [.limits])

        let otherProcess = try SaveFixture.open(path)
        let saved = try otherProcess.runs()
        #expect(saved.map(\.id) == [run.id].compactMap { $0 })
        #expect(saved.first?.progress == 0.5 && saved.first?.items.first?.score == 3)
        #expect(try otherProcess.context(at: ["GAME", "LEVEL-2"])?.title == "Title of LEVEL-2")
    }

    @Test func laterSavesKeepWritingResultsAndTheFixIsWrittenOnce() throws {
        let path = SaveFixture.storePath()
        let store = try SaveFixture.open(path)
        let level = try SaveFixture.level(store)
        let run = try playedAttempt(level)
        level.title = "   "
        #expect(refused { try store.save() }.map(\.category) == [.invalidArgument])

        try run.start()
        try run.setProgress(0.9)
        try run.stop()
        let again = refused { try store.save() }
        #expect(again.map(\.object) == [.context(identifierPath: level.identifierPath)])  // still dirty
        #expect(try SaveFixture.open(path).runs().first?.progress == 0.9)

        level.title = "Level one"
        try store.save()
        #expect(try SaveFixture.open(path).context(at: ["GAME", "LEVEL-1"])?.title == "Level one")
    }

    @Test func anAttemptAtANeverSavedRefusedContextWaitsForTheFix() throws {
        let path = SaveFixture.storePath()
        let store = try SaveFixture.open(path)
        let level = try SaveFixture.level(store)
        let bonus = try level.addChild(identifier: "BONUS", title: "Bonus", type: .quiz)
        bonus.summary = String(repeating: "s", count: 4_001)
        let quiz = try bonus.addChild(identifier: "Q1", title: "Question 1", type: .task)
        let waiting = try playedAttempt(quiz)
        let elsewhere = try playedAttempt(level)

        let refused = refused { try store.save() }
        #expect(
            refused.map(\.object) == [
                .context(identifierPath: bonus.identifierPath), .context(identifierPath: quiz.identifierPath),
                .attempt(identifierPath: quiz.identifierPath, uuid: waiting.uuid),
            ])
        #expect(refused.map(\.category) == [.limits, .invalidArgument, .invalidArgument])
        #expect(try SaveFixture.open(path).runs().map(\.id) == [elsewhere.id].compactMap { $0 })

        bonus.summary = "A bonus quiz"
        try store.save()
        let runs = try SaveFixture.open(path).runs()
        #expect(runs.count == 2)
        #expect(runs.contains { $0.identifierPath == quiz.identifierPath && $0.progress == 0.5 })
    }
}

@Suite struct LookUpSaveTests {
    @Test func declaringAContextIsNotRefusedForAnotherContextsProblem() throws {
        let store = try SaveFixture.open(SaveFixture.storePath())
        let level = try SaveFixture.level(store)
        level.title = ""
        let other = try SaveFixture.level(store, "LEVEL-2")  // saves LEVEL-2; LEVEL-1 stays pending
        #expect(other.identifierPath.last == "LEVEL-2")
        #expect(throws: TrackingError.self) { try store.save() }  // the app's own save reports LEVEL-1
    }
}

@Suite struct DatabaseRefusalTests {
    @Test func anAttemptWhoseContextAnotherProcessRemovedDoesNotBlockTheOthers() throws {
        let path = SaveFixture.storePath()
        let store = try SaveFixture.open(path)
        let kept = try SaveFixture.level(store)
        let doomed = try SaveFixture.level(store, "LEVEL-2")

        let teacher = try SaveFixture.open(path)  // another process removes LEVEL-2
        try teacher.remove(try #require(try teacher.context(at: ["GAME", "LEVEL-2"])))
        try teacher.save()

        let orphan = try doomed.createNewActivity(student: "ana")  // this process still has LEVEL-2
        try orphan.start()

        let run = try kept.createNewActivity(student: "ana")
        try run.start()
        try run.setProgress(0.5)
        do {
            try store.save()
            Issue.record("the orphaned attempt must be refused")
        } catch TrackingError.partialFailure(let refused) {
            #expect(refused.map(\.object) == [.attempt(identifierPath: doomed.identifierPath, uuid: orphan.uuid)])
            #expect(refused.map(\.category) == [.invalidUpdate])
        }
        let runs = try SaveFixture.open(path).runs()
        #expect(runs.map(\.id) == [run.id].compactMap { $0 })
        #expect(runs.first?.progress == 0.5)
    }
}
