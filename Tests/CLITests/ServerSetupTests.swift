import Foundation
import Testing
import TrackingTestSupport

/// `edujam server setup` through the binary, as root, on a throwaway cluster of its own (a
/// dedicated server: setup adds a `pg_hba.conf` line, reloads the server and creates roles, which
/// must not touch the cluster the other suites share). The owner is `nobody`, an account every
/// Debian has, so the test creates no Unix account; the config file is `EDUJAM_CONFIG`'s, not /etc's.
@Suite(.serialized) struct ServerSetupTests {
    private static let asRoot = getuid() == 0
    private static let nobody = ["/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"]

    @Test func setupRefusesWhenNotRoot() throws {
        let folder = try Self.folderForNobody("not-root")
        defer { try? FileManager.default.removeItem(at: folder) }
        let config = folder.appendingPathComponent("edujam.conf")
        let result = try Edujam().run(
            ["server", "setup"], environment: ["EDUJAM_CONFIG": config.path, "HOME": folder.path],
            launcher: Self.asRoot ? Self.nobody : [])
        #expect(result.status == 1)
        #expect(
            result.error.hasPrefix("edujam server: server setup runs as root (sudo edujam server setup ...)"),
            "\(result.error)")
        #expect(!FileManager.default.fileExists(atPath: config.path))
    }

    @Test(.enabled(if: asRoot, "server setup runs as root")) func setupRefusesAClusterThatDoesNotAnswer() throws {
        let folder = try Edujam.scratchFolder("no-cluster")
        defer { try? FileManager.default.removeItem(at: folder) }
        let config = folder.appendingPathComponent("edujam.conf")
        let result = try Edujam().run(
            ["server", "setup", "--socket-dir", folder.path, "--port", "5999"],
            environment: ["EDUJAM_CONFIG": config.path])
        #expect(result.status == 1)
        #expect(result.error.contains("(port 5999) does not answer postgres: "), "\(result.error)")
        #expect(result.error.contains("name the running one with --socket-dir and --port"), "\(result.error)")
        #expect(!FileManager.default.fileExists(atPath: config.path))
    }

    @Test(.enabled(if: asRoot, "server setup runs as root")) func setupRefusesWithoutPostgreSQL() throws {
        let result = try Edujam().run(["server", "setup"], environment: ["EDUJAM_PG_BIN": "/nonexistent"])
        #expect(result.status == 1)
        #expect(result.error.contains("no PostgreSQL on this machine"), "\(result.error)")
    }

    /// The whole setup with a roster; then a user with no `EDUJAM_STORE` reaches the store through
    /// the config file and peer authentication; then setup again changes nothing.
    @Test(
        .enabled(if: asRoot && PostgresServer.isAvailable, "needs root and the PostgreSQL test server"))
    func setupMakesTheSchoolsStoreAndASecondRunChangesNothing() throws {
        let server = try PostgresServer.dedicated()
        defer { server.remove() }
        let folder = try Self.folderForNobody("setup")
        defer { try? FileManager.default.removeItem(at: folder) }
        let config = folder.appendingPathComponent("etc/edujam.conf")
        let hba = server.folder.appendingPathComponent("data/pg_hba.conf")
        let cli = Edujam()
        let setup = [
            "server", "setup", "--socket-dir", server.socketDirectory, "--port", "\(server.port)", "--owner", "nobody",
            "--database", "school", "--roster", OneRosterCommandTests.example.path, "--games",
            Edujam.root.appendingPathComponent("games").path,
        ]
        let environment = ["EDUJAM_CONFIG": config.path]
        let first = try cli.run(setup, environment: environment, unset: ["EDUJAM_STORE"])
        #expect(first.status == 0, "\(first.error)")
        for line in [
            "Unix account nobody: already there\n",
            "PostgreSQL role nobody: created (LOGIN CREATEROLE: the store's owner)\n",
            "Database school: created, owned by nobody\n",
            "\(hba.path): added 'local   school   all   peer' above its first rule; the server reloaded it\n",
            "store init: Created the EduJam schema",
            "Read 2 classes and 4 students from OneRoster: 2 classes created, 4 students joined",
            "4 student logins created, 2 teacher logins created",
            "A teacher types:\n", "A student types:\n  edujam inbox\n",
        ] {
            #expect(first.output.contains(line), "\(line) in \(first.output)")
        }
        let store =
            "postgresql:///school?host=\(server.socketDirectory.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")"
        let written = try String(contentsOf: config, encoding: .utf8)
        #expect(written.contains("\nstore = \(store)\n"), "\(written)")
        let rules = try String(contentsOf: hba, encoding: .utf8)

        // nobody, on their own Unix account, with no EDUJAM_STORE: the config names the store and
        // peer authentication makes the account the login nobody, the store's owner.
        let listed = try cli.run(
            ["class", "list"], environment: ["EDUJAM_CONFIG": config.path, "HOME": folder.path],
            unset: ["EDUJAM_STORE", "XDG_DATA_HOME"], directory: folder, launcher: Self.nobody)
        #expect(listed.status == 0, "\(listed.error)")
        #expect(listed.output.hasPrefix("3B: ana.lima, bo.chen, cy.okafor (teacher: Jane Smith)"), "\(listed.output)")

        let second = try cli.run(setup, environment: environment, unset: ["EDUJAM_STORE"])
        #expect(second.status == 0, "\(second.error)")
        for line in [
            "PostgreSQL role nobody: already there (LOGIN CREATEROLE)\n",
            "Database school: already there, owned by nobody\n",
            "\(hba.path): local logins to school already go by peer authentication\n",
            "store init: Already an EduJam store with an up-to-date schema: nothing to do.\n",
            "\(config.path): already names the store \(store)\n",
            "Read 2 classes and 4 students from OneRoster: nothing changed.\n",
        ] {
            #expect(second.output.contains(line), "\(line) in \(second.output)")
        }
        #expect(try String(contentsOf: hba, encoding: .utf8) == rules)
        #expect(try String(contentsOf: config, encoding: .utf8) == written)
    }

    /// A folder `nobody` owns (its HOME in these tests).
    private static func folderForNobody(_ name: String) throws -> URL {
        let folder = try Edujam.scratchFolder(name)
        if asRoot { try FileManager.default.setAttributes([.ownerAccountID: 65534], ofItemAtPath: folder.path) }
        return folder
    }
}
