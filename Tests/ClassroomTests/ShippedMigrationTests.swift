import Foundation
import GameContent
import Testing

@testable import Classroom
@testable import Tracking

/// A migration, once shipped, is fixed text: stores in use applied it as it was, and never apply
/// it again. So the SQL of every name, both engines, every half (Tracking's and each part's), is
/// pinned here by its SHA-256 in `Fixtures/shipped-migrations.txt`; a change to a shipped
/// migration, even one that only follows a Swift constant, fails this test. A new need is a new
/// migration.
///
/// A new migration has no pin yet: `EDUJAM_WRITE_SCHEMA_FIXTURES=1 swift test --filter
/// ShippedMigrationTests` appends the pins of the names it does not find, and never rewrites a
/// pin that is there (delete a line by hand to re-pin a migration that has not shipped).
@Suite struct ShippedMigrationTests {
    private static let pinsFile = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/shipped-migrations.txt")

    /// One pin: the engine's list, the migration's name, the SHA-256 of its SQL.
    struct Pin: Equatable {
        let engine: String
        let name: String
        let hash: String

        var line: String { "\(engine) \(name) \(hash)" }
    }

    /// Every migration of both engines as this build has it, in list order.
    static func current() -> [Pin] {
        let part = ClassroomSchema.part
        return pins("sqlite", Migrations.all, part.sqlite) + pins("postgresql", PGMigrations.all, part.postgresql)
    }

    private static func pins(_ engine: String, _ list: [Migration], _ classroom: [String: String]) -> [Pin] {
        list.map { migration in
            let halves = [migration.sql] + migration.owners.map { "-- \($0)\n" + (classroom[migration.name] ?? "") }
            let digest = SHA256.hash(Array(halves.joined(separator: "\n").utf8))
            return Pin(engine: engine, name: migration.name, hash: digest.map { String(format: "%02x", $0) }.joined())
        }
    }

    static func pinned() throws -> [Pin] {
        let text = try String(contentsOf: pinsFile, encoding: .utf8)
        return text.split(separator: "\n").filter { !$0.hasPrefix("#") }.map { line in
            let words = line.split(separator: " ").map(String.init)
            return Pin(engine: words[0], name: words.count > 1 ? words[1] : "", hash: words.count > 2 ? words[2] : "")
        }
    }

    @Test func noShippedMigrationChanged() throws {
        if ProcessInfo.processInfo.environment["EDUJAM_WRITE_SCHEMA_FIXTURES"] == "1" { try appendNewPins() }
        let pinned = try Self.pinned()
        let current = Self.current()
        for pin in pinned {
            guard let now = current.first(where: { $0.engine == pin.engine && $0.name == pin.name }) else {
                Issue.record("\(pin.engine) \(pin.name) is pinned but gone from the list: a shipped name never leaves")
                continue
            }
            #expect(
                now.hash == pin.hash,
                """
                the SQL of \(pin.engine) migration \(pin.name) changed: stores in use applied it as it was. \
                Put it back, and write the change as a new migration
                """)
        }
        for migration in current
        where !pinned.contains(where: { $0.engine == migration.engine && $0.name == migration.name }) {
            Issue.record(
                """
                \(migration.engine) migration \(migration.name) has no pin: \
                EDUJAM_WRITE_SCHEMA_FIXTURES=1 swift test --filter ShippedMigrationTests adds it
                """)
        }
    }

    /// Appends the pins of the names the file lacks; a pin already there stays as it is.
    private func appendNewPins() throws {
        let pinned = (try? Self.pinned()) ?? []
        let added = Self.current().filter { pin in !pinned.contains { $0.engine == pin.engine && $0.name == pin.name } }
        guard !added.isEmpty else { return }
        let header = "# engine, migration, SHA-256 of its SQL (ShippedMigrationTests): never edit a line\n"
        let old = (try? String(contentsOf: Self.pinsFile, encoding: .utf8)) ?? header
        try (old + added.map { $0.line + "\n" }.joined()).write(to: Self.pinsFile, atomically: true, encoding: .utf8)
    }

    /// The test above can fail: a migration whose SQL differs by one character has another pin.
    @Test func oneCharacterChangesThePin() {
        let list = [Migration(name: "900-x", sql: "CREATE TABLE x (a integer);")]
        let changed = [Migration(name: "900-x", sql: "CREATE TABLE x (a bigint);")]
        #expect(Self.pins("sqlite", list, [:]) != Self.pins("sqlite", changed, [:]))
        let withPart = [Migration(name: "900-x", sql: "", owners: ["classroom"])]
        #expect(Self.pins("sqlite", withPart, ["900-x": "A"]) != Self.pins("sqlite", withPart, ["900-x": "B"]))
    }
}
