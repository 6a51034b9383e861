/// One named schema change. Names are recorded in `schema_migrations` once applied.
struct Migration {
    let name: String
    let sql: String
}

/// The schema, as an ordered list of named migrations.
///
/// Append new migrations at the end (for example classes and assignments); never edit or reorder
/// one that has shipped, because stores record which names they have already applied.
enum Migrations {
    static let all: [Migration] = [
        Migration(name: "001-store-info", sql: """
            CREATE TABLE store_info (key TEXT PRIMARY KEY, value TEXT NOT NULL);
            """),
        Migration(name: "002-contexts", sql: """
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
        Migration(name: "003-activities", sql: """
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
        Migration(name: "004-activity-items", sql: """
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
    ]
}
