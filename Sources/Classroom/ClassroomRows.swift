import Tracking

/// Reads the classroom rows both engines select in the same column order (``SQLRow``).
enum ClassroomRows {
    /// An assignment selected by ``AssignmentSQL/assignmentSelect``, its details left empty.
    static func assignment(_ row: some SQLRow) -> AssignmentRow {
        AssignmentRow(
            id: row.int(0), className: row.text(1) ?? "", title: row.text(2) ?? "", instructions: row.text(3),
            due: row.optionalDouble(4), createdAt: row.double(5), completedAt: row.optionalDouble(6),
            wholeClass: row.int(7) != 0)
    }

    /// A person selected as `sourced_id, username, given_name, family_name`.
    static func person(_ row: some SQLRow) -> RosterPerson {
        RosterPerson(
            sourcedId: row.text(0) ?? "", username: row.text(1) ?? "", givenName: row.text(2) ?? "",
            familyName: row.text(3) ?? "")
    }

    /// An enrollment selected as `person, role, left_at`.
    /// - Throws: ``TrackingError/corruptRow(_:)`` for a role that is neither student nor teacher.
    static func enrollment(_ row: some SQLRow) throws -> RosterEnrollment {
        guard let role = RosterEnrollment.Role(rawValue: row.text(1) ?? "") else {
            throw TrackingError.corruptRow("roster_enrollments.role: '\(row.text(1) ?? "")'")
        }
        return RosterEnrollment(person: row.text(0) ?? "", role: role, left: !row.isNull(2), position: row.int(3))
    }
}
