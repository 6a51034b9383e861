import Foundation
import Testing

/// Who may open a store. A SQLite store trusts whoever can open its file, so the file is the
/// owner's alone; a PostgreSQL store knows each person by their login (`SchoolServerTests`).
@Suite struct StoreAccessTests {
    /// The permission bits of a file.
    private func mode(_ path: String) throws -> Int {
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        return (attributes[.posixPermissions] as? NSNumber)?.intValue ?? -1
    }

    /// A new store file, and the write-ahead log and shared memory beside it, are readable and
    /// writable by their owner only, whatever the umask (the tests run with the usual 022); a
    /// store that exists keeps the mode its owner gave it.
    @Test func aNewSQLiteStoreIsTheOwnersAlone() throws {
        let folder = try Edujam.scratchFolder("private-store")
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = folder.appendingPathComponent("edujam.sqlite").path
        let cli = Edujam()
        let created = try cli.run(["class", "create", "3B"], environment: ["EDUJAM_STORE": store])
        #expect(created.status == 0, "\(created.error)")
        #expect(try mode(store) == 0o600)
        for companion in ["-wal", "-shm"] where FileManager.default.fileExists(atPath: store + companion) {
            #expect(try mode(store + companion) == 0o600, "\(companion)")
        }

        try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: store)
        let listed = try cli.run(["class", "list"], environment: ["EDUJAM_STORE": store])
        #expect(listed.status == 0, "\(listed.error)")
        #expect(listed.output.contains("3B"))
        #expect(try mode(store) == 0o640, "an existing store keeps its mode")
    }
}

extension StoreAccessTests {
    /// A SQLite store has no logins to map or create: the options say so and change nothing.
    @Test func loginsBelongToAPostgreSQLStore() throws {
        let cli = Edujam()
        defer { cli.remove() }
        #expect(try cli.run(["class", "create", "3B"]).status == 0)
        for words in [["ana", "--login", "ana2"], ["ana", "--create-logins"]] {
            let refused = try cli.run(["class", "add", "3B"] + words)
            #expect(refused.status == 1)
            #expect(refused.error.contains("logins belong to a PostgreSQL store"), "\(refused.error)")
        }
        let listed = try cli.run(["class", "list", "--json"])
        #expect(!listed.output.contains("ana"), "nothing was added: \(listed.output)")
    }
}
