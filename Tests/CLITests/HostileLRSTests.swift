import CSQLite
import Foundation
import Testing

/// `edujam push` against an LRS that attacks it (`HostileLRS`, on 127.0.0.1): a push always ends
/// by its deadline, never holds more than a statements answer can be, and records a batch only
/// when the LRS answered with its ids; and no message repeats a password given in the URL.
@Suite(.serialized) struct HostileLRSTests {
    /// Two finished plays: statements to push.
    private func storeWithStatements() throws -> Edujam {
        let cli = Edujam()
        try Plays.mathJam(cli, student: "ana", .perfect)
        return cli
    }

    @Test func aTricklingAnswerEndsAtTheDeadline() throws {
        let cli = try storeWithStatements()
        defer { cli.remove() }
        let lrs = try HostileLRS(.trickle)
        let start = Date()
        let push = try cli.run(["push", "--lrs", lrs.endpoint, "--timeout", "3", "--retries", "0"])
        let seconds = Date().timeIntervalSince(start)
        #expect(push.status == 1)
        #expect(
            push.error == "edujam push: cannot reach the LRS at \(lrs.endpoint): no whole answer within 3 s (1 try)\n")
        // Without the total deadline the trickle (600 bytes, one a second) runs for ten minutes.
        #expect(seconds < 30, "the deadline is 3 s in all, not 3 s between bytes: took \(seconds) s")
        #expect(try Plays.recordedAsSent(cli) == 0)
    }

    @Test func aHugeAnswerIsCutOffAndNotTakenAsAcceptance() throws {
        let cli = try storeWithStatements()
        defer { cli.remove() }
        let lrs = try HostileLRS(.huge)
        let push = try cli.run(["push", "--lrs", lrs.endpoint, "--timeout", "60", "--retries", "1"])
        #expect(push.status == 1)
        #expect(
            push.error
                == "edujam push: the LRS at \(lrs.endpoint) answered with more than 1024 KiB (it was not read further) (2 tries): that batch is not recorded as sent; the next push sends it again\n"
        )
        #expect(lrs.requests == 2)
        #expect(try Plays.recordedAsSent(cli) == 0)
    }

    @Test func aCaptivePortalsLoginPageIsAFailedBatch() throws {
        let cli = try storeWithStatements()
        defer { cli.remove() }
        let lrs = try HostileLRS(.portal)
        let push = try cli.run(["push", "--lrs", lrs.endpoint, "--retries", "0"])
        #expect(push.status == 1)
        #expect(push.output.isEmpty)
        #expect(
            push.error.hasPrefix(
                "edujam push: the LRS at \(lrs.endpoint) answered 200 without the ids of the statements sent (a login page or a proxy in the way?): <!DOCTYPE html>"
            ), "\(push.error)")
        #expect(push.error.hasSuffix("(1 try): that batch is not recorded as sent; the next push sends it again\n"))
        #expect(try Plays.recordedAsSent(cli) == 0, "every statement is sent again next time")
    }

    @Test func aRefusedLRSURLNeverShowsItsPassword() throws {
        let cli = Edujam()
        defer { cli.remove() }
        for url in [
            "https://ana:Sup3rSecretPW@lrs.example/xAPI", "https://ana:Sup3rSecretPW@[::1/xAPI",
            "https://ana:Sup3r%ZZSecretPW@lrs.example/xAPI",
        ] {
            let push = try cli.run(["push", "--lrs", url])
            #expect(push.status == 64, "\(push.error)")
            #expect(push.error.contains("is not an LRS endpoint"), "\(push.error)")
            #expect(!push.error.contains("SecretPW") && !push.error.contains("Sup3r"), "\(push.error)")
        }
    }
}

extension Plays {
    /// How many statements the store records as accepted by any LRS (`lrs_accepted`).
    static func recordedAsSent(_ cli: Edujam) throws -> Int {
        var database: OpaquePointer?
        defer { sqlite3_close(database) }
        guard sqlite3_open_v2(cli.store, &database, SQLITE_OPEN_READONLY, nil) == SQLITE_OK else {
            throw RalphLRS.Failure("cannot open \(cli.store)")
        }
        var statement: OpaquePointer?
        defer { sqlite3_finalize(statement) }
        guard sqlite3_prepare_v2(database, "SELECT count(*) FROM lrs_accepted", -1, &statement, nil) == SQLITE_OK,
            sqlite3_step(statement) == SQLITE_ROW
        else { throw RalphLRS.Failure("cannot count lrs_accepted") }
        return Int(sqlite3_column_int64(statement, 0))
    }
}
