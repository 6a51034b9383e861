/// The classroom queries both engines run word for word (Booleans are tested as themselves, which
/// SQLite's 0 and 1 and PostgreSQL's `boolean` both read): who an assignment is for, and which
/// attempts count for it. Each engine appends its own parameter to them.
enum AssignmentSQL {
    /// SQL condition: class member `cs.student` is an assignee of assignment `s`. The one place
    /// that says who an assignment is for; every query reuses it.
    static let isAssignee = """
        (s.whole_class OR EXISTS (SELECT 1 FROM assignment_recipients r
            WHERE r.assignment_id = s.id AND r.student = cs.student))
        """

    /// The linking rule: an attempt counts for an assignment when its student is an assignee, its
    /// context is an assigned context or a descendant of one (a level of an assigned game), the
    /// game started it, and it started no earlier than the assignment was created. `covered` walks
    /// down the context tree from every assigned context, so each attempt needs one indexed lookup.
    static let linkedAttempts = """
        WITH RECURSIVE covered(assigned_id, context_id) AS (
            SELECT context_id, context_id FROM assignment_activities
            UNION SELECT covered.assigned_id, c.id FROM covered JOIN contexts c ON c.parent_id = covered.context_id)
        SELECT a.id, s.id FROM assignments s
        JOIN assignment_activities aa ON aa.assignment_id = s.id
        JOIN covered ON covered.assigned_id = aa.context_id
        JOIN activities a ON a.context_id = covered.context_id AND a.was_started AND a.started_at >= s.created_at
        JOIN class_students cs ON cs.class_id = s.class_id AND cs.student = a.student
        WHERE \(isAssignee)
        """

    /// An assignment's row with its class's name, in the order `AssignmentRow` is read.
    static let assignmentSelect = """
        SELECT s.id, c.name, s.title, s.instructions, s.due_at, s.created_at, s.completed_at, s.whole_class
        FROM assignments s JOIN classes c ON c.id = s.class_id
        """
}
