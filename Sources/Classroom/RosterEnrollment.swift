/// One person's place in an imported class, as a ``ClassroomEngine`` stores it.
struct RosterEnrollment: Equatable {
    /// What the person is in the class.
    enum Role: String {
        case student, teacher
    }

    /// The person's sourcedId.
    let person: String
    let role: Role
    /// Whether the student left the class (a later roster no longer enrolled them).
    let left: Bool
    /// Its place in the class's order of enrollments.
    var position: Int64 = 0
}
