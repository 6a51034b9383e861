/// The classroom queries both engines run word for word (Booleans are tested as themselves, which
/// SQLite's 0 and 1 and PostgreSQL's `boolean` both read): who an assignment is for, and which
/// attempts count for it. Each engine appends its own parameter to them.
enum AssignmentSQL {
    /// SQL condition: class member `cs.student` is an assignee of assignment `s`. The one place
    /// that says who an assignment is for; every query reuses it.
    ///
    /// A count, not `EXISTS`: PostgreSQL may answer an `EXISTS` under `OR` by hashing the whole of
    /// `assignment_recipients` (every assignment of the school) once per query; the count is one
    /// primary-key lookup per class member, whatever the school's size.
    static let isAssignee = isAssignee("cs.student")

    /// SQL condition: `student` (a column or parameter) is an assignee of assignment `s`, as
    /// ``isAssignee`` says of a class member.
    static func isAssignee(_ student: String) -> String {
        """
        (s.whole_class OR (SELECT count(*) FROM assignment_recipients r
            WHERE r.assignment_id = s.id AND r.student = \(student)) > 0)
        """
    }

    /// The linking rule: an attempt counts for an assignment when its student is an assignee, its
    /// context is an assigned context or a descendant of one (a level of an assigned game), the
    /// game started it, it started no earlier than the assignment was created, it ran the game the
    /// school published in a version not retired for it (``VersionRule``), and it is a learner's:
    /// a teacher's or the owner's try-outs (`staff_players`) count for nothing. `covered` walks down the context tree from the
    /// assigned contexts of the assignments `scope` names (SQL giving assignment ids: a parameter,
    /// or ``assignments(ofStudent:)``, ``assignments(ofAttempt:)``), so each attempt needs one
    /// indexed lookup and the walk never reads the whole school's assignments; `above` walks up
    /// from the same few assigned contexts to find their game (the context below the root). The
    /// attempts are read from the members of the assignments' classes (`members`, read once
    /// through `class_students`' primary key) at each covered context, one probe of
    /// `activities_context_student` (PostgreSQL) per member and context: what a report reads grows
    /// with the class, not with the store. Read from the covered contexts alone, each query walked
    /// every attempt of the school at the assigned game's levels and kept the class's (a district's
    /// store: hundreds of thousands a query). `assigned` and `members` are `MATERIALIZED`: joined
    /// to `class_students` itself, the planner sometimes read that whole table to hash it
    /// (PostgreSQLQueryPlanTests). The caller appends a condition that keeps only assignments in
    /// `scope`.
    /// - Parameter versions: ``VersionRule/published`` for the attempts that count,
    ///   ``VersionRule/localCopy`` for those that would but ran a local copy.
    static func linkedAttempts(assignmentsIn scope: String, versions: VersionRule = .published) -> String {
        """
        WITH RECURSIVE assigned(id, class_id) AS MATERIALIZED (
            SELECT x.id, x.class_id FROM assignments x WHERE x.id IN (\(scope))),
        members(class_id, student) AS MATERIALIZED (
            SELECT m.class_id, m.student FROM class_students m WHERE m.class_id IN (SELECT class_id FROM assigned)),
        covered(assigned_id, context_id) AS (
            SELECT context_id, context_id FROM assignment_activities WHERE assignment_id IN (SELECT id FROM assigned)
            UNION SELECT covered.assigned_id, c.id FROM covered JOIN contexts c ON c.parent_id = covered.context_id),
        above(assigned_id, identifier, parent_id) AS (
            SELECT assigned_id, \(context("identifier", of: "covered.context_id")), \(context("parent_id", of: "covered.context_id"))
            FROM covered WHERE context_id = assigned_id
            UNION SELECT assigned_id, \(context("identifier", of: "above.parent_id")), \(context("parent_id", of: "above.parent_id"))
            FROM above WHERE parent_id IS NOT NULL),
        game_of(assigned_id, game) AS (
            SELECT assigned_id, identifier FROM above WHERE parent_id IN (SELECT id FROM contexts WHERE parent_id IS NULL))
        SELECT a.id, s.id FROM assignments s
        JOIN assignment_activities aa ON aa.assignment_id = s.id
        JOIN covered ON covered.assigned_id = aa.context_id
        JOIN members m ON m.class_id = s.class_id
        JOIN activities a ON a.student = m.student AND a.context_id = covered.context_id AND a.was_started
            AND a.started_at >= s.created_at
        LEFT JOIN game_of ON game_of.assigned_id = aa.context_id
        WHERE \(isAssignee("a.student")) AND \(versions.condition) AND \(isLearners)
        """
    }

