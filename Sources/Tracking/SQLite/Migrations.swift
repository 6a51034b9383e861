/// One named schema change. Names are recorded in `schema_migrations` once applied.
struct Migration {
    let name: String
    /// Tracking's half: empty for a name that is a part's alone (``SchemaPart``).
    let sql: String
    /// The owners of the other halves of this name (``SchemaPart/owner``), applied after Tracking's.
    let owners: [String]

    /// A migration whose halves are Tracking's `sql`, then each of `owners`' (``SchemaPart``).
    init(name: String, sql: String, owners: [String] = []) {
        self.name = name
        self.sql = sql
        self.owners = owners
    }

    /// The migrations of `all` a store that applied `applied` (in order) has yet to apply.
    /// - Throws: ``TrackingError/unknownMigration(_:)`` for an applied name that is not where
    ///   `all` has it: the store was written by a newer schema.
    static func pending(_ all: [Migration], applied: [String]) throws -> ArraySlice<Migration> {
        for (position, name) in applied.enumerated() {
            guard position < all.count, all[position].name == name else { throw TrackingError.unknownMigration(name) }
        }
        return all.dropFirst(applied.count)
    }

    /// A name whose SQL is all the classroom's (``SchemaPart``, Classroom's `ClassroomSchema`):
    /// Tracking's half is empty.
    static func classroomOnly(_ name: String) -> Migration {
        Migration(name: name, sql: "", owners: [SchemaPart.classroomOwner])
    }

    /// The first migration of both engines: the store's own facts (its root identifier).
    static let storeInfo = Migration(
        name: "001-store-info", sql: "CREATE TABLE store_info (key TEXT PRIMARY KEY, value TEXT NOT NULL);")
}

