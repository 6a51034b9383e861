/// A class brought in by a OneRoster import, as a ``ClassroomEngine`` stores it.
struct ImportedClass: Equatable {
    /// The class's row id.
    let id: Int64
    /// Its EduJam name now (a teacher may have renamed it since the import).
    let name: String
    /// The school system's id of the class.
    let sourcedId: String
    /// The title the roster gave it at the last import, to tell whether the school renamed it.
    let title: String
}
