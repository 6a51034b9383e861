import Foundation

extension PostgresServer {
    /// A hot standby of `primary`, for the tests of a district's pair: a copy of its cluster made
    /// by `pg_basebackup -R` (which writes `standby.signal` and the `primary_conninfo` that streams
    /// the primary's log over its Unix socket), started in a folder of its own, where it reads and
    /// refuses every write until ``promote()``. Stopped and removed by ``remove()``, or at exit.
    package static func standby(of primary: PostgresServer) throws -> PostgresServer {
        try PostgresServer(standbyOf: primary)
    }

    /// `pg_basebackup`'s arguments for a standby of `primary` in this server's data folder: the
    /// log streamed during the copy (`-X stream`), an immediate checkpoint on the primary rather
    /// than waiting for its next (`-c fast`), and no syncing, as `initdb` here does not sync either.
    func baseBackupArguments(from primary: PostgresServer) -> [String] {
        [
            "-D", dataDirectory, "-R", "-X", "stream", "-c", "fast", "--no-sync", "-h", primary.socketDirectory,
            "-p", String(primary.port), "-U", primary.superuser,
        ]
    }

    /// Makes a standby the primary (`pg_ctl promote`, waiting until it takes writes), as a
    /// district's IT does when the primary is lost.
    package func promote() throws {
        try Self.require(serverTool("pg_ctl", ["-D", dataDirectory, "-w", "promote"]), "pg_ctl promote")
    }

    /// Makes every commit on this primary wait until a standby has it on disk (synchronous
    /// replication, `synchronous_standby_names = '*'`): a commit a client was told of survives
    /// the primary's loss. Applied by a reload; the standby must be streaming for commits to end.
    package func requireStandbyCommits() throws {
        let sql = "ALTER SYSTEM SET synchronous_standby_names = '*'; SELECT pg_reload_conf();"
        try Self.require(psql(sql, database: "postgres"), "synchronous_standby_names")
    }

    /// Waits until this standby has replayed everything `primary` has written so far, for at most
    /// 30 seconds, so that a test reads on the standby what it wrote on the primary.
    /// - Throws: ``Failure`` when it has not caught up by then.
    package func catchUp(with primary: PostgresServer) throws {
        let written = try Self.require(
            primary.psql("SELECT pg_current_wal_lsn()", database: "postgres"), "pg_current_wal_lsn"
        ).output.trimmingCharacters(in: .whitespacesAndNewlines)
        for _ in 0..<600 {
            let replayed = try psql(
                "SELECT pg_last_wal_replay_lsn() >= '\(written)'::pg_lsn", database: "postgres")
            if replayed.output.hasPrefix("t") { return }
            usleep(50_000)
        }
        throw Failure("the standby did not replay the primary's log up to \(written) within 30 s")
    }
}