    /// SQL condition: attempt `a` was not played by a teacher or the store's owner (the view
    /// `staff_players`, empty on a store file). `NOT IN` over the whole view, not a lookup per
    /// attempt: the view is a handful of rows, read once a query.
    static let isLearners = "a.student NOT IN (SELECT sp.player FROM staff_players sp WHERE sp.player IS NOT NULL)"

    /// A column of the context whose id is `id`, as a scalar subquery: one primary-key lookup per
    /// row on both engines, where a join let PostgreSQL's planner read all of `contexts` in key
    /// order (PostgreSQLQueryPlanTests).
    private static func context(_ column: String, of id: String) -> String {
        "(SELECT c.\(column) FROM contexts c WHERE c.id = \(id))"
    }

    /// Which version of its game an attempt must have run to count: the count rule of the games
    /// the school publishes into its store (`edujam publish`, docs/classroom.md).
    ///
    /// An attempt counts when it ran a published version of its game (its `game_version` is one
    /// of that game's rows in `game_versions`), or when it started before the game's first
    /// version was published: a game never published (a single computer, a store that predates
    /// publishing) keeps the rule it always had, and publishing a game does not take back the
    /// attempts that counted before. Anything else, a local copy (`play --games`, a folder), is
    /// practice. The conditions are counts for the reason ``isAssignee`` gives: one primary-key
    /// lookup and one indexed minimum per attempt.
    enum VersionRule {
        /// The attempts that count.
        case published
        /// The attempts that would count but ran a local copy: the report says so.
        case localCopy
        /// The attempts that would count but ran a version retired for them (``RetiredVersion``).
        case retired

        /// SQL condition on attempt `a` and its game `game_of.game`.
        var condition: String {
            let firstPublished = "(SELECT min(v.published_at) FROM game_versions v WHERE v.game = game_of.game)"
            let ranPublished = """
                (SELECT count(*) FROM game_versions v WHERE v.version = a.game_version AND v.game = game_of.game) > 0
                """
            let ranRetired = """
                (SELECT count(*) FROM retired_versions rv WHERE rv.version = a.game_version
                    AND (rv.retired_from IS NULL OR a.started_at >= rv.retired_from)) > 0
                """
            switch self {
            case .published:
                return
                    "(\(firstPublished) IS NULL OR a.started_at < \(firstPublished) OR \(ranPublished)) AND NOT \(ranRetired)"
            case .localCopy:
                return "(a.started_at >= \(firstPublished) AND NOT \(ranPublished))"
            case .retired:
                return ranRetired
            }
        }
    }

    /// SQL giving the ids of the assignments of the classes of the student `parameter` names.
    static func assignments(ofStudent parameter: String) -> String {
        """
        SELECT x.id FROM class_students m JOIN assignments x ON x.class_id = m.class_id WHERE m.student = \(parameter)
        """
    }

    /// SQL giving the ids of the assignments of the classes of the student of attempt `parameter`.
    static func assignments(ofAttempt parameter: String) -> String {
        """
        SELECT x.id FROM activities t JOIN class_students m ON m.student = t.student
        JOIN assignments x ON x.class_id = m.class_id WHERE t.id = \(parameter)
        """
    }

    /// An assignment's row with its class's name, in the order `AssignmentRow` is read.
    static let assignmentSelect = """
        SELECT s.id, c.name, s.title, s.instructions, s.due_at, s.created_at, s.completed_at, s.whole_class
        FROM assignments s JOIN classes c ON c.id = s.class_id
        """
}
