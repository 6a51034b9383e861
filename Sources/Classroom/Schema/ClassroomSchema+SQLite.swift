/// SQLite's half of the classroom's schema (``ClassroomSchema``), by migration name: the names are
/// where Tracking's list (`Migrations`) has them.
extension ClassroomSchema {
    static let sqlite: [String: String] = [
        // Classes and their students (Schoolwork's roster). `position` keeps the order students joined.
        "005-classes": """
        CREATE TABLE classes (
            id INTEGER PRIMARY KEY,
            name TEXT NOT NULL UNIQUE,
            created_at REAL NOT NULL
        );
        CREATE TABLE class_students (
            class_id INTEGER NOT NULL REFERENCES classes(id) ON DELETE CASCADE,
            student TEXT NOT NULL,
            position INTEGER NOT NULL,
            PRIMARY KEY (class_id, student)
        ) WITHOUT ROWID;
        CREATE INDEX class_students_student ON class_students(student);
        """,
        // Assignments (Schoolwork's handouts): recipients, assigned contexts and per-student Done.
        // Attempts are not linked by a column: they count for an assignment at query time.
        "006-assignments": """
        CREATE TABLE assignments (
            id INTEGER PRIMARY KEY,
            class_id INTEGER NOT NULL REFERENCES classes(id) ON DELETE CASCADE,
            title TEXT NOT NULL,
            instructions TEXT,
            due_at REAL,
            whole_class INTEGER NOT NULL,
            created_at REAL NOT NULL,
            completed_at REAL
        );
        CREATE INDEX assignments_class ON assignments(class_id, id);
        CREATE TABLE assignment_recipients (
            assignment_id INTEGER NOT NULL REFERENCES assignments(id) ON DELETE CASCADE,
            student TEXT NOT NULL,
            PRIMARY KEY (assignment_id, student)
        ) WITHOUT ROWID;
        CREATE TABLE assignment_activities (
            assignment_id INTEGER NOT NULL REFERENCES assignments(id) ON DELETE CASCADE,
            context_id INTEGER NOT NULL REFERENCES contexts(id) ON DELETE CASCADE,
            position INTEGER NOT NULL,
            PRIMARY KEY (assignment_id, context_id)
        ) WITHOUT ROWID;
        CREATE INDEX assignment_activities_context ON assignment_activities(context_id);
        CREATE TABLE assignment_done (
            assignment_id INTEGER NOT NULL,
            context_id INTEGER NOT NULL,
            student TEXT NOT NULL,
            done_at REAL NOT NULL,
            PRIMARY KEY (assignment_id, context_id, student),
            FOREIGN KEY (assignment_id, context_id)
                REFERENCES assignment_activities(assignment_id, context_id) ON DELETE CASCADE
        ) WITHOUT ROWID;
        """,
        // Rosters imported from a school's information system (OneRoster): people and classes by
        // their `sourcedId`, who teaches and who studies in each class, and when a student left.
        // `title` is the class title last imported: a class is renamed only when it changes, so a
        // teacher's `class rename` survives the next import.
        // A student who left is removed from `class_students` (so assignments and reports skip
        // them) but keeps a row here with `left_at`, and keeps every attempt.
        "010-oneroster": """
        CREATE TABLE roster_people (
            sourced_id TEXT PRIMARY KEY,
            username TEXT NOT NULL,
            given_name TEXT NOT NULL,
            family_name TEXT NOT NULL
        ) WITHOUT ROWID;
        CREATE TABLE roster_classes (
            class_id INTEGER PRIMARY KEY REFERENCES classes(id) ON DELETE CASCADE,
            sourced_id TEXT NOT NULL UNIQUE,
            title TEXT NOT NULL
        );
        CREATE TABLE roster_enrollments (
            class_id INTEGER NOT NULL REFERENCES classes(id) ON DELETE CASCADE,
            person TEXT NOT NULL REFERENCES roster_people(sourced_id),
            role TEXT NOT NULL CHECK (role IN ('student', 'teacher')),
            position INTEGER NOT NULL,
            left_at REAL,
            PRIMARY KEY (class_id, person, role)
        ) WITHOUT ROWID;
        CREATE INDEX roster_enrollments_person ON roster_enrollments(person);
        """,
        "017-game-versions": GameTables.sqlite,
        "019-attempt-checks": CheckTables.sqlite,
        "020-grading-exclusions": GradingExclusions.sqlite,
        "021-game-owners": GameOwners.sqlite,
    ]
}
