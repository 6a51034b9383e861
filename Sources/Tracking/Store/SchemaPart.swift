/// Another module's half of the schema (Classroom's tables and their row-level security), written
/// in that module and registered into Tracking's one ordered list of migration names.
///
/// Tracking keeps the names, in order, per engine (``Migrations``, ``PGMigrations``): a store
/// records each name it applied, so a name never moves. Each entry holds Tracking's own SQL for
/// that name and the owners of the other halves (``Migration/owners``); a part holds its owner's
/// half of those names. Migrating a pending name applies Tracking's half, then the half of each
/// part the open was given, then records the name. A part not given (a Tracking-only open, such
/// as ``TrackingStore/init(path:rootIdentifier:rootTitle:clock:)``) is recorded as skipped in
/// `schema_skipped (name, owner)`, made only when something is skipped; a later open with the
/// part applies that owner's skipped halves in list order and forgets them, in the same
/// transaction. No such row means applied: stores migrated before parts existed open unchanged.
///
/// The rule for a part's SQL: it may depend on its own earlier halves and on Tracking's tables in
/// any later shape (a skipped half runs after later Tracking migrations), never the reverse;
/// Tracking's SQL never names a part's table.
///
/// A new name with a half in a part is one line in Tracking's list (``Migration/init(name:sql:owners:)``
/// with empty SQL for a name that is the part's alone) and its SQL in the part.
public struct SchemaPart: Sendable {
    /// Who writes this half (`"classroom"`): the owner recorded in `schema_skipped`.
    public let owner: String
    /// The part's SQL on SQLite, by migration name.
    public let sqlite: [String: String]
    /// The part's SQL on PostgreSQL, by migration name.
    public let postgresql: [String: String]

    /// A part of the schema.
    /// - Parameters:
    ///   - owner: The owner's name, as Tracking's lists name it in ``Migration/owners``.
    ///   - sqlite: SQLite's SQL of this owner's half, by migration name.
    ///   - postgresql: PostgreSQL's SQL of this owner's half, by migration name.
    public init(owner: String, sqlite: [String: String], postgresql: [String: String]) {
        self.owner = owner
        self.sqlite = sqlite
        self.postgresql = postgresql
    }

    /// The owner of the classroom's half (Classroom's `ClassroomSchema.part`), as Tracking's lists name it.
    package static let classroomOwner = "classroom"
}

/// One skipped half: the migration `name` whose half by `owner` is not applied yet.
struct SkippedHalf: Equatable {
    let name: String
    let owner: String
}

/// What migrating does, the same on both engines: which SQL runs in which order, and what is
/// recorded (names applied, halves skipped, skipped halves now applied).
struct MigrationPlan {
    /// The SQL to run, in order.
    private(set) var steps: [String] = []
    /// The names newly applied, in list order.
    private(set) var applied: [String] = []
    /// The halves of parts not given, to record in `schema_skipped`.
    private(set) var skipped: [SkippedHalf] = []
    /// The skipped halves this plan applies, to forget.
    private(set) var adopted: [SkippedHalf] = []

    /// The plan for a store that applied `applied` (in order) and skipped `skipped`.
    /// - Parameters:
    ///   - all: The engine's ordered list.
    ///   - applied: The names the store recorded, in order.
    ///   - skipped: The halves the store recorded as skipped.
    ///   - parts: The parts this open was given.
    ///   - sql: A part's SQL on this engine.
    /// - Throws: ``TrackingError/unknownMigration(_:)`` for a store written by a newer schema.
    init(
        all: [Migration], applied names: [String], skipped: [SkippedHalf], parts: [SchemaPart],
        sql: (SchemaPart) -> [String: String]
    ) throws {
        let pending = try Migration.pending(all, applied: names)
        let given = Dictionary(parts.map { ($0.owner, sql($0)) }, uniquingKeysWith: { first, _ in first })
        // Skipped halves belong to names already applied: they come before every pending name.
        for migration in all.prefix(names.count) {
            for half in skipped where half.name == migration.name {
                guard let halves = given[half.owner] else { continue }
                steps.append(halves[half.name] ?? "")
                adopted.append(half)
            }
        }
        for migration in pending {
            steps.append(migration.sql)
            for owner in migration.owners {
                if let halves = given[owner] {
                    steps.append(halves[migration.name] ?? "")
                } else {
                    self.skipped.append(SkippedHalf(name: migration.name, owner: owner))
                }
            }
            applied.append(migration.name)
        }
        steps.removeAll { $0.isEmpty }
    }

    /// Whether the store is up to date for an open given `parts`: every name applied and none of
    /// their halves skipped.
    static func isUpToDate(all: [Migration], applied: [String], skipped: [SkippedHalf], parts: [SchemaPart]) -> Bool {
        let owners = Set(parts.map(\.owner))
        return applied == all.map(\.name) && !skipped.contains { owners.contains($0.owner) }
    }
}
