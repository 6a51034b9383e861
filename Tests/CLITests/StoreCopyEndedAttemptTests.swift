import Foundation
import Testing

/// `store copy` between store files keeps an attempt the destination holds ended whole: a copy
/// of the store made earlier and edited since (an item, an event added to an ended attempt) adds
/// nothing to it, and says so; what is new in the copy is still copied. (The same into a school's
/// server: `SchoolRowsAttackTests+Verify.swift`.)
@Suite struct StoreCopyEndedAttemptTests {
    @Test func anEditedCopyAddsNothingToAnEndedAttempt() throws {
        let cli = Edujam()
        defer { cli.remove() }
        let bo = try cli.run(
            ["play", "MATH-JAM/LEVEL-1", "--student", "bo"], input: String(repeating: "0\n", count: 10))
        #expect(bo.status == 0, "\(bo.error)")
        let laptop = Edujam()
        defer { laptop.remove() }
        #expect(try cli.run(["store", "copy", cli.store, laptop.store]).status == 0)
        try OldStore.script(
            laptop.store,
            """
            INSERT INTO activity_items (activity_id, identifier, title, kind, sequence, flag, value_type)
            SELECT id, 'bonus', 'Bonus', 'binary', 99, 1, 'passFail' FROM activities;
            INSERT INTO attempt_events (activity_id, sequence, kind, at) SELECT id, 500, 'ended', 0 FROM activities;
            """)
        let ana = try laptop.run(
            ["play", "MATH-JAM/LEVEL-1", "--student", "ana"], input: String(repeating: "0\n", count: 10))
        #expect(ana.status == 0, "\(ana.error)")
        let items = "SELECT count(*) FROM activity_items WHERE activity_id = (SELECT min(id) FROM activities)"
        let before = try OldStore.value(cli.store, items)

        let copied = try cli.run(["store", "copy", laptop.store, cli.store])
        #expect(copied.status == 0, "\(copied)")
        let lines = copied.output.split(separator: "\n")
        #expect(lines.count == 2 && lines[0].hasPrefix("Copied 1 activities, "), "\(copied.output)")
        #expect(
            lines.last.map(String.init)
                == "Not copied: 1 activity_items, 1 attempt_events of 1 attempt the destination holds ended "
                + "(an ended attempt is kept whole).", "\(copied.output)")
        #expect(try OldStore.value(cli.store, items) == before)
        #expect(try OldStore.value(cli.store, "SELECT count(*) FROM activity_items WHERE identifier = 'bonus'") == "0")
        #expect(try OldStore.value(cli.store, "SELECT count(*) FROM attempt_events WHERE sequence = 500") == "0")
    }
}
