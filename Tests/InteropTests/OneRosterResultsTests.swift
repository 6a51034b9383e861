import Classroom
import Foundation
import Testing
import Tracking

@testable import Interop

/// Line items and results from a store: scores, statuses, sourcedIds, stability.
@Suite struct OneRosterResultsTests {
    final class Clock: @unchecked Sendable {
        var now = Date(timeIntervalSince1970: 1_800_000_000)  // 2027-01-15T08:00:00Z
        func advance(_ seconds: Double) { now += seconds }
    }

    /// Class 3B imported from `school`, plus a class made by hand; one assignment each.
    /// ana: level 1 scored 5/10 then 8/10 and marked done, level 2 half done without a score.
    /// bo: level 1 done by the game at 9/10, level 2 at 100% and done. cy: nothing.
    static func store() throws -> TrackingStore {
        let clock = Clock()
        let store = try TrackingStore.inMemory(
            rootIdentifier: "org.edujam.games", rootTitle: "EduJam Games", clock: { clock.now })
        _ = try OneRosterImport.run(folder: RosterFixture.url("school"), store: store)
        let game = try store.mainContext.addChild(identifier: "MATH-JAM", title: "Math Jam", type: .game)
        try game.addChild(identifier: "LEVEL-1", title: "Warm-up", type: .level)
        try game.addChild(identifier: "LEVEL-2", title: "Sums", type: .level)
        try store.save()
        try store.createClass(named: "Club")
        try store.addStudents(["zed"], toClass: "Club")
        let sums = try store.createAssignment(
            AssignmentDraft(
                className: "3B", title: "Sums, before Friday", due: Date(timeIntervalSince1970: 1_800_300_000),
                instructions: "Play until you \"pass\"", paths: [["MATH-JAM", "LEVEL-1"], ["MATH-JAM", "LEVEL-2"]]))
        try store.createAssignment(
            AssignmentDraft(className: "Club", title: "Warm-up", paths: [["MATH-JAM", "LEVEL-1"]]))
        clock.advance(60)
        func play(
            _ student: String, _ level: String, score: Double? = nil, progress: Double = 1, doneByGame: Bool = false
        ) throws {
            let run = try #require(try store.context(at: ["MATH-JAM", level])).createNewActivity(student: student)
            try run.start()
            clock.advance(30)
            if let score { try run.setScore(id: "correct", title: "Correct", score: score, maxScore: 10) }
            try run.setProgress(progress)
            try run.end(outcome: .finished)
            if doneByGame { run.markDone(by: .game) }
            try store.save()
        }
        try play("ana.lima", "LEVEL-1", score: 5)
        try play("ana.lima", "LEVEL-1", score: 8)
        try play("ana.lima", "LEVEL-2", progress: 0.5)
        try play("bo.chen", "LEVEL-1", score: 9, doneByGame: true)
        try play("bo.chen", "LEVEL-2", doneByGame: true)
        clock.advance(3600)
        try store.markDone(assignment: sums, student: "ana.lima", paths: [["MATH-JAM", "LEVEL-1"]])
        return store
    }

    static let utc = TimeZone(identifier: "UTC")!

    /// A written CSV file as dictionaries keyed by header.
    static func table(_ text: String) throws -> [[String: String]] {
        let records = try CSV.records(text)
        let header = try #require(records.first).fields
        return records.dropFirst().map { Dictionary(uniqueKeysWithValues: zip(header, $0.fields)) }
    }

