import Foundation
import Tracking

/// A person from a school's roster (a OneRoster user), known by the school's `sourcedId`.
///
/// For a student, ``username`` is their name in EduJam: what they type after `--student`, what
/// their attempts are filed under. The given and family names are kept for display only.
///
/// JSON keys: `sourcedId`, `username`, `givenName`, `familyName`.
public struct RosterPerson: Codable, Equatable, Sendable {
    /// The school system's stable id.
    public var sourcedId: String
    /// The login; a student's EduJam name.
    public var username: String
    /// For display.
    public var givenName: String
    /// For display.
    public var familyName: String

    /// Creates a person.
    public init(sourcedId: String, username: String, givenName: String, familyName: String) {
        self.sourcedId = sourcedId
        self.username = username
        self.givenName = givenName
        self.familyName = familyName
    }

    /// "Given Family", or the username when the roster gives no name.
    public var displayName: String {
        let full = [givenName, familyName].filter { !$0.isEmpty }.joined(separator: " ")
        return full.isEmpty ? username : full
    }
}

/// One class of a roster: its `sourcedId`, its EduJam name and who is enrolled, by `sourcedId`.
public struct RosterClass: Equatable, Sendable {
    /// The school system's stable id.
    public var sourcedId: String
    /// The EduJam class name (unique in the store).
    public var name: String
    /// Teachers' sourcedIds, in roster order.
    public var teachers: [String]
    /// Enrolled students' sourcedIds, in roster order.
    public var students: [String]

    /// Creates a class entry.
    public init(sourcedId: String, name: String, teachers: [String], students: [String]) {
        self.sourcedId = sourcedId
        self.name = name
        self.teachers = teachers
        self.students = students
    }
}

/// A whole roster to bring into the store with ``TrackingStore/syncRoster(_:createLogins:)``.
public struct Roster: Equatable, Sendable {
    /// Everyone the classes refer to.
    public var people: [RosterPerson]
    /// The active classes.
    public var classes: [RosterClass]
    /// Classes the school closed (OneRoster status `tobedeleted`): if imported before, every
    /// student is marked as left and the teachers are dropped; never created.
    public var closedClasses: [String]
    /// Students the roster names that the store cannot take, by sourcedId, with why (a username
    /// that is no EduJam name): left out of the import and reported, the rest imported.
    public var leftOut: [String: String]

    /// Creates a roster.
    public init(
        people: [RosterPerson], classes: [RosterClass], closedClasses: [String] = [], leftOut: [String: String] = [:]
    ) {
        self.people = people
        self.classes = classes
        self.closedClasses = closedClasses
        self.leftOut = leftOut
    }

    /// The roster without the students `ids`: not among its people, not enrolled in its classes.
    func leaving(out ids: Set<String>) -> Roster {
        guard !ids.isEmpty else { return self }
        var roster = self
        roster.people.removeAll { ids.contains($0.sourcedId) }
        for index in roster.classes.indices { roster.classes[index].students.removeAll { ids.contains($0) } }
        return roster
    }
}

/// A student of a roster that an import left out, and why; the store's rows of them are as they were.
public struct LeftOutStudent: Equatable, Sendable {
    /// Their sourcedId.
    public var sourcedId: String
    /// Their username, as the roster gives it.
    public var username: String
    /// Why the store cannot take them, in words.
    public var reason: String
}

/// What ``TrackingStore/syncRoster(_:createLogins:)`` changed. All zero when the store already matched.
public struct RosterChanges: Equatable, Sendable {
    /// Classes created, renamed (by sourcedId, a new title), students who joined (or came back),
    /// students who left, students whose username changed (renamed everywhere), and teacher
    /// enrollments added or removed.
    public var classesCreated = 0, classesRenamed = 0, studentsJoined = 0, studentsLeft = 0
    public var studentsRenamed = 0, teachersAdded = 0, teachersRemoved = 0
    /// People whose given or family name changed.
    public var namesUpdated = 0
    /// On a PostgreSQL store: students' and teachers' logins created (`--create-logins`), and
    /// classes given to the teacher the roster names (``TrackingStore/syncRoster(_:createLogins:)``).
    public var studentLoginsCreated = 0, teacherLoginsCreated = 0, classesGiven = 0
    /// What the import could not settle by itself and a person should do, such as a teacher with
    /// no login yet; not a change.
    public var notes: [String] = []
    /// The students left out (``Roster/leftOut``, and on a PostgreSQL store those who cannot have
    /// the login of their username), in the roster's order; not a change.
    public var leftOut: [LeftOutStudent] = []

    /// Whether nothing changed (notes aside).
    public var isEmpty: Bool {
        var counts = self
        counts.notes = []
        counts.leftOut = []
        return counts == RosterChanges()
    }
}

/// A roster the store cannot take as it is; nothing was changed. Carries the `sourcedId` at
/// fault, so the importer can point at the row.
public enum RosterConflict: Error, Equatable, Sendable, CustomStringConvertible {
    /// The class name is already used by another class (one not imported, or another sourcedId).
    case classNameTaken(classSourcedId: String, name: String)
    /// Another person in the store already has this username (EduJam names must stay one person's).
    case usernameTaken(personSourcedId: String, username: String, holder: String)

    public var description: String {
        switch self {
        case .classNameTaken(_, let name):
            return "class name '\(name)' is already used by another class in the store"
        case .usernameTaken(_, let username, let holder):
            return "username '\(username)' already belongs to user '\(holder)' in the store"
        }
    }
}

/// A class's roster as the store keeps it, for `edujam class list`.
///
/// JSON keys: `sourcedId`, `teachers`, `students` (current, in class order), `left`.
public struct ClassRoster: Codable, Equatable, Sendable {
    /// The class's sourcedId.
    public var sourcedId: String
    /// Its teachers.
    public var teachers: [RosterPerson]
    /// Its imported students still enrolled.
    public var students: [RosterPerson]
    /// Imported students who left (their attempts are kept).
    public var left: [RosterPerson]
}
