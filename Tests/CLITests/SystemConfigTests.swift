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
