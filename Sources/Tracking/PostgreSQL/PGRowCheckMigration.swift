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
    private static let checks: [(table: String, checks: [RowChecks.Check])] = [
        ("contexts", RowChecks.contexts(.postgresql)),
        ("activities", RowChecks.activities(.postgresql)),
        ("activity_items", RowChecks.activityItems(.postgresql)),
        ("attempt_events", RowChecks.attemptEvents(.postgresql)),
    ]

    private static let itemCount = """
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
                GROUP BY activity_id HAVING count(*) > \(RowChecks.itemsPerAttempt)
            ) THEN
                RAISE EXCEPTION '\(RowChecks.itemCountMessage)' USING ERRCODE = 'check_violation';
            END IF;
            RETURN NULL;
        END
        $$;
        CREATE TRIGGER activity_items_count AFTER INSERT ON activity_items
            REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION edujam_item_count();
        CREATE TRIGGER activity_items_count_moved AFTER UPDATE ON activity_items
            REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION edujam_item_count();
        """

    /// The migration.
    static let migration = Migration(
        name: "010-row-checks",
        sql: checks.flatMap { entry in
            entry.checks.map { "ALTER TABLE \(entry.table) ADD \($0.clause) NOT VALID;" }
        }.joined(separator: "\n") + "\n" + itemCount)

    /// PostgreSQL's `012-opaque-identifiers`: the identifier checks replaced by ``RowChecks``' rule
    /// of today (no controls), for stores whose `010-row-checks` also refused `/` and spaces;
    /// `NOT VALID` as there, so rows already stored stay as they are.
    static let opaqueIdentifiers = Migration(
        name: "012-opaque-identifiers",
        sql: checks.flatMap { entry in
            entry.checks.filter { RowChecks.identifierChecks.contains($0.name) }
                .map { "ALTER TABLE \(entry.table) DROP CONSTRAINT \($0.name), ADD \($0.clause) NOT VALID;" }
        }.joined(separator: "\n"))
}
