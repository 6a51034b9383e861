import Foundation
import TrackingTestSupport

/// A district's pair of servers for the standby and failover tests: a primary and a hot standby
/// streaming its log (`PostgresServer.standby(of:)`, both on Unix sockets in folders of their
/// own), with a school set up on the primary by the binary (``SchoolRowsAttackTests/School``).
struct District {
    let primary: PostgresServer
    let standby: PostgresServer
    let school: SchoolRowsAttackTests.School

    /// The pair and the school; with `synchronous`, every commit on the primary waits until the
    /// standby has it on disk, as a district that may lose no acknowledged save configures it.
    init(synchronous: Bool = false) throws {
        primary = try PostgresServer.dedicated()
        do {
            standby = try PostgresServer.standby(of: primary)
        } catch {
            primary.remove()
            throw error
        }
        do {
            if synchronous { try primary.requireStandbyCommits() }
            school = try SchoolRowsAttackTests.School(on: primary)
        } catch {
            standby.remove()
            primary.remove()
            throw error
        }
    }

    func remove() {
        school.remove()
        standby.remove()
        primary.remove()
    }

    /// The school's store at one server, as `login`.
    func url(_ server: PostgresServer, as login: String) -> String {
        server.url(database: school.database, user: login)
    }

    /// The store's address listing both servers, as `login`: libpq tries them in order and takes
    /// the first that accepts `target` (`read-write`: the primary, whichever it is now).
    func bothHosts(as login: String, target: String = "read-write") -> String {
        let hosts = [primary, standby].map {
            $0.socketDirectory.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? $0.socketDirectory
        }
        return "postgresql:///\(school.database)?host=\(hosts.joined(separator: ","))&user=\(login)"
            + "&target_session_attrs=\(target)"
    }

    /// The binary as `login` with `environment` (`EDUJAM_STORE`, `EDUJAM_READ_STORE`), on the
    /// school's games and `data` (the computer's data folder, where its outbox is).
    func edujam(
        _ words: [String], as login: String, environment: [String: String], data: URL? = nil, input: String = ""
    ) throws -> Edujam.Result {
        try school.cli.run(
            words + ["--games", school.games.path], input: input,
            environment: environment.merging(["XDG_DATA_HOME": (data ?? school.data).path]) { $1 })
    }

    /// One answer of `sql` on `server`, as its superuser.
    func sql(_ query: String, on server: PostgresServer) throws -> String {
        let result = try server.psql(query, database: school.database)
        guard result.status == 0 else { throw PostgresServer.Failure("\(query): \(result.error)") }
        return result.output.trimmingCharacters(in: .newlines)
    }
}

extension OutboxCommandTests.LivePlay {
    /// `edujam play` as a student of the district's school: the store and data folder in
    /// `environment`, and no machine's config file (as ``Edujam/run(_:input:environment:unset:directory:program:launcher:)``).
    convenience init(mathJamAt school: SchoolRowsAttackTests.School, environment: [String: String]) throws {
        try self.init(
            ["play", "MATH-JAM/LEVEL-1", "--games", school.games.path],
            environment: environment.merging(["EDUJAM_CONFIG": ""]) { $1 })
    }

    /// Types `count` answers (`0` each: Math Jam takes any number).
    func answer(_ count: Int) {
        for _ in 0..<count { answer("0") }
    }
}
