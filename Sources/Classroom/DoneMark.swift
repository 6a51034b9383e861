/// A student's Done mark on one assigned context of one assignment.
struct DoneMark: Hashable {
    let assignment: Int64
    let contextID: Int64
    let student: String
}
