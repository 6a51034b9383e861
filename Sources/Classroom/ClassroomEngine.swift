import Tracking

/// What the classroom rules need from the database: rows of classes, rosters, assignments and
/// Done marks, the linking rule that says which attempts count for which assignment, what a
/// OneRoster import recorded, and the times a grade export reports.
///
/// The rules themselves (who may be marked done, what is refused before anything is written, the
/// status of each activity, what a roster sync creates, renames, enrolls or marks as left, what a
/// gradebook cell holds) live in the `TrackingStore+*.swift` files of this module and never see
/// SQL. SQLite (`SQLite/`) is the first implementation and shares the tracking store's
/// connection (``TrackingStore/classroom``); a second engine is a new folder beside it. Every method
/// but ``transaction(readOnly:_:)`` is called inside a transaction.
protocol ClassroomEngine {
    /// Runs `body` atomically: everything it writes, or nothing when it throws.
    /// - Parameters:
    ///   - readOnly: Whether `body` only reads (one consistent snapshot).
    ///   - body: The work.
    /// - Returns: What `body` returns.
    /// - Throws: The first error thrown by `body` or by the commit.
    func transaction<T>(readOnly: Bool, _ body: () throws -> T) throws -> T

    // MARK: Classes and rosters

    /// The id of the class `name`, or nil.
    func classID(named name: String) throws -> Int64?
    /// Every class's id and name, ordered by name.
    func classList() throws -> [(id: Int64, name: String)]
    /// Adds an empty class; returns its id.
    @discardableResult
    func insertClass(named name: String, createdAt: Double) throws -> Int64
    /// Gives the class `id` a new name.
    func renameClass(id: Int64, to name: String) throws
    /// The students of a class, in the order they joined.
    func students(ofClass id: Int64) throws -> [String]
    /// Appends students to a roster; one already on it keeps their place.
    func addStudents(_ students: [String], toClass id: Int64) throws
    /// Takes students off a roster; nothing else about them changes.
    func removeStudents(_ students: [String], fromClass id: Int64) throws
    /// Whether `student` is on any class's roster.
    func isOnAnyRoster(_ student: String) throws -> Bool

    // MARK: Identity (`StoreIdentity.swift`)

    /// Who runs this connection: ``StoreIdentity/anyone`` on a store that has no logins.
    func identity() throws -> StoreIdentity
    /// The login the student's name maps to, or nil when none is recorded.
    func login(ofStudent student: String) throws -> String?
    /// The student name the login maps to, or nil.
    func student(ofLogin login: String) throws -> String?
    /// Records that `student` signs in as `login`.
    func mapLogin(_ login: String, toStudent student: String) throws
    /// Creates `login` as a student's login unless a role of that name exists; returns whether it did.
    func createStudentLogin(_ login: String) throws -> Bool

    // MARK: Class owners (`TrackingStore+ClassOwners.swift`)

    /// What `login` is to this store, or nil when the server has no login of that name.
    func schoolRole(ofLogin login: String) throws -> SchoolRole?
    /// Creates `login` as a teacher's login unless a role of that name exists; returns whether it did.
    func createTeacherLogin(_ login: String) throws -> Bool
    /// The login the class `id` belongs to, or nil on a store that has no logins.
    func owner(ofClass id: Int64) throws -> String?
    /// Gives the class `id` (with its roster, assignments and Done marks) to `login`.
    func setOwner(_ login: String, ofClass id: Int64) throws
    /// Maps `student`, who has a login, to `login` instead.
    func remapLogin(_ login: String, ofStudent student: String) throws

    // MARK: Assignments