    @Test func oneLineItemPerAssignment() throws {
        let files = OneRosterResults.files(try Self.store().gradebook(), gradingPeriod: "gp-1", timeZone: Self.utc)
        let items = try Self.table(try #require(files["lineItems.csv"]))
        #expect(
            try CSV.records(try #require(files["lineItems.csv"])).first?.fields == [
                "sourcedId", "status", "dateLastModified", "title", "description", "assignDate", "dueDate",
                "classSourcedId",
                "categorySourcedId", "gradingPeriodSourcedId", "resultValueMin", "resultValueMax",
            ])
        #expect(items.map { $0["classSourcedId"] } == ["cls-3b", "Club"])  // imported: its sourcedId; by hand: its name
        let sums = items[0]
        #expect(sums["title"] == "Sums, before Friday" && sums["description"] == "Play until you \"pass\"")
        #expect(sums["assignDate"] == "2027-01-15" && sums["dueDate"] == "2027-01-18" && items[1]["dueDate"] == "")
        let tokyo = try Self.table(
            try #require(
                OneRosterResults.files(
                    try Self.store().gradebook(),
                    timeZone: TimeZone(identifier: "Asia/Tokyo")!)["lineItems.csv"]))
        #expect(tokyo[0]["dueDate"] == "2027-01-19")  // 19:20 UTC is the next morning in Tokyo
        #expect(sums["dateLastModified"] == "2027-01-15T08:00:00.000Z")
        #expect(
            sums["resultValueMin"] == "0" && sums["resultValueMax"] == "100" && sums["gradingPeriodSourcedId"] == "gp-1"
        )
        #expect(sums["categorySourcedId"] == OneRosterResults.categorySourcedId)
        #expect(
            try Self.table(try #require(files["categories.csv"])).map { $0["sourcedId"] } == [
                OneRosterResults.categorySourcedId
            ])
        #expect(Set(items.compactMap { $0["sourcedId"] }).count == 2)
    }

    @Test func resultsScoreTheBestAttemptOrProgress() throws {
        let files = OneRosterResults.files(try Self.store().gradebook(), timeZone: Self.utc)
        let items = try Self.table(try #require(files["lineItems.csv"]))
        let results = try Self.table(try #require(files["results.csv"]))
        #expect(results.map { $0["studentSourcedId"] } == ["usr-s1", "usr-s2", "usr-s3", "zed"])
        #expect(
            results.allSatisfy {
                $0["lineItemSourcedId"] == items[$0["studentSourcedId"] == "zed" ? 1 : 0]["sourcedId"]
            })
        let ana = results[0]
        let bo = results[1]
        let cy = results[2]
        // mean of 80 (best of 50, 80) and 50 (progress)
        #expect(ana["score"] == "65" && ana["scoreStatus"] == "partially graded")
        #expect(ana["comment"] == "Warm-up: 80% (score, done); Sums: 50% (progress, in progress)")
        // the Done mark
        #expect(ana["dateLastModified"] == "2027-01-15T09:03:30.000Z" && ana["scoreDate"] == "2027-01-15")
        #expect(bo["score"] == "95" && bo["scoreStatus"] == "fully graded")
        #expect(
            cy["score"] == "0" && cy["scoreStatus"] == "not submitted"
                && cy["dateLastModified"] == "2027-01-15T08:00:00.000Z")
        #expect(results[3]["scoreStatus"] == "not submitted")
    }

    @Test func exportingTwiceWritesTheSameBytes() throws {
        let store = try Self.store()
        let first = OneRosterResults.files(try store.gradebook())
        let second = OneRosterResults.files(try store.gradebook())
        for name in ["manifest.csv", "categories.csv", "lineItems.csv", "results.csv"] {
            #expect(first[name] == second[name] && first[name]?.isEmpty == false, "\(name)")
        }
        let manifest = try Self.table(first["manifest.csv"] ?? "")
        let declared = Dictionary(uniqueKeysWithValues: manifest.map { ($0["propertyName"] ?? "", $0["value"] ?? "") })
        #expect(
            declared["oneroster.version"] == "1.1" && declared["file.results"] == "bulk"
                && declared["file.users"] == "absent")
    }

    /// Once the store's owner removed the attempts that started before a day, an assignment made
    /// before that day is left out (its results would read the removed work as not started, and a
    /// gradebook would take that for zeros), and the grades are declared a delta, so a gradebook
    /// keeps the grades it has for it. An assignment made after the day lost nothing.
    @Test func anAssignmentWhoseAttemptsWereRemovedIsLeftOutOfADelta() throws {
        let store = try Self.store()  // its clock at 1_800_003_810; the attempts started from 1_800_000_060
        #expect(try store.attemptsRemovedBefore() == nil)
        #expect(try store.pruneAttempts(startedBefore: Date(timeIntervalSince1970: 1_800_000_000)) == 0)
        #expect(try store.attemptsRemovedBefore() == nil, "nothing removed, nothing recorded")
        let day = Date(timeIntervalSince1970: 1_800_003_000)
        #expect(try store.pruneAttempts(startedBefore: day) == 5)
        #expect(try store.pruneAttempts(startedBefore: Date(timeIntervalSince1970: 1_800_002_000)) == 0)
        #expect(try store.attemptsRemovedBefore() == day, "the later day stays")
        try store.createAssignment(
            AssignmentDraft(className: "Club", title: "Again", paths: [["MATH-JAM", "LEVEL-1"]]))

        let gradebook = try store.gradebook()
        #expect(gradebook.map(\.assignment.title) == ["Sums, before Friday", "Warm-up", "Again"])
        #expect(gradebook.map(\.attemptsRemoved) == [true, true, false])
        let files = OneRosterResults.files(gradebook, timeZone: Self.utc)
        let items = try Self.table(try #require(files["lineItems.csv"]))
        #expect(items.map { $0["title"] } == ["Again"])
        let results = try Self.table(try #require(files["results.csv"]))
        #expect(
            results.map { $0["studentSourcedId"] } == ["zed"]
                && results.allSatisfy { $0["lineItemSourcedId"] == items[0]["sourcedId"] })
        let declared = Dictionary(
            uniqueKeysWithValues: try Self.table(try #require(files["manifest.csv"])).map {
                ($0["propertyName"] ?? "", $0["value"] ?? "")
            })
        #expect(
            declared["file.lineItems"] == "delta" && declared["file.results"] == "delta"
                && declared["file.categories"] == "bulk" && declared["file.users"] == "absent", "\(declared)")
    }

    /// Math Jam's primary item is its points (a quantity); its right answers are a score item.
    /// A finished game with 3 of 10 right is 30, not the 100 its progress would give.
    @Test func aScoreItemBeatsProgressWhenThePrimaryItemIsACount() throws {
        let store = try TrackingStore.inMemory(rootIdentifier: "org.edujam.games", rootTitle: "EduJam Games")
        try store.createClass(named: "3B")
        try store.addStudents(["ana"], toClass: "3B")
        let level = try store.mainContext.addChild(identifier: "MATH-JAM", title: "Math Jam", type: .game)
        try store.save()
        try store.createAssignment(AssignmentDraft(className: "3B", title: "Sums", paths: [["MATH-JAM"]]))
        let run = try level.createNewActivity(student: "ana")
        try run.start()
        try run.setQuantity(id: "points", title: "Points", value: 150)  // the first item: primary
        try run.setScore(id: "correct", title: "Correct", score: 3, maxScore: 10)
        try run.setProgress(1)
        try run.end(outcome: .finished)
        try store.save()
        let results = try Self.table(try #require(OneRosterResults.files(try store.gradebook())["results.csv"]))
        #expect(results.map { $0["studentSourcedId"] } == ["ana"])  // not imported: the EduJam name
        #expect(results.first?["score"] == "30")
    }

    /// `CAPITALS` assigned as a whole game, 2 of 5 right at `CAPITALS/EASY`: graded 40 by that
    /// score (not 100 for the finished run's progress), modified when the attempt ended.
    @Test func aWholeGameIsGradedByTheScoresAtItsLevels() throws {
        let clock = Clock()
        let store = try TrackingStore.inMemory(
            rootIdentifier: "org.edujam.games", rootTitle: "EduJam Games", clock: { clock.now })
        try store.createClass(named: "3B")
        try store.addStudents(["ana"], toClass: "3B")
        let game = try store.mainContext.addChild(identifier: "CAPITALS", title: "Capital Cities", type: .quiz)
        let easy = try game.addChild(identifier: "EASY", title: "Easy capitals", type: .level)
        try store.save()
        try store.createAssignment(AssignmentDraft(className: "3B", title: "Capitals", paths: [["CAPITALS"]]))
        clock.advance(3600)
        let run = try easy.createNewActivity(student: "ana")
        try run.start()
        clock.advance(90)
        try run.setScore(id: "correct", title: "Correct", score: 2, maxScore: 5)
        try run.setBinary(id: "passed", title: "Passed", value: false, valueType: .passFail)
        try run.setProgress(1)
        try run.end(outcome: .finished)
        try store.save()
        let results = try Self.table(
            try #require(OneRosterResults.files(try store.gradebook(), timeZone: Self.utc)["results.csv"]))
        #expect(results.first?["score"] == "40")
        #expect(results.first?["comment"] == "Capital Cities: 40% (score, in progress)")
        // modified when the attempt ended, not when the assignment was made
        #expect(results.first?["dateLastModified"] == "2027-01-15T09:01:30.000Z")
    }

    /// Names, titles and instructions are outside text: no cell of the gradebook files is one a
    /// spreadsheet would run (`=`, `+`, `-`, `@` first, or `=` with a combining mark).
    @Test func noCellIsAFormula() throws {
        let store = try TrackingStore.inMemory(rootIdentifier: "org.edujam.games", rootTitle: "EduJam Games")
        let className = "=HYPERLINK(\"http://evil.example\",\"3B\")"
        try store.createClass(named: className)
        try store.addStudents(["@ana", "-bo"], toClass: className)
        try store.mainContext.addChild(identifier: "MATH-JAM", title: "Math Jam", type: .game)
        try store.save()
        try store.createAssignment(
            AssignmentDraft(
                className: className, title: "=\u{301}HYPERLINK(\"http://evil.example\")",
                instructions: "+cmd|' /C calc'!A0", paths: [["MATH-JAM"]]))
        let files = OneRosterResults.files(try store.gradebook())
        for name in ["lineItems.csv", "results.csv"] {
            let records = try CSV.records(try #require(files[name]))
            for field in records.flatMap(\.fields) {
                let first = field.utf8.first
                #expect(first.map { !CSV.formulaStarts.contains($0) } ?? true, "\(name): \(field.debugDescription)")
            }
        }
        let items = try Self.table(try #require(files["lineItems.csv"]))
        #expect(items.first?["classSourcedId"] == "'" + className)
        #expect(items.first?["description"] == "'+cmd|' /C calc'!A0")
    }

    @Test func numbersHaveAtMostTwoDecimals() {
        #expect(
            [100, 87.5, 100.0 / 3, 0, 66.666, 0.004].map(OneRosterResults.number) == [
                "100", "87.5", "33.33", "0", "66.67", "0",
            ])
    }
}
