import Foundation
import Runtime
import Testing
import Tracking

/// Solves Math Jam's `a op b = ?` (wrong on every fourth question) and answers Word Jam with a
/// guess and a hint, thinking a while that cycles through fast and slow answers, as a student's
/// clock would.
private final class StudentLike: PlayChannel {
    private let thinks: [Double] = [0.5, 4.2, 2.9, 11, 1.5]
    private var answered = 0
    private let quitAfter: Int
    private(set) var shown: [RunEvent] = []

    init(quitAfter: Int = .max) { self.quitAfter = quitAfter }

    func handle(_ event: RunEvent) -> Reply? {
        shown.append(event)
        guard case .ask(let prompt) = event else { return nil }
        guard answered < quitAfter else { return nil }
        answered += 1
        return Reply(answer(prompt), thinking: thinks[answered % thinks.count])
    }

    private func answer(_ prompt: String) -> String {
        let words = prompt.split(separator: " ")
        guard words.count == 5, let a = Int(words[0]), let b = Int(words[2]) else {
            return answered % 3 == 0 ? "hint" : "cat"
        }
        let right: Int
        switch words[1] {
        case "+": right = a + b
        case "-": right = a - b
        default: right = a * b
        }
        return String(answered % 4 == 0 ? right + 1 : right)
    }
}

/// Keeps what a replay shows, as the student's screen got it.
private final class ShownEvents: ReplayScreen {
    private(set) var shown: [RunEvent] = []
    private(set) var answers: [String?] = []
    func show(_ event: RunEvent) { shown.append(event) }
    func answered(_ text: String?, after seconds: Double) { answers.append(text) }
}

private func played(_ game: String, level: String, seed: Int, channel: StudentLike) throws -> RunReport {
    let clock = RunClock.virtual()
    let store = try TrackingStore.inMemory(
        rootIdentifier: "org.edujam.games", rootTitle: "Games", clock: { clock.date() })
    var options = PlayOptions()
    options.student = "ana"
    options.seed = seed
    options.level = level
    return try GamePlayer.play(
        folder: gameFolder(game), store: store, channel: channel, clock: clock, options: options)
}

private func gameFolder(_ game: String) -> String { FileManager.default.currentDirectoryPath + "/games/" + game }

/// What verify compares: a replay must report exactly these.
private struct Reported: Equatable {
    var outcome: RunOutcome
    var progress: Double
    var primary: String?
    var items: [ItemRecord]

    init(_ report: RunReport) {
        outcome = report.outcome
        progress = report.record.progress
        primary = report.record.primaryItem
        items = report.record.items
    }
}

/// The record of a whole Math Jam round.
private func mathJamRecord() throws -> AttemptInputs {
    try #require(try played("math-jam", level: "LEVEL-1", seed: 7, channel: StudentLike()).inputs)
}

/// `record` with only its events before `index`.
private func events(of record: AttemptInputs, before index: Int) -> AttemptInputs {
    var cut = AttemptInputs(seed: record.seed, level: record.level, start: record.start)
    for event in record.events[..<index] { cut.append(event) }
    return cut
}

struct ReplayTests {
    @Test(arguments: [
        ("math-jam", "LEVEL-1", 7, Int.max), ("math-jam", "LEVEL-3", 3, 6), ("word-jam", "LEVEL-2", 11, 9),
    ])
    func aRecordedAttemptReplaysToTheSameReport(game: String, level: String, seed: Int, quitAfter: Int) throws {
        let student = StudentLike(quitAfter: quitAfter)
        let original = try played(game, level: level, seed: seed, channel: student)
        let inputs = try #require(original.inputs)
        #expect(inputs.events.contains { if case .clock = $0 { true } else { false } })
        #expect(!inputs.isTruncated)

        let screen = ShownEvents()
        let replay = try GamePlayer.replay(
            inputs, folder: gameFolder(game), root: "org.edujam.games", screen: screen)

        #expect(replay.divergence == nil)
        #expect(Reported(replay.report) == Reported(original))
        #expect(replay.report.inputs == inputs)  // the replay observed exactly what was recorded
        #expect(screen.shown.dropLast() == student.shown.dropLast())  // the same screens, in order, before the report
    }

    @Test func aRecordThatEndsTooSoonSaysWhereTheReplayDiverged() throws {
        let full = try mathJamRecord()
        let lastReply = try #require(full.events.lastIndex { if case .reply = $0 { true } else { false } })
        let cut = events(of: full, before: lastReply)

        let replay = try GamePlayer.replay(cut, folder: gameFolder("math-jam"), root: "org.edujam.games")

        #expect(
            replay.divergence?.description
                == "the replay diverged at event \(lastReply + 1): the game asked for input, the record has ended")
        #expect(replay.report.outcome == .error)
    }

    @Test func aRecordInAnotherOrderDivergesAtTheFirstDifference() throws {
        let full = try mathJamRecord()
        let firstReply = try #require(full.events.firstIndex { if case .reply = $0 { true } else { false } })
        var swapped = events(of: full, before: firstReply)
        swapped.append(.clock(1))  // a reading where the game asks for its first answer

        let replay = try GamePlayer.replay(
            swapped, folder: gameFolder("math-jam"), root: "org.edujam.games")

        #expect(
            replay.divergence?.description
                == "the replay diverged at event \(firstReply + 1): the game asked for input, the record has a clock reading"
        )
    }

    @Test func aRunWithoutAnAttemptKeepsNoRecord() throws {
        let clock = RunClock.virtual()
        let store = try TrackingStore.inMemory(
            rootIdentifier: "org.edujam.games", rootTitle: "Games", clock: { clock.date() })
        let report = try GamePlayer.play(
            folder: gameFolder("math-jam"), store: store, channel: StudentLike(quitAfter: 0), clock: clock,
            options: PlayOptions())  // left at the level menu
        #expect(report.inputs == nil)
    }
}
