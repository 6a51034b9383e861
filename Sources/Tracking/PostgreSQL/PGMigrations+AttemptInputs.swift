extension PGMigrations {
    /// Each attempt's replay record (``AttemptInputsRow``; SQLite's `018-attempt-inputs`). It is
    /// student data: read with its attempt (a student their own, a teacher their classes', as the
    /// attempts' policies let them), written only in the login's own attempts.
    static let attemptInputs = Migration(
        name: "015-attempt-inputs",
        sql: """
            CREATE TABLE attempt_inputs (
                activity_id bigint PRIMARY KEY REFERENCES activities(id) ON DELETE CASCADE,
                record text NOT NULL,
                bytes integer NOT NULL CHECK (bytes = octet_length(record) AND bytes <= 1048576)
            );
            GRANT SELECT, INSERT, UPDATE, DELETE ON attempt_inputs TO edujam_teacher, edujam_student;
            ALTER TABLE attempt_inputs ENABLE ROW LEVEL SECURITY;
            CREATE POLICY attempt_inputs_with_attempt ON attempt_inputs FOR SELECT TO edujam_teacher, edujam_student
                USING (EXISTS (SELECT 1 FROM activities a WHERE a.id = attempt_inputs.activity_id));
            CREATE POLICY attempt_inputs_own ON attempt_inputs TO edujam_teacher, edujam_student
                USING (attempt_inputs.activity_id IN
                    (SELECT a.id FROM activities a WHERE a.student = (SELECT edujam_own_attempts_name())))
                WITH CHECK (attempt_inputs.activity_id IN
                    (SELECT a.id FROM activities a WHERE a.student = (SELECT edujam_own_attempts_name())));
            """)
}
