/// PostgreSQL's `010-row-checks`: ``RowChecks``' constraints added to the tracking tables, and a
/// trigger that refuses an attempt's item past ``RowChecks/itemsPerAttempt``.
///
/// The constraints are added `NOT VALID`: every later write is checked, and rows already stored
/// stay as they are (nothing is moved or lost); the readers report each row they cannot read and
/// go on, and `store copy` refuses them by name.
///
/// The item count is checked after each statement that adds or moves items, over the attempts
/// it touched, in one query (a bulk load of a whole school pays one count per attempt, not per
/// row). It first locks those attempts' rows, as a save does when it writes them, so two
/// transactions adding items to one attempt at once are counted one after the other; a
/// `REPEATABLE READ` transaction, whose snapshot would not see the other's items, may not add
/// items at all (EduJam writes in `READ COMMITTED`; `SERIALIZABLE` is safe on its own). A save
/// deletes removed items before it adds new ones, so it never passes the count on its way. The
/// function runs as the owner (`SECURITY DEFINER`, a fixed `search_path`): it counts every item
/// of the attempt and locks its row whatever the writer may read, and only a trigger calls it.
enum PGRowCheckMigration {
    /// The migration.
    static let migration = Migration(
        name: "010-row-checks",
        sql: #"""
            ALTER TABLE contexts ADD CONSTRAINT contexts_identifier CHECK (octet_length(identifier) BETWEEN 1 AND 256 \#
            AND identifier !~ '[\x01-\x1f\x7f]') NOT VALID;
            ALTER TABLE contexts ADD CONSTRAINT contexts_path CHECK (jsonb_typeof(path::jsonb) = 'array' AND \#
            jsonb_array_length(path::jsonb) BETWEEN 1 AND 8 AND octet_length(path) <= 12314) NOT VALID;
            ALTER TABLE contexts ADD CONSTRAINT contexts_title CHECK (title <> '' AND octet_length(title) <= 1024) NOT \#
            VALID;
            ALTER TABLE contexts ADD CONSTRAINT contexts_type CHECK (type IN (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, \#
            12, 13, 14, 15, 16, 17)) NOT VALID;
            ALTER TABLE contexts ADD CONSTRAINT contexts_topic CHECK (topic IS NULL OR topic IN ('math', 'science', \#
            'literacyAndWriting', 'worldLanguage', 'socialScience', 'computerScienceAndEngineering', 'artsAndMusic', \#
            'healthAndFitness')) NOT VALID;
            ALTER TABLE contexts ADD CONSTRAINT contexts_summary CHECK (summary IS NULL OR summary <> '' AND \#
            octet_length(summary) <= 16000) NOT VALID;
            ALTER TABLE contexts ADD CONSTRAINT contexts_keywords CHECK (jsonb_typeof(keywords::jsonb) = 'array' AND \#
            jsonb_array_length(keywords::jsonb) BETWEEN 0 AND 32 AND octet_length(keywords) <= 49250) NOT VALID;
            ALTER TABLE activities ADD CONSTRAINT activities_student CHECK (student <> '') NOT VALID;
            ALTER TABLE activities ADD CONSTRAINT activities_outcome CHECK (outcome IN ('running', 'finished', 'quit', \#
            'error', 'limit')) NOT VALID;
            ALTER TABLE activities ADD CONSTRAINT activities_done_by CHECK (done_by IS NULL OR done_by IN ('student', \#
            'game', 'teacher')) NOT VALID;
            ALTER TABLE activities ADD CONSTRAINT activities_progress CHECK (progress BETWEEN 0 AND 1) NOT VALID;
            ALTER TABLE activities ADD CONSTRAINT activities_duration CHECK (duration BETWEEN 0 AND 3155760000) NOT VALID;
            ALTER TABLE activities ADD CONSTRAINT activities_primary_item CHECK (primary_item IS NULL OR \#
            octet_length(primary_item) BETWEEN 1 AND 255 AND primary_item !~ '[\x01-\x1f\x7f]') NOT VALID;
            ALTER TABLE activity_items ADD CONSTRAINT activity_items_identifier CHECK (octet_length(identifier) \#
            BETWEEN 1 AND 255 AND identifier !~ '[\x01-\x1f\x7f]') NOT VALID;
            ALTER TABLE activity_items ADD CONSTRAINT activity_items_title CHECK (title <> '' AND octet_length(title) \#
            <= 1024) NOT VALID;
            ALTER TABLE activity_items ADD CONSTRAINT activity_items_kind CHECK (kind IN ('quantity', 'binary', \#
            'score')) NOT VALID;
            ALTER TABLE activity_items ADD CONSTRAINT activity_items_value CHECK ((kind = 'quantity' AND quantity \#
            BETWEEN -'1.7976931348623157e308'::float8 AND '1.7976931348623157e308'::float8) OR (kind = 'binary' AND \#
            flag IS NOT NULL AND value_type IN ('trueFalse', 'passFail', 'yesNo', 'correctIncorrect')) OR (kind = \#
            'score' AND max_score BETWEEN -'1.7976931348623157e308'::float8 AND '1.7976931348623157e308'::float8 AND \#
            max_score > 0 AND score BETWEEN 0 AND max_score)) NOT VALID;
            ALTER TABLE attempt_events ADD CONSTRAINT attempt_events_kind CHECK (kind IN ('started', 'stopped', \#
            'resumed', 'progressed', 'ended')) NOT VALID;
            ALTER TABLE attempt_events ADD CONSTRAINT attempt_events_sequence CHECK (sequence >= 0) NOT VALID;
            ALTER TABLE attempt_events ADD CONSTRAINT attempt_events_progress CHECK (progress IS NULL OR progress \#
            BETWEEN 0 AND 1) NOT VALID;
            ALTER TABLE attempt_events ADD CONSTRAINT attempt_events_outcome CHECK (outcome IS NULL OR outcome IN \#
            ('running', 'finished', 'quit', 'error', 'limit')) NOT VALID;
            CREATE FUNCTION edujam_item_count() RETURNS trigger
            LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
            BEGIN
                IF NOT EXISTS (SELECT 1 FROM added) THEN
                    RETURN NULL;
                END IF;
                IF current_setting('transaction_isolation') = 'repeatable read' THEN
                    RAISE EXCEPTION 'items are added in READ COMMITTED or SERIALIZABLE transactions'
                        USING ERRCODE = 'check_violation';
                END IF;
                PERFORM 1 FROM activities WHERE id IN (SELECT activity_id FROM added) ORDER BY id FOR NO KEY UPDATE;
                IF EXISTS (
                    SELECT 1 FROM activity_items WHERE activity_id IN (SELECT activity_id FROM added)
                    GROUP BY activity_id HAVING count(*) > 4
                ) THEN
                    RAISE EXCEPTION 'an attempt holds at most 4 items' USING ERRCODE = 'check_violation';
                END IF;
                RETURN NULL;
            END
            $$;
            CREATE TRIGGER activity_items_count AFTER INSERT ON activity_items
                REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION edujam_item_count();
            CREATE TRIGGER activity_items_count_moved AFTER UPDATE ON activity_items
                REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION edujam_item_count();
            """#)

    /// PostgreSQL's `012-opaque-identifiers`: the identifier checks replaced by the rule that
    /// refuses only controls, for stores whose `010-row-checks` also refused `/` and spaces;
    /// `NOT VALID` as there, so rows already stored stay as they are.
    static let opaqueIdentifiers = Migration(
        name: "012-opaque-identifiers",
        sql: #"""
            ALTER TABLE contexts DROP CONSTRAINT contexts_identifier, ADD CONSTRAINT contexts_identifier CHECK \#
            (octet_length(identifier) BETWEEN 1 AND 256 AND identifier !~ '[\x01-\x1f\x7f]') NOT VALID;
            ALTER TABLE activities DROP CONSTRAINT activities_primary_item, ADD CONSTRAINT activities_primary_item \#
            CHECK (primary_item IS NULL OR octet_length(primary_item) BETWEEN 1 AND 255 AND primary_item !~ \#
            '[\x01-\x1f\x7f]') NOT VALID;
            ALTER TABLE activity_items DROP CONSTRAINT activity_items_identifier, ADD CONSTRAINT \#
            activity_items_identifier CHECK (octet_length(identifier) BETWEEN 1 AND 255 AND identifier !~ \#
            '[\x01-\x1f\x7f]') NOT VALID;
            """#)
}
