extension PGMigrations {
    /// The item count checked for each item added, not once for every statement that may add one
    /// (measured by the bench's row `store/saves`, `bench/README.md`).
    ///
    /// `010-row-checks` counted after every INSERT statement on `activity_items`, over the rows it
    /// added (a transition table). A save sends its items as one upsert, an INSERT statement, so
    /// the trigger ran at every save of every player, also when every item only changed (most
    /// saves: 1,800 items inserted against 11,400 updated in the row's 7,200 saves), and returned
    /// after finding the transition table empty. A profile of the server under 300 players saving
    /// put some 16% of the backends' CPU in that call (the `SECURITY DEFINER` function's
    /// `search_path` switched in and out, PL/pgSQL, its query on the transition table).
    ///
    /// Now a row trigger: it fires only for an item really inserted (an upsert that updates fires
    /// the UPDATE triggers instead, and `activity_items_count_moved` only for a moved item), so a
    /// save that adds no item calls nothing. It runs `edujam_item_count_moved()` of
    /// `021-save-policies-in-sql`, which already checks one row's attempt: refused in a
    /// `REPEATABLE READ` transaction, the attempt's row locked, its items counted. Each trigger
    /// fires after the whole statement, so the count sees every row the statement added, as the
    /// statement trigger's did. An attempt holds at most ``Limits/itemsPerAttempt`` items, so a
    /// statement that adds many pays one index probe of a few rows each, and the first count over
    /// the bound fails it. Rows of several attempts are locked in the order they were added rather
    /// than by id: a save has already locked its attempts when it upserted them, before its items.
    static let itemCountByRow = Migration(
        name: "022-item-count-by-row",
        sql: """
            DROP TRIGGER activity_items_count ON activity_items;
            CREATE TRIGGER activity_items_count AFTER INSERT ON activity_items
                FOR EACH ROW EXECUTE FUNCTION edujam_item_count_moved();
            DROP FUNCTION edujam_item_count();
            """)
}
