/// PostgreSQL's `010-row-checks`: ``RowChecks``' constraints added to the tracking tables, and a
/// trigger that refuses an attempt's item past ``RowChecks/itemsPerAttempt``.
///
/// The constraints are added `NOT VALID`: every later write is checked, and rows already stored
/// stay as they are (nothing is moved or lost); the readers report each row they cannot read and
/// go on, and `store copy` refuses them by name.
///
/// The item count is a deferred constraint trigger, checked at commit, so a save that removes an
/// item and adds another in either order passes. It takes a transaction lock on the attempt
/// first, so two transactions adding items to one attempt at once are counted one after the
/// other; a `REPEATABLE READ` transaction, whose snapshot would not see the other's items, may
/// not add items at all (EduJam writes in `READ COMMITTED`; `SERIALIZABLE` is safe on its own).
enum PGRowCheckMigration {
    private static let checks: [(table: String, checks: [RowChecks.Check])] = [
        ("contexts", RowChecks.contexts(.postgresql)),
        ("activities", RowChecks.activities(.postgresql)),
        ("activity_items", RowChecks.activityItems(.postgresql)),
        ("attempt_events", RowChecks.attemptEvents(.postgresql)),
    ]

    /// The first key of the item count's transaction lock ("EJIT" in ASCII); the second is the attempt's id.
    private static let lockKey: Int32 = 0x454A_4954

    private static let itemCount = """
        CREATE FUNCTION edujam_item_count() RETURNS trigger
        LANGUAGE plpgsql SET search_path = pg_catalog, public, pg_temp AS $$
        BEGIN
            IF current_setting('transaction_isolation') = 'repeatable read' THEN
                RAISE EXCEPTION 'items are added in READ COMMITTED or SERIALIZABLE transactions'
                    USING ERRCODE = 'check_violation';
            END IF;
            PERFORM pg_advisory_xact_lock(\(lockKey), (NEW.activity_id % 2147483647)::integer);
            IF (SELECT count(*) FROM activity_items WHERE activity_id = NEW.activity_id) > \(RowChecks.itemsPerAttempt) THEN
                RAISE EXCEPTION '\(RowChecks.itemCountMessage)' USING ERRCODE = 'check_violation';
            END IF;
            RETURN NULL;
        END
        $$;
        CREATE CONSTRAINT TRIGGER activity_items_count AFTER INSERT OR UPDATE OF activity_id ON activity_items
            DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION edujam_item_count();
        """

    /// The migration.
    static let migration = Migration(
        name: "010-row-checks",
        sql: checks.flatMap { entry in
            entry.checks.map { "ALTER TABLE \(entry.table) ADD \($0.clause) NOT VALID;" }
        }.joined(separator: "\n") + "\n" + itemCount)
}
