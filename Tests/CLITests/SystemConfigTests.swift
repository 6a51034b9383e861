import Foundation
import Testing

/// The machine's config file (`/etc/edujam/edujam.conf`, here `EDUJAM_CONFIG`'s) names the store
/// for every user; `EDUJAM_STORE` and `--store` still win, in that order.
@Suite struct SystemConfigTests {
    private func storeInit(_ extra: [String], config: URL, environment: [String: String] = [:]) throws
        -> Edujam.Result
    {
        try Edujam().run(
            ["store", "init"] + extra, environment: environment.merging(["EDUJAM_CONFIG": config.path]) { $1 },
            unset: environment["EDUJAM_STORE"] == nil ? ["EDUJAM_STORE"] : [])
    }

    @Test func theConfigFileNamesTheStoreAfterTheCommandLineAndTheEnvironment() throws {
        let folder = try Edujam.scratchFolder("config")
        defer { try? FileManager.default.removeItem(at: folder) }
        let config = folder.appendingPathComponent("edujam.conf")
        let stores = ["config", "environment", "option"].map { folder.appendingPathComponent("\($0).sqlite").path }
        try Data("# the school's\nstore = \(stores[0])   # a comment\n".utf8).write(to: config)

        #expect(try storeInit([], config: config).status == 0)
        #expect(FileManager.default.fileExists(atPath: stores[0]), "the config file's store")
        #expect(try storeInit([], config: config, environment: ["EDUJAM_STORE": stores[1]]).status == 0)
        #expect(FileManager.default.fileExists(atPath: stores[1]), "EDUJAM_STORE before the config file")
        #expect(
            try storeInit(["--store", stores[2]], config: config, environment: ["EDUJAM_STORE": stores[1]]).status == 0)
        #expect(FileManager.default.fileExists(atPath: stores[2]), "--store first")
    }

    @Test func aConfigFileThatIsNotSettingsIsRefusedWithItsLine() throws {
        let folder = try Edujam.scratchFolder("config-bad")
        defer { try? FileManager.default.removeItem(at: folder) }
        let config = folder.appendingPathComponent("edujam.conf")
        try Data("# settings\nstroe = /tmp/x.sqlite\n".utf8).write(to: config)
        let result = try storeInit([], config: config)
        #expect(result.status == 1)
        #expect(
            result.error
                == "edujam store: the EduJam config file \(config.path), line 2, sets 'stroe', which EduJam does not know "
                + "(it knows: store, read-store): mend it, or set EDUJAM_STORE\n")
        #expect(!FileManager.default.fileExists(atPath: "/tmp/x.sqlite"))
    }
}

/// The read address (`EDUJAM_READ_STORE`, `read-store`) comes from the same place as the store's
/// and serves only the commands that read: seen here by which unreachable server a command names.
@Suite struct ReadAddressTests {
    private let readSocket = "/nonexistent-standby"
    private var standby: String { "postgresql:///edujam?host=%2Fnonexistent-standby" }
    private let primary = "postgresql:///edujam?host=%2Fnonexistent-primary"

    @Test func theReadAddressServesTheReadingCommandsBesideItsStore() throws {
        let folder = try Edujam.scratchFolder("read-address")
        defer { try? FileManager.default.removeItem(at: folder) }
        let config = folder.appendingPathComponent("edujam.conf")
        try Data("store = \(primary)\nread-store = \(standby)\n".utf8).write(to: config)
        let cli = Edujam()
        defer { cli.remove() }
        /// What the command said on stderr; empty when it read a store (the file) without a word.
        func run(_ words: [String], _ environment: [String: String], unset: Set<String> = []) throws -> String {
            let result = try cli.run(
                words, environment: environment.merging(["XDG_DATA_HOME": folder.path]) { $1 }, unset: unset)
            return result.status == 0 ? "" : result.error
        }
        let fromConfig = ["EDUJAM_CONFIG": config.path]
        #expect(try run(["report"], fromConfig, unset: ["EDUJAM_STORE"]).contains(readSocket), "read-store")
        #expect(try run(["class", "list"], fromConfig, unset: ["EDUJAM_STORE"]).contains("nonexistent-primary"))
        let environment = ["EDUJAM_STORE": primary, "EDUJAM_READ_STORE": standby]
        #expect(try run(["inbox", "--student", "ana"], environment).contains(readSocket), "EDUJAM_READ_STORE")
        #expect(try run(["class", "create", "5C"], environment).contains("nonexistent-primary"), "a write")
        // Not beside a store of its own: a laptop's file, or a store named on the command line.
        #expect(try run(["report"], ["EDUJAM_READ_STORE": standby]) == "", "a file store")
        #expect(try run(["report", "--store", cli.store], ["EDUJAM_READ_STORE": standby]) == "", "--store")
        #expect(
            try run(["report"], fromConfig.merging(["EDUJAM_STORE": cli.store]) { $1 }) == "",
            "the config's read-store beside another store")
        let refused = try run(["report"], ["EDUJAM_STORE": primary, "EDUJAM_READ_STORE": "/tmp/a.sqlite"])
        #expect(refused.contains("is not a PostgreSQL address"), "\(refused)")
    }
}