/// The schema, as an ordered list of named migrations: Tracking's half of each, and the names
/// whose SQL is the classroom's (``Migration/classroomOnly(_:)``; the SQL is in Classroom's
/// `Schema/`, ``SchemaPart``).
///
/// Append new migrations at the end; never edit or reorder one that has shipped, because stores
/// record which names they have already applied. A migration's SQL is fixed text, never built
/// from the program's types (``RowChecks``, ``Limits``), and pinned by a hash in a test
/// (`docs/decisions/frozen-migrations.md`). A classroom table's migration is one line here,
/// `Migration.classroomOnly("NNN-name")`, and its SQL in Classroom.
enum Migrations {
    static let all: [Migration] = [
        Migration.storeInfo,
        Migration(
            name: "002-contexts",
            sql: """
                CREATE TABLE contexts (
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
                    age_min INTEGER, age_max INTEGER,
                    time_min INTEGER, time_max INTEGER,
                    capabilities TEXT NOT NULL DEFAULT '[]',
                    keywords TEXT NOT NULL DEFAULT '[]',
                    universal_link TEXT,
                    created_at REAL NOT NULL,
                    modified_at REAL NOT NULL
                );
                CREATE INDEX contexts_parent ON contexts(parent_id);
                """),
        Migration(
            name: "003-activities",
            sql: """
                CREATE TABLE activities (
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
                    primary_item TEXT
                );
                CREATE INDEX activities_context ON activities(context_id);
                CREATE INDEX activities_recent ON activities(started_at, id);
                CREATE INDEX activities_student ON activities(student, started_at, id);
                """),
        Migration(
            name: "004-activity-items",
            sql: """
                CREATE TABLE activity_items (
                    activity_id INTEGER NOT NULL REFERENCES activities(id) ON DELETE CASCADE,
                    identifier TEXT NOT NULL,
                    title TEXT NOT NULL,
                    kind TEXT NOT NULL,
                    sequence INTEGER NOT NULL,
                    quantity REAL,
                    flag INTEGER,
                    value_type TEXT,
                    score REAL,
                    max_score REAL,
                    PRIMARY KEY (activity_id, identifier)
                ) WITHOUT ROWID;
                """),
        Migration.classroomOnly("005-classes"),
        Migration.classroomOnly("006-assignments"),
        // Whether the game ever started the attempt (`Activity.start()`). A launch that never starts
        // (the student left at the level menu) is kept but counts for no assignment. Rows written
        // before this column get 0 only when nothing at all was recorded in them.
        Migration(
            name: "007-activities-started",
            sql: """
                ALTER TABLE activities ADD COLUMN was_started INTEGER NOT NULL DEFAULT 1;
                UPDATE activities SET was_started = 0
                WHERE duration = 0 AND progress = 0 AND started_at = created_at AND primary_item IS NULL
                    AND done_by IS NULL AND NOT EXISTS (SELECT 1 FROM activity_items i WHERE i.activity_id = activities.id);
                """),
        // The process playing each attempt (RunOwner), so that an attempt whose process died
        // without ending it is reported `interrupted`, not `running` for ever.
        Migration(
            name: "008-activity-owner",
            sql: """
                ALTER TABLE activities ADD COLUMN owner_host TEXT;
                ALTER TABLE activities ADD COLUMN owner_pid INTEGER;
                ALTER TABLE activities ADD COLUMN owner_start TEXT;
                """),
        // Each attempt's UUID (its identity outside this store: an xAPI registration) and its
        // history, in order. Attempts saved before this migration get a random UUID and no history.
        Migration(
            name: "009-attempt-events",
            sql: """
                ALTER TABLE activities ADD COLUMN uuid TEXT;
                UPDATE activities SET uuid = lower(hex(randomblob(4)) || '-' || hex(randomblob(2)) || '-4'
                    || substr(hex(randomblob(2)), 2) || '-' || substr('89ab', 1 + (abs(random()) % 4), 1)
                    || substr(hex(randomblob(2)), 2) || '-' || hex(randomblob(6)));
                CREATE UNIQUE INDEX activities_uuid ON activities(uuid);
                CREATE TABLE attempt_events (
                    activity_id INTEGER NOT NULL REFERENCES activities(id) ON DELETE CASCADE,
                    sequence INTEGER NOT NULL,
                    kind TEXT NOT NULL,
                    at REAL NOT NULL,
                    progress REAL,
                    outcome TEXT,
                    PRIMARY KEY (activity_id, sequence)
                ) WITHOUT ROWID;
                """),
        Migration.classroomOnly("010-oneroster"),
        // Statements an LRS has accepted (`edujam push`), per LRS endpoint, so the next push sends
        // only the others. Rows are written only after the LRS answered 2xx, one transaction per batch.
        Migration(
            name: "011-lrs-push",
            sql: """
                CREATE TABLE lrs_accepted (
                    endpoint TEXT NOT NULL,
                    statement_id TEXT NOT NULL,
                    accepted_at REAL NOT NULL,
                    PRIMARY KEY (endpoint, statement_id)
                ) WITHOUT ROWID;
                """),
        // The suggested completion time is kept in minutes, as ClassKit's `suggestedCompletionTime`
        // (it was seconds in `time_min`/`time_max`); the columns are renamed for their unit. Old
        // bounds widen to whole minutes (low rounded down, high up); `x / 60 + (x % 60 > 0)`
        // cannot overflow where `(x + 59) / 60` would for a bound near Int64.max.
        Migration(
            name: "012-completion-minutes",
            sql: """
                ALTER TABLE contexts RENAME COLUMN time_min TO minutes_min;
                ALTER TABLE contexts RENAME COLUMN time_max TO minutes_max;
                UPDATE contexts SET minutes_min = minutes_min / 60, minutes_max = minutes_max / 60 + (minutes_max % 60 > 0)
                WHERE minutes_min IS NOT NULL AND minutes_max IS NOT NULL;
                """),
        // When each attempt's stored state was taken (the save's time, seconds since 1970), so that
        // an attempt written again later from the outbox (`StoreEngine.upsert`) replaces only an
        // earlier state. Rows saved before this column read 0: any kept state is later.
        Migration(
            name: "013-activity-saved-at",
            sql: """
                ALTER TABLE activities ADD COLUMN saved_at REAL NOT NULL DEFAULT 0;
                """),
        // The model's rules as CHECK constraints and the item count as a trigger:
        // rows already stored stay as they are; see ``RowCheckMigration``.
        RowCheckMigration.migration,
        // Identifiers are opaque: the identifier checks no longer refuse '/' and spaces.
        RowCheckMigration.opaqueIdentifiers,
        // The version of the game each attempt ran (its content hash); NULL for attempts saved before.
        Migration(
            name: "016-attempt-game-version",
            sql: #"""
                ALTER TABLE activities ADD COLUMN game_version TEXT CONSTRAINT activities_game_version CHECK \#
                (game_version IS NULL OR (length(game_version) = 64 AND game_version NOT GLOB '*[^0-9a-f]*'));
                """#),
        // Published games: versions named by their hash, each game's current one (Classroom's).
        Migration(name: "017-game-versions", sql: "", owners: [SchemaPart.classroomOwner]),
        // Each attempt's replay record (``AttemptInputs``): what its game observed from outside, as
        // JSON with its size, both bounded. Attempts saved before this have none (not replayable).
        Migration(
            name: "018-attempt-inputs",
            sql: """
                CREATE TABLE attempt_inputs (
                    activity_id INTEGER PRIMARY KEY REFERENCES activities(id) ON DELETE CASCADE,
                    record TEXT NOT NULL,
                    bytes INTEGER NOT NULL
                        CHECK (bytes = length(CAST(record AS BLOB)) AND bytes <= 1048576)
                );
                """),
        // What `edujam verify` found for each attempt it checked (Classroom's).
        Migration.classroomOnly("019-attempt-checks"),
        // What no grade counts: retired game versions, and the (empty) view of staff players (Classroom's).
        Migration.classroomOnly("020-grading-exclusions"),
        // Whose each published game is (Classroom's).
        Migration.classroomOnly("021-game-owners"),
    ]
}
