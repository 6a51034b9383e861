import Foundation
import School

/// The programs `server setup` runs, each as the Unix account that may: `psql` as `postgres` (the
/// cluster's superuser by peer authentication, as `sudo -u postgres psql` by hand), `useradd` as
/// root, and this `edujam` as the store's owner.
struct ServerTools {
    /// What a program printed and how it ended.
    struct Outcome {
        var status: Int32
        var output: String
        var error: String

        /// stderr, else stdout, on one line: what a refusal quotes.
        var said: String {
            let text = error.isEmpty ? output : error
            return text.split(separator: "\n").joined(separator: " ").trimmingCharacters(in: .whitespaces)
        }
    }

    /// The cluster's superuser: its Unix account and its role (Debian's `postgres`).
    static let superuser = "postgres"

    /// `runuser`, which root uses to run a program as another account without a password.
    static let runuser = ["/usr/sbin/runuser", "/sbin/runuser"].first(where: FileManager.default.isExecutableFile)

    /// The folder of PostgreSQL's programs: `EDUJAM_PG_BIN`, else the newest
    /// `/usr/lib/postgresql/N/bin` that has `psql` (Debian's layout); nil when PostgreSQL is not installed.
    static var binaries: String? {
        if let named = ProcessInfo.processInfo.environment["EDUJAM_PG_BIN"], !named.isEmpty {
            return FileManager.default.isExecutableFile(atPath: named + "/psql") ? named : nil
        }
        let versions = (try? FileManager.default.contentsOfDirectory(atPath: "/usr/lib/postgresql")) ?? []
        return versions.compactMap { Int($0) }.sorted().reversed().map { "/usr/lib/postgresql/\($0)/bin" }
            .first { FileManager.default.isExecutableFile(atPath: $0 + "/psql") }
    }

    let psql: String
    /// The `edujam` run as the owner.
    let program: String
    let options: ServerSettings
    let scratch: URL

    /// Runs `sql` in `database` as the superuser; rows unaligned, one a line, columns split by `|`.
    func sql(_ sql: String, database: String = "postgres") throws -> Outcome {
        try Self.run(
            [
                Self.runuser ?? "/usr/sbin/runuser", "-u", Self.superuser, "--", "/usr/bin/env", "-C", "/", psql, "-X",
                "-q", "-A", "-t",
                "-v", "ON_ERROR_STOP=1", "-h", options.socketFolder, "-p", String(options.port),
                "-U", Self.superuser, "-d", database, "-c", sql,
            ], scratch: scratch)
    }

    /// ``sql(_:database:)``, which must succeed.
    /// - Throws: ``ServerSetupError`` with what the server said.
    @discardableResult
    func require(_ sql: String, database: String = "postgres", doing what: String) throws -> String {
        let outcome = try self.sql(sql, database: database)
        guard outcome.status == 0 else { throw ServerSetupError("\(what) failed: \(outcome.said)") }
        return outcome.output.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Runs this `edujam` as `account` with `arguments`, its data folder (the outbox) in a
    /// folder of the run's own, and the config file left out: `--store` names the store.
    func edujam(as account: String, _ arguments: [String], dataFolder: String) throws -> Outcome {
        try Self.run(
            [
                Self.runuser ?? "/usr/sbin/runuser", "-u", account, "--", "/usr/bin/env", "-C", "/", "-u",
                "EDUJAM_STORE",
                "EDUJAM_CONFIG=", "XDG_DATA_HOME=\(dataFolder)", "NO_COLOR=1", program,
            ]
                + arguments, scratch: scratch)
    }

    /// Runs `command` (the program first, an absolute path) and collects what it printed through
    /// files in `scratch`. Each command above starts in `/` (`env -C /`): an account that cannot
    /// enter root's current folder still runs.
    static func run(_ command: [String], scratch: URL) throws -> Outcome {
        let out = scratch.appendingPathComponent("out-\(UUID().uuidString)")
        let err = scratch.appendingPathComponent("err-\(UUID().uuidString)")
        defer {
            try? FileManager.default.removeItem(at: out)
            try? FileManager.default.removeItem(at: err)
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, out.path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, err.path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        let pid: pid_t
        switch spawnUnblocked(command[0], command, actions: &actions) {
        case .success(let started): pid = started
        case .failure(let error): throw ServerSetupError("cannot start \(command[0]): \(error)")
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        let exited = status & 0x7f == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
        return Outcome(
            status: exited, output: (try? String(contentsOf: out, encoding: .utf8)) ?? "",
            error: (try? String(contentsOf: err, encoding: .utf8)) ?? "")
    }
}

/// `server setup` cannot go on: says what is missing or wrong and what to do, having changed
/// nothing more than the steps it already reported.
public struct ServerSetupError: Error, CustomStringConvertible {
    public let description: String
    init(_ description: String) { self.description = description }
}
