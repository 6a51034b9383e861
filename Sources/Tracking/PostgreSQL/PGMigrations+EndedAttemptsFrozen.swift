extension PGMigrations {
    /// An ended attempt is frozen for every login but the owner (`docs/classroom.md`, "Who can see
    /// what"): a student creates their attempts and changes them while they run, as the outbox's
    /// deliveries do, but once the stored row has ended nobody under the roles changes or deletes
    /// it, its items, its events or its replay record. A score is then what the game saved, not
    /// what a `psql` session wrote afterwards; the owner, who is bound by no policy, still can.
    ///
    /// The save that ends an attempt writes its last items, events and replay record after its
    /// row, in the same transaction (and, when a save is written object by object, in the same
    /// savepoint): those writes must pass. So "open" is "not ended, or ended by this very
    /// transaction": a trigger notes in `ended_in_transaction` the transaction that ended the row,
    /// whatever a client sends for it, and the policies compare it with `pg_current_xact_id()`
    /// (the top-level transaction's, also inside a savepoint; an `xid8` is never reused). Rows
    /// ended before this migration have none, and are frozen.
    ///
    /// The policies are RESTRICTIVE, added to the own-rows ones (``SchoolSecurity/ownRows``), for
    /// each writing command apart: a restrictive policy `FOR ALL` would hide ended attempts from
    /// their readers too. An upsert that meets a frozen row is refused, whatever its `WHERE` says,
    /// so the saves and outbox deliveries never propose an ended attempt again
    /// (``PGSave/attemptSQL``) nor rows of one (``isOpen(_:)`` in ``PGSave``'s joins).
    static let endedAttemptsFrozen = Migration(
        name: "016-ended-attempts-frozen",
        sql: """
            ALTER TABLE activities ADD COLUMN ended_in_transaction xid8;
            CREATE FUNCTION edujam_note_ending() RETURNS trigger
            LANGUAGE plpgsql SET search_path = pg_catalog, public, pg_temp AS $$
            BEGIN
                IF NEW.ended_at IS NULL THEN
                    NEW.ended_in_transaction := NULL;
                ELSIF TG_OP = 'INSERT' OR OLD.ended_at IS NULL THEN
                    NEW.ended_in_transaction := pg_current_xact_id();
                ELSE
                    NEW.ended_in_transaction := OLD.ended_in_transaction;
                END IF;
                RETURN NEW;
            END
            $$;
            CREATE TRIGGER activities_note_ending BEFORE INSERT OR UPDATE ON activities
                FOR EACH ROW EXECUTE FUNCTION edujam_note_ending();
            CREATE POLICY activities_frozen ON activities AS RESTRICTIVE FOR UPDATE TO edujam_teacher, edujam_student
                USING (\(isOpen("activities"))) WITH CHECK (true);
            \(frozenRows(of: "activity_items"))
            \(frozenRows(of: "attempt_events"))
            \(frozenRows(of: "attempt_inputs"))
            """)

    /// Whether the attempt row `row` (a table name or alias) may still change under the roles:
    /// running, or ended by this transaction. Parenthesised, to stand in any condition. The
    /// policies of ``endedAttemptsFrozen`` were made from it: a change to it is a new migration.
    static func isOpen(_ row: String) -> String {
        "(\(row).ended_at IS NULL OR \(row).ended_in_transaction = pg_current_xact_id())"
    }

    /// The restrictive policies of a table of an attempt's rows: added, changed (also moved to
    /// another attempt) and removed only in an open attempt.
    private static func frozenRows(of table: String) -> String {
        let open = "EXISTS (SELECT 1 FROM activities a WHERE a.id = \(table).activity_id AND \(isOpen("a")))"
        let roles = "TO edujam_teacher, edujam_student"
        return """
            CREATE POLICY \(table)_frozen_add ON \(table) AS RESTRICTIVE FOR INSERT \(roles) WITH CHECK (\(open));
            CREATE POLICY \(table)_frozen_save ON \(table) AS RESTRICTIVE FOR UPDATE \(roles)
                USING (\(open)) WITH CHECK (\(open));
            CREATE POLICY \(table)_frozen_remove ON \(table) AS RESTRICTIVE FOR DELETE \(roles) USING (\(open));
            """
    }
}
