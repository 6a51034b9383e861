import Classroom
import Foundation
import Testing
import Tracking

/// Errors an app can act on, with a category, the object and a readable text.
@Suite struct ErrorTests {
    @Test func localizedDescriptionIsTheMessageNotACode() throws {
        let store = try SaveFixture.open(SaveFixture.storePath())
        let run = try SaveFixture.level(store).createNewActivity(student: "ana")
        do {
            try run.setProgress(0.5)
            Issue.record("recording before start() must throw")
        } catch {
            #expect(
                error.localizedDescription == "activity not started: call start() before recording progress or items")
            #expect((error as? TrackingError)?.category == .invalidModification)
        }
    }

    @Test func categoriesMirrorClassKitErrorCodes() {
        let cases: [(TrackingError, TrackingError.Category)] = [
            (.blankTitle, .invalidArgument),
            (.progressOutOfRange(start: 0.5, end: 0.2), .invalidArgument),
            (.depthExceeded(depth: 9), .limits),
            (.tooManyKeywords(count: 40), .limits),
            (.activityEnded, .invalidModification),
            (.primaryKindLocked(existing: .score, attempted: .binary), .invalidModification),
            (.duplicateIdentifier("LEVEL-1"), .invalidCreate),
            (.busy(sql: nil), .databaseInaccessible),
            (.sqlite(code: 19, message: "constraint failed", sql: nil), .invalidUpdate),
            (.partialFailure(refused: []), .partialFailure),
            (.rootMismatch(expected: "a", found: "b"), .incompatibleStore),
        ]
        for (error, category) in cases { #expect(error.category == category, "\(error)") }
        #expect(ClassroomError.unknownPath(["GAME"]).category == .notFound)
    }

    @Test func aRefusedSaveNamesEachObjectWhyAndTheCategory() throws {
        let store = try SaveFixture.open(SaveFixture.storePath())
        let level = try SaveFixture.level(store)
        level.keywords = Array(repeating: "k", count: 40)
        do {
            try store.save()
            Issue.record("the save must report the refused context")
        } catch let error as TrackingError {
            #expect(error.category == .partialFailure)
            guard case .partialFailure(let refused) = error else { return }
            #expect(refused.count == 1)
            #expect(refused.first?.object == .context(identifierPath: level.identifierPath))
            #expect(refused.first?.reason == .tooManyKeywords(count: 40))
            #expect(refused.first?.category == .limits)
            #expect(
                error.localizedDescription
                    == "save refused 1 change (every other change was saved): context 'org.example.mathapp/GAME/LEVEL-1': too many keywords: 40 (limit 32) [limits]"
            )
        }
    }

    @Test func errorsAboutOneContextCarryItsPath() {
        #expect(ClassroomError.unknownPath(["GAME", "X"]).object == .context(identifierPath: ["GAME", "X"]))
        #expect(ClassroomError.notAssignable(["GAME"]).object == .context(identifierPath: ["GAME"]))
        #expect(TrackingError.blankTitle.object == nil)
    }
}
