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
    /// The migration.
    static let migration = Migration(
        name: "014-row-checks",
        sql: #"""
            PRAGMA ignore_check_constraints = ON;
            CREATE TABLE contexts_new (
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
            modified_at REAL NOT NULL,
            CONSTRAINT contexts_identifier CHECK (length(CAST(identifier AS BLOB)) BETWEEN 1 AND 256 AND identifier \#
            NOT GLOB ('*[' || char(1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, \#
            24, 25, 26, 27, 28, 29, 30, 31, 127) || ']*')),
            CONSTRAINT contexts_path CHECK (json_valid(path) AND json_type(path) = 'array' AND json_array_length(path) \#
            BETWEEN 1 AND 8 AND length(CAST(path AS BLOB)) <= 12314),
            CONSTRAINT contexts_title CHECK (title <> '' AND length(CAST(title AS BLOB)) <= 1024),
            CONSTRAINT contexts_type CHECK (type IN (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17)),
            CONSTRAINT contexts_topic CHECK (topic IS NULL OR topic IN ('math', 'science', 'literacyAndWriting', \#
            'worldLanguage', 'socialScience', 'computerScienceAndEngineering', 'artsAndMusic', 'healthAndFitness')),
            CONSTRAINT contexts_summary CHECK (summary IS NULL OR summary <> '' AND length(CAST(summary AS BLOB)) <= \#
            16000),
            CONSTRAINT contexts_keywords CHECK (json_valid(keywords) AND json_type(keywords) = 'array' AND \#
            json_array_length(keywords) BETWEEN 0 AND 32 AND length(CAST(keywords AS BLOB)) <= 49250)
            );
            INSERT INTO contexts_new (id, parent_id, path, identifier, title, type, custom_type_name, topic, summary, \#
            display_order, is_assignable, age_min, age_max, minutes_min, minutes_max, capabilities, keywords, \#
            universal_link, created_at, modified_at) SELECT id, parent_id, path, identifier, title, type, \#
            custom_type_name, topic, summary, display_order, is_assignable, age_min, age_max, minutes_min, \#
            minutes_max, capabilities, keywords, universal_link, created_at, modified_at FROM contexts;
            DROP TABLE contexts;
            ALTER TABLE contexts_new RENAME TO contexts;
            CREATE INDEX contexts_parent ON contexts(parent_id);
            CREATE TABLE activities_new (
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
            saved_at REAL NOT NULL DEFAULT 0,
            CONSTRAINT activities_student CHECK (student <> ''),
            CONSTRAINT activities_outcome CHECK (outcome IN ('running', 'finished', 'quit', 'error', 'limit')),
            CONSTRAINT activities_done_by CHECK (done_by IS NULL OR done_by IN ('student', 'game', 'teacher')),
            CONSTRAINT activities_progress CHECK (progress BETWEEN 0 AND 1),
            CONSTRAINT activities_duration CHECK (duration BETWEEN 0 AND 3155760000),
            CONSTRAINT activities_primary_item CHECK (primary_item IS NULL OR length(CAST(primary_item AS BLOB)) \#
            BETWEEN 1 AND 255 AND primary_item NOT GLOB ('*[' || char(1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, \#
            15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 127) || ']*'))
            );
            INSERT INTO activities_new (id, context_id, student, created_at, started_at, ended_at, outcome, done_by, \#
            duration, progress, ranges, primary_item, was_started, owner_host, owner_pid, owner_start, uuid, saved_at) \#
            SELECT id, context_id, student, created_at, started_at, ended_at, outcome, done_by, duration, progress, \#
            ranges, primary_item, was_started, owner_host, owner_pid, owner_start, uuid, saved_at FROM activities;
            DROP TABLE activities;
            ALTER TABLE activities_new RENAME TO activities;
            CREATE INDEX activities_context ON activities(context_id);
            CREATE INDEX activities_recent ON activities(started_at, id);
            CREATE INDEX activities_student ON activities(student, started_at, id);
            CREATE UNIQUE INDEX activities_uuid ON activities(uuid);
            CREATE TABLE activity_items_new (
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
            PRIMARY KEY (activity_id, identifier),
            CONSTRAINT activity_items_identifier CHECK (length(CAST(identifier AS BLOB)) BETWEEN 1 AND 255 AND \#
            identifier NOT GLOB ('*[' || char(1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, \#
            21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 127) || ']*')),
            CONSTRAINT activity_items_title CHECK (title <> '' AND length(CAST(title AS BLOB)) <= 1024),
            CONSTRAINT activity_items_kind CHECK (kind IN ('quantity', 'binary', 'score')),
            CONSTRAINT activity_items_value CHECK ((kind = 'quantity' AND quantity BETWEEN -1.7976931348623157e308 AND \#
            1.7976931348623157e308) OR (kind = 'binary' AND flag IN (0, 1) AND value_type IN ('trueFalse', 'passFail', \#
            'yesNo', 'correctIncorrect')) OR (kind = 'score' AND max_score BETWEEN -1.7976931348623157e308 AND \#
            1.7976931348623157e308 AND max_score > 0 AND score BETWEEN 0 AND max_score))
            ) WITHOUT ROWID;
            INSERT INTO activity_items_new (activity_id, identifier, title, kind, sequence, quantity, flag, \#
            value_type, score, max_score) SELECT activity_id, identifier, title, kind, sequence, quantity, flag, \#
            value_type, score, max_score FROM activity_items;
            DROP TABLE activity_items;
            ALTER TABLE activity_items_new RENAME TO activity_items;

            CREATE TABLE attempt_events_new (
            activity_id INTEGER NOT NULL REFERENCES activities(id) ON DELETE CASCADE,
            sequence INTEGER NOT NULL,
            kind TEXT NOT NULL,
            at REAL NOT NULL,
            progress REAL,
            outcome TEXT,
            PRIMARY KEY (activity_id, sequence),
            CONSTRAINT attempt_events_kind CHECK (kind IN ('started', 'stopped', 'resumed', 'progressed', 'ended')),
            CONSTRAINT attempt_events_sequence CHECK (sequence >= 0),
            CONSTRAINT attempt_events_progress CHECK (progress IS NULL OR progress BETWEEN 0 AND 1),
            CONSTRAINT attempt_events_outcome CHECK (outcome IS NULL OR outcome IN ('running', 'finished', 'quit', \#
            'error', 'limit'))
            ) WITHOUT ROWID;
            INSERT INTO attempt_events_new (activity_id, sequence, kind, at, progress, outcome) SELECT activity_id, \#
            sequence, kind, at, progress, outcome FROM attempt_events;
            DROP TABLE attempt_events;
            ALTER TABLE attempt_events_new RENAME TO attempt_events;

            PRAGMA ignore_check_constraints = OFF;
            CREATE TRIGGER IF NOT EXISTS activity_items_count AFTER INSERT ON activity_items
            WHEN (SELECT count(*) FROM activity_items WHERE activity_id = NEW.activity_id) > 4
            BEGIN SELECT RAISE(ABORT, 'an attempt holds at most 4 items'); END;
            CREATE TRIGGER IF NOT EXISTS activity_items_count_moved AFTER UPDATE OF activity_id ON activity_items
            WHEN (SELECT count(*) FROM activity_items WHERE activity_id = NEW.activity_id) > 4
            BEGIN SELECT RAISE(ABORT, 'an attempt holds at most 4 items'); END;
            """#)

    /// SQLite's `015-opaque-identifiers`: the tables with an identifier check built again with the
    /// rule that refuses only controls, for stores whose `014-row-checks` also refused `/` and
    /// spaces. A store made after this change gets the same checks twice, harmlessly.
    static let opaqueIdentifiers = Migration(
        name: "015-opaque-identifiers",
        sql: #"""
            PRAGMA ignore_check_constraints = ON;
            CREATE TABLE contexts_new (
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
            modified_at REAL NOT NULL,
            CONSTRAINT contexts_identifier CHECK (length(CAST(identifier AS BLOB)) BETWEEN 1 AND 256 AND identifier \#
            NOT GLOB ('*[' || char(1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, \#
            24, 25, 26, 27, 28, 29, 30, 31, 127) || ']*')),
            CONSTRAINT contexts_path CHECK (json_valid(path) AND json_type(path) = 'array' AND json_array_length(path) \#
            BETWEEN 1 AND 8 AND length(CAST(path AS BLOB)) <= 12314),
            CONSTRAINT contexts_title CHECK (title <> '' AND length(CAST(title AS BLOB)) <= 1024),
            CONSTRAINT contexts_type CHECK (type IN (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17)),
            CONSTRAINT contexts_topic CHECK (topic IS NULL OR topic IN ('math', 'science', 'literacyAndWriting', \#
            'worldLanguage', 'socialScience', 'computerScienceAndEngineering', 'artsAndMusic', 'healthAndFitness')),
            CONSTRAINT contexts_summary CHECK (summary IS NULL OR summary <> '' AND length(CAST(summary AS BLOB)) <= \#
            16000),
            CONSTRAINT contexts_keywords CHECK (json_valid(keywords) AND json_type(keywords) = 'array' AND \#
            json_array_length(keywords) BETWEEN 0 AND 32 AND length(CAST(keywords AS BLOB)) <= 49250)
            );
            INSERT INTO contexts_new (id, parent_id, path, identifier, title, type, custom_type_name, topic, summary, \#
            display_order, is_assignable, age_min, age_max, minutes_min, minutes_max, capabilities, keywords, \#
            universal_link, created_at, modified_at) SELECT id, parent_id, path, identifier, title, type, \#
            custom_type_name, topic, summary, display_order, is_assignable, age_min, age_max, minutes_min, \#
            minutes_max, capabilities, keywords, universal_link, created_at, modified_at FROM contexts;
            DROP TABLE contexts;
            ALTER TABLE contexts_new RENAME TO contexts;
            CREATE INDEX contexts_parent ON contexts(parent_id);
            CREATE TABLE activities_new (
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
            saved_at REAL NOT NULL DEFAULT 0,
            CONSTRAINT activities_student CHECK (student <> ''),
            CONSTRAINT activities_outcome CHECK (outcome IN ('running', 'finished', 'quit', 'error', 'limit')),
            CONSTRAINT activities_done_by CHECK (done_by IS NULL OR done_by IN ('student', 'game', 'teacher')),
            CONSTRAINT activities_progress CHECK (progress BETWEEN 0 AND 1),
            CONSTRAINT activities_duration CHECK (duration BETWEEN 0 AND 3155760000),
            CONSTRAINT activities_primary_item CHECK (primary_item IS NULL OR length(CAST(primary_item AS BLOB)) \#
            BETWEEN 1 AND 255 AND primary_item NOT GLOB ('*[' || char(1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, \#
            15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 127) || ']*'))
            );
            INSERT INTO activities_new (id, context_id, student, created_at, started_at, ended_at, outcome, done_by, \#
            duration, progress, ranges, primary_item, was_started, owner_host, owner_pid, owner_start, uuid, saved_at) \#
            SELECT id, context_id, student, created_at, started_at, ended_at, outcome, done_by, duration, progress, \#
            ranges, primary_item, was_started, owner_host, owner_pid, owner_start, uuid, saved_at FROM activities;
            DROP TABLE activities;
            ALTER TABLE activities_new RENAME TO activities;
            CREATE INDEX activities_context ON activities(context_id);
            CREATE INDEX activities_recent ON activities(started_at, id);
            CREATE INDEX activities_student ON activities(student, started_at, id);
            CREATE UNIQUE INDEX activities_uuid ON activities(uuid);
            CREATE TABLE activity_items_new (
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
            PRIMARY KEY (activity_id, identifier),
            CONSTRAINT activity_items_identifier CHECK (length(CAST(identifier AS BLOB)) BETWEEN 1 AND 255 AND \#
            identifier NOT GLOB ('*[' || char(1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, \#
            21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 127) || ']*')),
            CONSTRAINT activity_items_title CHECK (title <> '' AND length(CAST(title AS BLOB)) <= 1024),
            CONSTRAINT activity_items_kind CHECK (kind IN ('quantity', 'binary', 'score')),
            CONSTRAINT activity_items_value CHECK ((kind = 'quantity' AND quantity BETWEEN -1.7976931348623157e308 AND \#
            1.7976931348623157e308) OR (kind = 'binary' AND flag IN (0, 1) AND value_type IN ('trueFalse', 'passFail', \#
            'yesNo', 'correctIncorrect')) OR (kind = 'score' AND max_score BETWEEN -1.7976931348623157e308 AND \#
            1.7976931348623157e308 AND max_score > 0 AND score BETWEEN 0 AND max_score))
            ) WITHOUT ROWID;
            INSERT INTO activity_items_new (activity_id, identifier, title, kind, sequence, quantity, flag, \#
            value_type, score, max_score) SELECT activity_id, identifier, title, kind, sequence, quantity, flag, \#
            value_type, score, max_score FROM activity_items;
            DROP TABLE activity_items;
            ALTER TABLE activity_items_new RENAME TO activity_items;

            PRAGMA ignore_check_constraints = OFF;
            CREATE TRIGGER IF NOT EXISTS activity_items_count AFTER INSERT ON activity_items
            WHEN (SELECT count(*) FROM activity_items WHERE activity_id = NEW.activity_id) > 4
            BEGIN SELECT RAISE(ABORT, 'an attempt holds at most 4 items'); END;
            CREATE TRIGGER IF NOT EXISTS activity_items_count_moved AFTER UPDATE OF activity_id ON activity_items
            WHEN (SELECT count(*) FROM activity_items WHERE activity_id = NEW.activity_id) > 4
            BEGIN SELECT RAISE(ABORT, 'an attempt holds at most 4 items'); END;
            """#)
}
