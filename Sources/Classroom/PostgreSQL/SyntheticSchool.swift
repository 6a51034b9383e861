/// A made-up school loaded straight into a PostgreSQL store in one SQL script, for the tests of
/// query plans and the `store/school` bench row: many attempts in seconds, where saving them
/// one by one through the API would take hours.
///
/// The school: `classes` classes (`class-1`...), each with `students` students
/// (`class-1-student-1`...), a whole-class assignment of Math Jam (a game of ten levels) that
/// every other student has marked Done, and a second one for the first half of the class only;
/// each student has `attemptsPerStudent` finished attempts spread over the levels, each with one
/// score item. Run it on a store whose schema is migrated and whose main context exists (open
/// the store first); it ends with `ANALYZE`, so the planner sees the real sizes.
package enum SyntheticSchool {
    /// The game's identifier, under the main context.
    package static let game = "MATH-JAM"

    /// The name of class `number` (from 1).
    package static func className(_ number: Int) -> String { "class-\(number)" }

    /// The name of student `number` (from 1) of class `classNumber`.
    package static func student(_ number: Int, ofClass classNumber: Int) -> String {
        "\(className(classNumber))-student-\(number)"
    }

    /// The script that loads the school under the main context `root`.
    package static func sql(root: String, classes: Int, students: Int, attemptsPerStudent: Int) -> String {
        """
        BEGIN;
        INSERT INTO contexts (parent_id, path, identifier, title, type, created_at, modified_at)
        SELECT id, '["\(root)","\(game)"]', '\(game)', 'Math Jam', 12, 0, 0 FROM contexts
        WHERE path = '["\(root)"]';
        INSERT INTO contexts (parent_id, path, identifier, title, type, created_at, modified_at)
        SELECT g.id, '["\(root)","\(game)","level-' || n || '"]', 'level-' || n, 'Level ' || n, 4, 0, 0
        FROM contexts g, generate_series(1, 10) n WHERE g.path = '["\(root)","\(game)"]';
        INSERT INTO classes (name, created_at) SELECT 'class-' || n, 0 FROM generate_series(1, \(classes)) n;
        INSERT INTO class_students (class_id, student, position)
        SELECT c.id, c.name || '-student-' || n, n - 1 FROM classes c, generate_series(1, \(students)) n;
        INSERT INTO assignments (class_id, title, whole_class, created_at)
        SELECT id, 'Math Jam', true, 1 FROM classes UNION ALL SELECT id, 'Math Jam again', false, 1 FROM classes;
        INSERT INTO assignment_recipients (assignment_id, student)
        SELECT s.id, cs.student FROM assignments s JOIN class_students cs ON cs.class_id = s.class_id
        WHERE NOT s.whole_class AND cs.position < \(students / 2);
        INSERT INTO assignment_activities (assignment_id, context_id, position)
        SELECT s.id, g.id, 0 FROM assignments s, contexts g WHERE g.path = '["\(root)","\(game)"]';
        INSERT INTO assignment_done (assignment_id, context_id, student, done_at)
        SELECT s.id, aa.context_id, cs.student, 2 FROM assignments s
        JOIN assignment_activities aa ON aa.assignment_id = s.id JOIN class_students cs ON cs.class_id = s.class_id
        WHERE s.whole_class AND cs.position % 2 = 1;
        INSERT INTO activities (uuid, context_id, student, created_at, started_at, ended_at, outcome, duration, progress, was_started)
        SELECT gen_random_uuid(), l.id, cs.student, 1 + n, 1 + n, 61 + n, 'finished', 60, 1, true
        FROM class_students cs CROSS JOIN generate_series(1, \(attemptsPerStudent)) n
        JOIN contexts l ON l.path = '["\(root)","\(game)","level-' || (1 + n % 10) || '"]';
        INSERT INTO activity_items (activity_id, identifier, title, kind, sequence, score, max_score)
        SELECT id, 'score', 'Score', 'score', 0, 7, 10 FROM activities;
        COMMIT;
        ANALYZE;
        """
    }
}