    /// The saved context at the full identifier path `path`: its id and whether it is assignable.
    func context(atFullPath path: [String]) throws -> (id: Int64, isAssignable: Bool)?
    /// Saves an assignment of `contextIDs` (in that order) to `students`, or to the whole class
    /// when `students` is empty; returns its id.
    func insertAssignment(
        _ draft: AssignmentDraft, classID: Int64, students: [String], contextIDs: [Int64],
        createdAt: Double
    ) throws -> Int64
    /// The assignment `id` with everything the status rules need, or nil.
    func assignmentRow(id: Int64) throws -> AssignmentRow?
    /// A class's assignments, oldest first.
    func assignmentRows(classID: Int64) throws -> [AssignmentRow]
    /// The assignments `student` must do, soonest due first, undated last.
    func assignmentRows(student: String) throws -> [AssignmentRow]
    /// The ids of the assignments an attempt counts for, oldest first; an id may repeat.
    func assignmentIDs(countingAttempt attempt: Int64) throws -> [Int64]
    /// The ids of `student`'s attempts that count for some assignment.
    func linkedAttempts(student: String) throws -> Set<Int64>

    // MARK: Done

    /// Whether an assignment has this id.
    func assignmentExists(id: Int64) throws -> Bool
    /// Records `student`'s Done marks; a context already marked keeps its first time.
    func insertDoneMarks(assignment id: Int64, contextIDs: [Int64], student: String, at time: Double) throws
    /// Marks the assignment complete, unless it already is (the first time stays).
    func markComplete(assignment id: Int64, at time: Double) throws

    // MARK: OneRoster people

    /// Every person a roster import recorded, by sourcedId.
    func rosterPeople() throws -> [String: RosterPerson]
    /// Records a person new to the store.
    func insertRosterPerson(_ person: RosterPerson) throws
    /// Replaces the username and names recorded for the person with `person.sourcedId`.
    func updateRosterPerson(_ person: RosterPerson) throws
    /// The sourcedIds of the people enrolled as a student in some class, now or in the past.
    func rosterStudentIDs() throws -> Set<String>
    /// Files everything `old` did under `new`: attempts, class places, assignments given by name,
    /// Done marks. Where `new` already has the same row (added by hand), the two become one.
    func renameStudent(from old: String, to new: String) throws

    // MARK: OneRoster classes and enrollments

    /// Every imported class.
    func importedClasses() throws -> [ImportedClass]
    /// The imported class with this sourcedId, or nil.
    func importedClass(sourcedId: String) throws -> ImportedClass?
    /// Records that the class `id` came from the roster class `sourcedId` titled `title`.
    func insertImportedClass(id: Int64, sourcedId: String, title: String) throws
    /// Records the title the roster gives the imported class `id` now.
    func setImportedTitle(_ title: String, ofClass id: Int64) throws
    /// An imported class's enrollments, in the order they were recorded.
    func enrollments(ofClass id: Int64) throws -> [RosterEnrollment]
    /// Appends the enrollment of `person` (a sourcedId) in `role`, not left.
    func insertEnrollment(classID: Int64, person: String, role: RosterEnrollment.Role) throws
    /// Records when a student left the class, or with nil that they are enrolled again.
    func setLeft(at time: Double?, student person: String, inClass id: Int64) throws
    /// Removes the enrollment of `person` in `role`.
    func deleteEnrollment(classID: Int64, person: String, role: RosterEnrollment.Role) throws

    // MARK: Gradebook

    /// Each attempt's last change, by attempt id: its last event, else its end, else its start.
    func attemptLastChanges() throws -> [Int64: Double]
    /// When each Done mark was made.
    func doneMarkTimes() throws -> [DoneMark: Double]
}

extension ClassroomEngine {
    /// Runs `body` in a transaction that may write.
    func transaction<T>(_ body: () throws -> T) throws -> T {
        try transaction(readOnly: false, body)
    }

    /// The id of the class `name`.
    /// - Throws: ``TrackingError/unknownClass(_:)``.
    func requireClassID(named name: String) throws -> Int64 {
        guard let id = try classID(named: name) else { throw TrackingError.unknownClass(name) }
        return id
    }

    /// The assignment `id` with its details.
    /// - Throws: ``TrackingError/unknownAssignment(_:)``.
    func requireAssignmentRow(id: Int64) throws -> AssignmentRow {
        guard let row = try assignmentRow(id: id) else { throw TrackingError.unknownAssignment(id) }
        return row
    }
}
