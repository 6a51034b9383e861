/// A class: a named roster of students (Schoolwork's class).
///
/// JSON keys: `name`, `students` (in the order they joined).
public struct SchoolClass: Codable, Equatable, Sendable {
    /// The class name, unique in the store.
    public var name: String
    /// Its students, in the order they joined.
    public var students: [String]

    /// Creates a class value.
    /// - Parameters:
    ///   - name: The class name.
    ///   - students: Its students.
    public init(name: String, students: [String]) {
        self.name = name
        self.students = students
    }
}
