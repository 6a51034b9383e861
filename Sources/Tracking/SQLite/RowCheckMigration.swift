/// SQLite's `014-row-checks`: the tracking tables rebuilt with ``RowChecks``' constraints (SQLite
/// adds a CHECK only by building the table again) and a trigger that refuses an attempt's item
/// past ``RowChecks/itemsPerAttempt``.
///
/// Rows already stored are copied as they are, even those the checks would refuse
/// (`ignore_check_constraints` during the copy): nothing is moved or lost, the readers report
/// each row they cannot read and go on, and `store copy` refuses them by name. Only new writes
/// are checked. ``Migrator`` turns foreign keys off around migrations, as SQLite's way to change a
/// table asks: dropping a parent table must not cascade into its children.
enum RowCheckMigration {
    /// One table as it stands after migration 013: its columns, constraints and indexes.
    private struct Table {
        let name: String
        let columns: String
        let keys: String
        let checks: [RowChecks.Check]
        let options: String
        let indexes: [String]

        /// Builds `name_new`, copies every row, drops the old table and takes its name.
        var rebuild: String {
            let body = ([columns, keys].filter { !$0.isEmpty } + checks.map(\.clause)).joined(separator: ",\n")
            let names = columnNames.joined(separator: ", ")
            return """
                CREATE TABLE \(name)_new (
                \(body)
                )\(options);
                INSERT INTO \(name)_new (\(names)) SELECT \(names) FROM \(name);
                DROP TABLE \(name);
                ALTER TABLE \(name)_new RENAME TO \(name);
                \(indexes.map { $0 + ";" }.joined(separator: "\n"))
                """
        }

        /// The first word of each column definition.
        private var columnNames: [String] {
            columns.split(separator: "\n").flatMap { $0.split(separator: ",") }.compactMap { definition in
                definition.split(separator: " ").first.map(String.init)
            }
        }
    }

    private static let tables = [
        Table(
            name: "contexts",
            columns: """
                id INTEGER PRIMARY KEY,
                parent_id INTEGER REFERENCES contexts(id) ON DELETE CASCADE,
                path TEXT NOT NULL UNIQUE,
                identifier TEXT NOT NULL,
                title TEXT NOT NULL,
                type INTEGER NOT NULL,
                custom_type_name TEXT,
                topic TEXT,
                summary TEXT,
                display_order INTEGER NOT NULL DEFAULT 0,
                is_assignable INTEGER NOT NULL DEFAULT 1,
                age_min INTEGER,
                age_max INTEGER,
                minutes_min INTEGER,
                minutes_max INTEGER,
                capabilities TEXT NOT NULL DEFAULT '[]',
                keywords TEXT NOT NULL DEFAULT '[]',
                universal_link TEXT,
                created_at REAL NOT NULL,
                modified_at REAL NOT NULL
                """, keys: "", checks: RowChecks.contexts(.sqlite), options: "",
            indexes: ["CREATE INDEX contexts_parent ON contexts(parent_id)"]),
        Table(
            name: "activities",
            columns: """
                id INTEGER PRIMARY KEY,
                context_id INTEGER NOT NULL REFERENCES contexts(id) ON DELETE CASCADE,
                student TEXT NOT NULL,
                created_at REAL NOT NULL,
                started_at REAL NOT NULL,
                ended_at REAL,
                outcome TEXT NOT NULL DEFAULT 'running',
                done_by TEXT,
                duration REAL NOT NULL DEFAULT 0,
                progress REAL NOT NULL DEFAULT 0,
                ranges TEXT NOT NULL DEFAULT '[]',
                primary_item TEXT,
                was_started INTEGER NOT NULL DEFAULT 1,
                owner_host TEXT,
                owner_pid INTEGER,
                owner_start TEXT,
                uuid TEXT,
                saved_at REAL NOT NULL DEFAULT 0
                """, keys: "", checks: RowChecks.activities(.sqlite), options: "",
            indexes: [
                "CREATE INDEX activities_context ON activities(context_id)",
                "CREATE INDEX activities_recent ON activities(started_at, id)",
                "CREATE INDEX activities_student ON activities(student, started_at, id)",
                "CREATE UNIQUE INDEX activities_uuid ON activities(uuid)",
            ]),
        Table(
            name: "activity_items",
            columns: """
                activity_id INTEGER NOT NULL REFERENCES activities(id) ON DELETE CASCADE,
                identifier TEXT NOT NULL,
                title TEXT NOT NULL,
                kind TEXT NOT NULL,
                sequence INTEGER NOT NULL,
                quantity REAL,
                flag INTEGER,
                value_type TEXT,
                score REAL,
                max_score REAL
                """, keys: "PRIMARY KEY (activity_id, identifier)", checks: RowChecks.activityItems(.sqlite),
            options: " WITHOUT ROWID", indexes: []),
        Table(
            name: "attempt_events",
            columns: """
                activity_id INTEGER NOT NULL REFERENCES activities(id) ON DELETE CASCADE,
                sequence INTEGER NOT NULL,
                kind TEXT NOT NULL,
                at REAL NOT NULL,
                progress REAL,
                outcome TEXT
                """, keys: "PRIMARY KEY (activity_id, sequence)", checks: RowChecks.attemptEvents(.sqlite),
            options: " WITHOUT ROWID", indexes: []),
    ]

    /// Refuses an item past the count, whether inserted or moved to another attempt (`IF NOT
    /// EXISTS`: a rebuild that keeps `activity_items` keeps them).
    private static let itemCountTriggers = ["INSERT", "UPDATE OF activity_id"].enumerated().map { index, event in
        """
        CREATE TRIGGER IF NOT EXISTS activity_items_count\(index == 0 ? "" : "_moved") AFTER \(event) ON activity_items
        WHEN (SELECT count(*) FROM activity_items WHERE activity_id = NEW.activity_id) > \(RowChecks.itemsPerAttempt)
        BEGIN SELECT RAISE(ABORT, '\(RowChecks.itemCountMessage)'); END;
        """
    }

    /// The migration.
    static let migration = Migration(name: "014-row-checks", sql: rebuilding(tables))

    /// SQLite's `015-opaque-identifiers`: the tables with an identifier check built again with
    /// ``RowChecks``' rule of today (no controls), for stores whose `014-row-checks` also refused
    /// `/` and spaces. A store made after this change gets the same checks twice, harmlessly.
    static let opaqueIdentifiers = Migration(
        name: "015-opaque-identifiers",
        sql: rebuilding(tables.filter { $0.checks.contains { RowChecks.identifierChecks.contains($0.name) } }))

    /// `chosen` rebuilt with every row copied as it is, then the item count triggers (dropping
    /// `activity_items` drops its triggers).
    private static func rebuilding(_ chosen: [Table]) -> String {
        (["PRAGMA ignore_check_constraints = ON;"] + chosen.map(\.rebuild)
            + ["PRAGMA ignore_check_constraints = OFF;"] + itemCountTriggers).joined(separator: "\n")
    }
}
