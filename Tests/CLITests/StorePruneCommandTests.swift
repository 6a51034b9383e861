import Foundation
import Testing

/// `edujam store prune --inputs-before DATE` on a store file: the replay records of older
/// attempts go, the attempts stay (`docs/classroom.md`, "What is kept about a student, and why").
/// The school server's owner-only rule is proved in `SchoolRowsAttackTests+EndedAttempts.swift`.
@Suite struct StorePruneCommandTests {
    @Test func pruneRemovesTheRecordsOfAttemptsStartedBeforeTheDayAndKeepsTheAttempts() throws {
        let cli = Edujam()
        defer { cli.remove() }
        let games = ["--games", Edujam.root.appendingPathComponent("games").path]
        let play = try cli.run(
            ["play", "MATH-JAM/LEVEL-1", "--seed", "3"] + games, input: String(repeating: "0\n", count: 10))
        #expect(play.status == 0, "\(play.error)")
        let before = try cli.run(["report", "--json"] + games)

        let none = try cli.run(["store", "prune", "--inputs-before", "2000-01-01"] + games)
        #expect(
            none.status == 0
                && none.output.hasPrefix("Removed 0 replay records of attempts started before 2000-01-01 (UTC)"),
            "\(none)")
        let one = try cli.run(["store", "prune", "--inputs-before", "2999-12-31"] + games)
        #expect(
            one.status == 0
                && one.output.hasPrefix(
                    "Removed 1 replay record of attempts started before 2999-12-31 (UTC); the attempts are kept."),
            "\(one)")
        #expect(try cli.run(["report", "--json"] + games).output == before.output, "the attempt is as it was")
        let again = try cli.run(["store", "prune", "--inputs-before", "2999-12-31"] + games)
        #expect(again.output.hasPrefix("Removed 0 "), "\(again)")
    }

    @Test func aBadDateOrAMissingOneNamesTheOption() throws {
        let cli = Edujam()
        defer { cli.remove() }
        for (words, message) in [
            (["--inputs-before", "2026-02-30"], "--inputs-before takes a date as YYYY-MM-DD (UTC), not '2026-02-30'"),
            (["--inputs-before", "yesterday"], "--inputs-before takes a date as YYYY-MM-DD (UTC), not 'yesterday'"),
            ([], "store prune needs --inputs-before DATE (YYYY-MM-DD, UTC)"),
        ] {
            let result = try cli.run(["store", "prune"] + words)
            #expect(result.status == 64 && result.error.contains(message), "\(words): \(result)")
        }
        let elsewhere = try cli.run(["store", "migrate", "--inputs-before", "2026-01-01"])
        #expect(
            elsewhere.status == 64 && elsewhere.error.contains("--inputs-before goes with store prune"), "\(elsewhere)")
    }
}
