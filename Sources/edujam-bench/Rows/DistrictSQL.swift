/// The SQL that loads row `district`'s stores around the measured class (``DistrictStore``): a
/// district's classes, rosters, assignments, Done marks and attempts in a few `INSERT ... SELECT`
/// statements over `generate_series`, as ``SyntheticSchool`` loads `store/school`'s school.
///
/// Every class, the measured one included, has one whole-class assignment of each of the 20
/// games (19 made-up games of 10 levels, and Math Jam as published); every student has
/// ``DistrictSQL/attemptsPerStudent`` finished attempts spread over the 20 games and four years,
/// one score item each, and every other student marked Done the first ten assignments. The
/// measured class's rows come out the same in every store: only the number of other classes
/// differs.
enum DistrictSQL {
    /// Attempts of each student.
    static let attemptsPerStudent = 100
    /// Students of each class but the measured one.
    static let studentsPerClass = 25
    /// The made-up games, beside Math Jam.
    static let madeUpGames = 19
    /// Classes whose attempts one statement inserts: each statement's trigger events are queued
    /// until it ends, so a district's ten million are not queued at once.
    static let classesPerStatement = 400

    /// The title of the assignment of game `slot` (0-19, the games in identifier order).
    static func assignmentTitle(_ slot: Int) -> String { "Game \(slot)" }

    /// The identifier of made-up game `number` (from 1).
    static func game(_ number: Int) -> String { "GAME-" + (number < 10 ? "0" : "") + "\(number)" }

    /// The made-up games and their levels, under the main context `root`.
    static func games(root: String) -> String {
        """
        BEGIN;
        INSERT INTO contexts (parent_id, path, identifier, title, type, created_at, modified_at)
        SELECT r.id, '["\(root)","GAME-' || lpad(g::text, 2, '0') || '"]', 'GAME-' || lpad(g::text, 2, '0'),
            'Game ' || g, 12, 0, 0
        FROM contexts r, generate_series(1, \(madeUpGames)) g WHERE r.path = '["\(root)"]';
        INSERT INTO contexts (parent_id, path, identifier, title, type, created_at, modified_at)
        SELECT g.id, '["\(root)","' || g.identifier || '","LEVEL-' || n || '"]', 'LEVEL-' || n, 'Level ' || n, 4, 0, 0
        FROM contexts g, generate_series(1, 10) n
        WHERE g.parent_id = (SELECT id FROM contexts WHERE path = '["\(root)"]') AND g.identifier LIKE 'GAME-%';
        COMMIT;
        """
    }

    /// The SQL naming the 20 games of the assignments with their slot: `district_games(slot, id)`.
    private static func gameSlots(root: String) -> String {
        """
        CREATE TEMP TABLE district_games AS
        SELECT row_number() OVER (ORDER BY identifier) - 1 AS slot, id FROM contexts
        WHERE parent_id = (SELECT id FROM contexts WHERE path = '["\(root)"]')
            AND (identifier LIKE 'GAME-%' OR identifier = 'MATH-JAM');
        CREATE TEMP TABLE district_levels AS
        SELECT g.slot, row_number() OVER (PARTITION BY g.slot ORDER BY c.identifier) - 1 AS idx,
            count(*) OVER (PARTITION BY g.slot) AS levels, c.id AS context_id
        FROM district_games g JOIN contexts c ON c.parent_id = g.id;
        """
    }

    /// The rest of the district, after the measured class `measured` exists with its assignments:
    /// `classes` more classes, then everyone's Done marks and attempts. It ends with a vacuum, as a
    /// server that has run for a while has had: the attempt counts' trigger updated each student's
    /// row once an attempt, leaving a dead row each time (`VACUUM FULL` gives back their pages,
    /// which a year of autovacuum keeps few), and `ANALYZE`.
    static func district(root: String, measured: String, classes: Int) -> String {
        var script = """
            BEGIN;
            \(gameSlots(root: root))
            UPDATE assignments SET created_at = 0;
            INSERT INTO classes (name, created_at, owner)
            SELECT 'class-' || lpad(n::text, 4, '0'), 0, 'teacher-' || n FROM generate_series(1, \(classes)) n;
            INSERT INTO class_students (class_id, student, position)
            SELECT c.id, c.name || '-s' || n, n - 1 FROM classes c, generate_series(1, \(studentsPerClass)) n
            WHERE c.name <> '\(measured)';
            INSERT INTO assignments (class_id, title, whole_class, created_at)
            SELECT c.id, 'Game ' || g.slot, true, 0 FROM classes c, district_games g
            WHERE c.name <> '\(measured)' ORDER BY c.id, g.slot;
            INSERT INTO assignment_activities (assignment_id, context_id, position)
            SELECT s.id, g.id, 0 FROM assignments s JOIN classes c ON c.id = s.class_id
            JOIN district_games g ON s.title = 'Game ' || g.slot WHERE c.name <> '\(measured)';
            INSERT INTO assignment_done (assignment_id, context_id, student, done_at)
            SELECT s.id, aa.context_id, cs.student, 2 FROM assignments s
            JOIN assignment_activities aa ON aa.assignment_id = s.id JOIN class_students cs ON cs.class_id = s.class_id
            WHERE cs.position % 2 = 1 AND substr(s.title, 6)::int < 10;

            """
        for first in stride(from: 0, through: classes, by: classesPerStatement) {
            script += attempts(classIndexes: first..<(first + classesPerStatement)) + "\n"
        }
        return script + """
            INSERT INTO activity_items (activity_id, identifier, title, kind, sequence, score, max_score)
            SELECT id, 'score', 'Score', 'score', 0, 7, 10 FROM activities;
            COMMIT;
            VACUUM FULL attempt_counts;
            VACUUM (ANALYZE);
            """
    }

    /// The attempts of the students of the classes whose rank by id is in `classIndexes`
    /// (the measured class, made first, is rank 0): one every 1.26 million seconds (four years
    /// for a hundred), the students of a class a minute apart, at the games in turn.
    private static func attempts(classIndexes: Range<Int>) -> String {
        """
        INSERT INTO activities (uuid, context_id, student, created_at, started_at, ended_at, outcome, duration, progress, was_started)
        SELECT gen_random_uuid(), l.context_id, cs.student, t.at, t.at, t.at + 60, 'finished', 60, 1, true
        FROM (SELECT id FROM classes ORDER BY id OFFSET \(classIndexes.lowerBound) LIMIT \(classIndexes.count)) c
        JOIN class_students cs ON cs.class_id = c.id
        CROSS JOIN generate_series(0, \(attemptsPerStudent - 1)) n
        CROSS JOIN LATERAL (SELECT 1600000000 + n * 1260000.0 + cs.position * 60 AS at) t
        JOIN district_levels l ON l.slot = n % 20 AND l.idx = (n / 20) % l.levels;
        """
    }
}
