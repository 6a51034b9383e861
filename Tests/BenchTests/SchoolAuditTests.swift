import Foundation
import Testing
import Tracking

@testable import edujam_bench

/// How row `store/players` (a whole school playing at once) judges what 300 student processes saved: every
/// attempt and item a player reported must be in the database exactly once, as played, every run
/// finished, and nothing else stored. A check that cannot fail proves nothing, so each kind of
/// loss is shown to be caught.
@Suite struct SchoolAuditTests {
    private let score = ItemRecord(ActivityItem(identifier: "score", title: "Score", value: .quantity(150)))
    private let correct = ItemRecord(
        ActivityItem(identifier: "correct", title: "Correct", value: .score(10, maxScore: 10)))
    private let passed = ItemRecord(
        ActivityItem(identifier: "passed", title: "Passed", value: .binary(true, .passFail)))

    private func player(_ student: String, _ runs: [PlayedRun]) -> PlayerReport {
        PlayerReport(login: student, student: student, saves: [0.001], errors: [], runs: runs, kept: 0)
    }

    private func run(_ outcome: RunOutcome = .finished) -> PlayedRun {
        PlayedRun(uuid: UUID(), outcome: outcome, items: [score, correct, passed])
    }

    private func stored(_ student: String, _ run: PlayedRun, items: [ItemRecord]? = nil) -> SchoolAudit.StoredAttempt {
        // The database returns items in its own order: the audit must not care.
        SchoolAudit.StoredAttempt(
            uuid: run.uuid, student: student, outcome: run.outcome, items: items ?? run.items.reversed())
    }

    @Test func everythingStoredAsPlayedPasses() {
        let (first, second) = (run(), run())
        let players = [player("student001", [first]), player("student002", [second])]
        let database = [stored("student001", first), stored("student002", second)]
        #expect(SchoolAudit.problems(reported: players, stored: database) == [])
    }

    @Test func aLostAttemptOrItemIsCaught() {
        let (first, second) = (run(), run())
        let players = [player("student001", [first, second])]
        #expect(
            SchoolAudit.problems(reported: players, stored: [stored("student001", first)]) == [
                "attempt \(second.uuid) of student001 is lost"
            ])
        let partly = [stored("student001", first), stored("student001", second, items: [score, correct])]
        #expect(
            SchoolAudit.problems(reported: players, stored: partly) == [
                "item passed of attempt \(second.uuid) is lost", "attempt \(second.uuid) holds 2 item(s), played 3",
            ])
    }

    @Test func anItemInAnOlderStateIsCaught() {
        let played = run()
        let older = ItemRecord(ActivityItem(identifier: "correct", title: "Correct", value: .score(9, maxScore: 10)))
        let problems = SchoolAudit.problems(
            reported: [player("student001", [played])],
            stored: [stored("student001", played, items: [score, older, passed])])
        #expect(problems.count == 1)
        #expect(problems.first?.hasPrefix("item correct of attempt \(played.uuid) is stored as") == true)
    }

    @Test func anAttemptUnderAnotherNameOrOutcomeIsCaught() {
        let played = run()
        var elsewhere = stored("student002", played)
        elsewhere.outcome = .running
        #expect(
            SchoolAudit.problems(reported: [player("student001", [played])], stored: [elsewhere]) == [
                "attempt \(played.uuid) is stored as student002's, not student001's",
                "attempt \(played.uuid) is stored running, was finished",
            ])
    }

    @Test func anAttemptStoredTwiceOrThatNoPlayerSavedIsCaught() {
        let (played, stranger) = (run(), run())
        let database = [stored("student001", played), stored("student001", stranger)]
        #expect(
            SchoolAudit.problems(reported: [player("student001", [played])], stored: database) == [
                "1 stored attempt(s) no player saved"
            ])
        #expect(
            SchoolAudit.problems(
                reported: [player("student001", [played])],
                stored: [stored("student001", played), stored("student001", played)]) == [
                    "attempt \(played.uuid) is stored 2 times"
                ])
    }

    @Test func aRunThatDidNotFinishIsCaught() {
        let (stopped, finished) = (run(.limit), run())
        let database = [stored("student001", stopped), stored("student001", finished)]
        #expect(
            SchoolAudit.problems(reported: [player("student001", [stopped, finished])], stored: database) == [
                "1 run(s) ended limit, not finished"
            ])
    }

    @Test func theTargetSaysWhatIsCheckedBesideTheLatency() {
        let lines = PlayersPlan.lines(SaveLatency([0.004, 0.2]), note: "")
        #expect(
            lines.map(\.target.description) == ["no loss, no error, no hang", "<= 100, no loss, no error, no hang"])
        #expect(lines.map(\.verdict) == ["yes", "NO"], "p99 198 ms is over 100")
        #expect(PlayersPlan.lines(nil, note: "skipped: not root").map(\.verdict) == ["-", "-"])
    }

    @Test func latencyIsTheQuantilesOfEverySave() {
        let latency = SaveLatency((1...100).map { Double($0) / 1000 })
        #expect(abs(latency.p50 - 0.0505) < 1e-12)
        #expect(abs(latency.p99 - 0.09901) < 1e-12)
        #expect(latency.max == 0.1)
    }

    @Test func aPlayerReadsBackTheArgumentsItWasStartedWith() {
        let arguments = SchoolPlayer.Arguments(
            game: "/games/math-jam", conninfo: "host='/tmp/x' dbname='edujam' user='student001'", runs: 2, seed: 1001,
            thinking: 250...750, outbox: "/tmp/outbox-student001.sqlite")
        #expect(arguments.words.first == SchoolPlayer.option)
        #expect(SchoolPlayer.Arguments(Array(arguments.words.dropFirst())) == arguments)
        #expect(SchoolPlayer.Arguments(["/games/math-jam", "x", "0", "1", "250-750", "/tmp/o"]) == nil, "no runs")
        #expect(SchoolPlayer.Arguments(["/games/math-jam", "x", "1", "1", "750-250", "/tmp/o"]) == nil)
    }
}
