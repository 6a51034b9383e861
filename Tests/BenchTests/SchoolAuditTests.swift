import Foundation
import Testing

@testable import edujam_bench

/// How row `store/players` (issue 15, "Scale") judges what 300 student processes saved: every
/// attempt and item a player reported must be in the database exactly once, as played, every run
/// finished, and nothing else stored. A check that cannot fail proves nothing, so each kind of
/// loss is shown to be caught.
@Suite struct SchoolAuditTests {
    private let score = SavedItem(
        identifier: "score", kind: "quantity", number: 150, flag: nil, score: nil, maxScore: nil)
    private let correct = SavedItem(
        identifier: "correct", kind: "score", number: nil, flag: nil, score: 10, maxScore: 10)
    private let passed = SavedItem(
        identifier: "passed", kind: "binary", number: nil, flag: true, score: nil, maxScore: nil)

    private func player(_ student: String, _ runs: [PlayedRun]) -> PlayerReport {
        PlayerReport(login: student, student: student, saves: [0.001], errors: [], runs: runs, kept: 0)
    }

    private func run(_ outcome: String = "finished") -> PlayedRun {
        PlayedRun(uuid: UUID(), outcome: outcome, items: [score, correct, passed])
    }

    private func stored(_ student: String, _ run: PlayedRun) -> SchoolAudit.StoredAttempt {
        // The database returns rows in its own order: the audit must not care.
        SchoolAudit.StoredAttempt(student: student, outcome: run.outcome, items: run.items.reversed())
    }

    @Test func everythingStoredAsPlayedPasses() {
        let (first, second) = (run(), run())
        let players = [player("student001", [first]), player("student002", [second])]
        let database = [first.uuid: stored("student001", first), second.uuid: stored("student002", second)]
        #expect(SchoolAudit.problems(reported: players, stored: database) == [])
    }

    @Test func aLostAttemptOrItemIsCaught() {
        let (first, second) = (run(), run())
        let players = [player("student001", [first, second])]
        var database = [first.uuid: stored("student001", first)]
        #expect(
            SchoolAudit.problems(reported: players, stored: database) == [
                "attempt \(second.uuid) of student001 is lost"
            ])

        database[second.uuid] = SchoolAudit.StoredAttempt(
            student: "student001", outcome: "finished", items: [score, correct])
        #expect(
            SchoolAudit.problems(reported: players, stored: database) == [
                "item passed of attempt \(second.uuid) is lost", "attempt \(second.uuid) holds 2 item(s), played 3",
            ])
    }

    @Test func anItemInAnOlderStateIsCaught() {
        let played = run()
        var older = correct
        older.score = 9
        let database = [
            played.uuid: SchoolAudit.StoredAttempt(
                student: "student001", outcome: "finished", items: [score, older, passed])
        ]
        let problems = SchoolAudit.problems(reported: [player("student001", [played])], stored: database)
        #expect(problems.count == 1)
        #expect(problems.first?.hasPrefix("item correct of attempt \(played.uuid) is stored as") == true)
    }

    @Test func anAttemptUnderAnotherNameOrOutcomeIsCaught() {
        let played = run()
        let database = [
            played.uuid: SchoolAudit.StoredAttempt(student: "student002", outcome: "running", items: played.items)
        ]
        #expect(
            SchoolAudit.problems(reported: [player("student001", [played])], stored: database) == [
                "attempt \(played.uuid) is stored as student002's, not student001's",
                "attempt \(played.uuid) is stored running, was finished",
            ])
    }

    @Test func anAttemptNoPlayerSavedIsCaught() {
        let played = run()
        let stranger = run()
        let database = [played.uuid: stored("student001", played), stranger.uuid: stored("student001", stranger)]
        #expect(
            SchoolAudit.problems(reported: [player("student001", [played])], stored: database) == [
                "1 stored attempt(s) no player saved"
            ])
    }

    @Test func aRunThatDidNotFinishIsCaught() {
        let (stopped, finished) = (run("limit"), run())
        let database = [stopped.uuid: stored("student001", stopped), finished.uuid: stored("student001", finished)]
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
