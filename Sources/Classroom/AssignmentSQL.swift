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
    static let isAssignee = """
        (s.whole_class OR (SELECT count(*) FROM assignment_recipients r
            WHERE r.assignment_id = s.id AND r.student = cs.student) > 0)
        """

    /// The linking rule: an attempt counts for an assignment when its student is an assignee, its
    /// context is an assigned context or a descendant of one (a level of an assigned game), the
    /// game started it, and it started no earlier than the assignment was created. `covered` walks
    /// down the context tree from the assigned contexts of the assignments `scope` names (SQL
    /// giving assignment ids: a parameter, or ``assignments(ofStudent:)``,
    /// ``assignments(ofAttempt:)``), so each attempt needs one indexed lookup and the walk never
    /// reads the whole school's assignments. The caller appends a condition that keeps only
    /// assignments in `scope`.
    static func linkedAttempts(assignmentsIn scope: String) -> String {
        """
        WITH RECURSIVE covered(assigned_id, context_id) AS (
            SELECT context_id, context_id FROM assignment_activities WHERE assignment_id IN (\(scope))
            UNION SELECT covered.assigned_id, c.id FROM covered JOIN contexts c ON c.parent_id = covered.context_id)
        SELECT a.id, s.id FROM assignments s
        JOIN assignment_activities aa ON aa.assignment_id = s.id
        JOIN covered ON covered.assigned_id = aa.context_id
        JOIN activities a ON a.context_id = covered.context_id AND a.was_started AND a.started_at >= s.created_at
        JOIN class_students cs ON cs.class_id = s.class_id AND cs.student = a.student
        WHERE \(isAssignee)
        """
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
