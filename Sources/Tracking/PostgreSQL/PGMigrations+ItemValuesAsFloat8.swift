extension PGMigrations {
    /// `activity_items_value` again, with its bounds typed `float8` (measured by the bench's
    /// row `store/saves`, `bench/README.md`).
    ///
    /// `010-row-checks` wrote the largest finite double untyped, so PostgreSQL stored it as a
    /// 309-digit `numeric` cast to `float8`, four times in the constraint. A constraint is read and
    /// simplified again by every statement that checks a row of its table, so every upsert of a
    /// save's items converted those four numbers from decimal (a `strtod` of 309 digits each):
    /// 30,000 single-row inserts took 1.14-1.22 s with them and 0.61-0.63 s with `float8` literals.
    /// The rule is the same (``RowChecks/activityItems(_:)``, which `010-row-checks` now writes
    /// typed too). Added `NOT VALID`, as `010-row-checks` added it: every later write is checked,
    /// rows stored before are left as they are.
    static let itemValuesAsFloat8 = Migration(
        name: "024-item-values-as-float8",
        sql: #"""
            ALTER TABLE activity_items DROP CONSTRAINT activity_items_value;
            ALTER TABLE activity_items ADD CONSTRAINT activity_items_value CHECK ((kind = 'quantity' AND quantity \#
            BETWEEN -'1.7976931348623157e308'::float8 AND '1.7976931348623157e308'::float8) OR (kind = 'binary' AND \#
            flag IS NOT NULL AND value_type IN ('trueFalse', 'passFail', 'yesNo', 'correctIncorrect')) OR (kind = \#
            'score' AND max_score BETWEEN -'1.7976931348623157e308'::float8 AND '1.7976931348623157e308'::float8 AND \#
            max_score > 0 AND score BETWEEN 0 AND max_score)) NOT VALID;
            """#)

}
