import Foundation
import Testing
import TrackingTestSupport

@testable import Classroom
@testable import Tracking

@Suite struct ClassroomClassTests {
    @Test func createAddAndListKeepJoinOrder() throws {
        let store = try makeStore()
        try store.createClass(named: "5B")
        try store.createClass(named: "5A")
        try store.addStudents(["cleo", "ana"], toClass: "5A")
        try store.addStudents(["ben", "ana"], toClass: "5A")  // ana again: ignored, not an error
        #expect(
            try store.classes() == [
                SchoolClass(name: "5A", students: ["cleo", "ana", "ben"]),
                SchoolClass(name: "5B", students: []),
            ])
    }

    @Test func duplicateClassIsRefused() throws {
        let store = try makeStore()
        try store.createClass(named: "5A")
        #expect(try classroomRefusal(store) { try store.createClass(named: "5A") } == .duplicateClass("5A"))
    }

    @Test func blankOrLongClassNamesAreRefused() throws {
        let store = try makeStore()
        let blank = TrackingError.invalidName(what: "class name", reason: "must not be blank")
        #expect(try refusedWithoutChange(store) { try store.createClass(named: "") } == blank)
        #expect(try refusedWithoutChange(store) { try store.createClass(named: "  ") } == blank)
        let long = String(repeating: "x", count: NameRule.maxLength + 1)
        #expect(
            try refusedWithoutChange(store) { try store.createClass(named: long) }
                == .invalidName(what: "class name", reason: "is 65 characters long (limit 64)"))
    }

    @Test func addingToAnUnknownClassIsRefused() throws {
        let store = try makeStore()
        #expect(
            try classroomRefusal(store) { try store.addStudents(["ana"], toClass: "9Z") } == .unknownClass("9Z"))
    }

    @Test func oneBadStudentAddsNobody() throws {
        let store = try makeStore()
        try store.createClass(named: "5A")
        #expect(
            try refusedWithoutChange(store) { try store.addStudents(["ana", " "], toClass: "5A") }
                == .invalidName(what: "student name 2 of 2", reason: "must not be blank"))
        #expect(try store.classes().first?.students == [])
    }

    @Test func errorMessagesLeaveStudentsOut() {
        let error = ClassroomError.unknownStudent("ana", className: "5A")
        #expect(error.description == "unknown student: not in class '5A'")
        #expect(ClassroomError.unknownStudent("ana", className: nil).description == "unknown student: not in any class")
    }

    @Test(arguments: [
        ("\u{1B}[31mred", "contains a control character (U+001B)"),
        ("ana\nben", "contains a control character (U+000A)"),
        ("ana\tben", "contains a control character (U+0009)"),
        ("ana\u{2028}ben", "contains a line separator (U+2028)"),
        ("\u{202E}ana", "contains an invisible formatting character (U+202E)"),
        ("an\u{200B}a", "contains an invisible formatting character (U+200B)"),
        ("ana\u{2066}", "contains an invisible formatting character (U+2066)"),
        (" ana", "starts or ends with a space"),
        ("ana ", "starts or ends with a space"),
        ("\u{3000}", "must not be blank"),
        (String(repeating: "x", count: 256), "is 256 characters long (limit 64)"),
        ("e" + String(repeating: "\u{301}", count: 64), "is 65 characters long (limit 64)"),
        // Names that print like another, or like nothing: a roster could show two students alike.
        (
            "Jose\u{301}",
            "is not in Unicode's composed form NFC (a letter followed by a separate accent: type the accented letter)"
        ),
        ("ana\u{34F}", "contains a character that prints as nothing (U+034F)"),
        ("ana\u{FE0F}", "contains a character that prints as nothing (U+FE0F)"),
        ("ana\u{E0100}", "contains a character that prints as nothing (U+E0100)"),
        ("\u{3164}", "contains a character that prints as nothing (U+3164)"),
        ("a\u{115F}\u{1160}", "contains a character that prints as nothing (U+115F)"),
        ("ana\u{FFA0}", "contains a character that prints as nothing (U+FFA0)"),
        ("a\u{2800}b", "contains a character that prints as nothing (U+2800)"),
        ("ana\u{A0}lima", "contains a space other than the plain space (U+00A0)"),
    ])
    func badNamesAreRefusedWithTheReason(_ name: String, _ reason: String) throws {
        #expect(NameRule.problem(with: name) == reason)
        let store = try makeStore()
        #expect(
            try refusedWithoutChange(store) { try store.createClass(named: name) }
                == .invalidName(what: "class name", reason: reason))
        try store.createClass(named: "5A")
        #expect(
            try refusedWithoutChange(store) { try store.addStudents([name], toClass: "5A") }
                == .invalidName(what: "student name", reason: reason))
        #expect(
            trackingError { try store.checkStudentName(name) } == .invalidName(what: "student name", reason: reason))
    }

    @Test func aRosterNameTheRuleRefusesStillPassesTheDoor() throws {
        let store = try classroomStore()
        let legacy = "ben\u{1B}[31m"
        #expect(trackingError { try store.checkStudentName(legacy) } != nil)
        try storeSQL(store, "UPDATE class_students SET student = ? WHERE student = 'ben'", [.text(legacy)])
        #expect(trackingError { try store.checkStudentName(legacy) } == nil, "ben can still play and be reviewed")
        #expect(trackingError { try store.checkStudentName("ana") } == nil)
    }

    @Test func realNamesPass() throws {
        for name in ["ana", "Zoë", "José María", "明美", "O'Brien-Smith", "a b", "5A", String(repeating: "x", count: 64)]
        {
            #expect(NameRule.problem(with: name) == nil, "\(name)")
        }
    }

    @Test func removingAStudentKeepsTheirAttemptsAndAddingThemBackRestoresTheirStanding() throws {
        let clock = VirtualClock()
        let store = try classroomStore(clock)
        let id = try store.createAssignment(AssignmentDraft(className: "5A", title: "T", paths: [Catalog.level1]))
        let attempt = try play(store, "ben", Catalog.level1, clock: clock)
        try store.removeStudents(["ben"], fromClass: "5A")
        #expect(try store.classes().first?.students == ["ana", "cleo"])
        #expect(try store.runs(student: "ben").map(\.id) == [attempt], "the attempt is kept")
        #expect(try store.classReport(className: "5A").assignments.first?.students.map(\.student) == ["ana", "cleo"])
        try store.addStudents(["ben"], toClass: "5A")
        #expect(try store.attempts(assignment: id, student: "ben").map(\.id) == [attempt])
    }

    @Test func removingSomeoneNotOnTheRosterRemovesNobody() throws {
        let store = try classroomStore()
        #expect(
            try classroomRefusal(store) { try store.removeStudents(["ana", "zoe"], fromClass: "5A") }
                == .unknownStudent("zoe", className: "5A"))
        #expect(
            try classroomRefusal(store) { try store.removeStudents(["ana"], fromClass: "9Z") }
                == .unknownClass("9Z"))
    }

    @Test func renamingAClassKeepsItsRosterAndAssignments() throws {
        let store = try classroomStore()
        let id = try store.createAssignment(AssignmentDraft(className: "5A", title: "T", paths: [Catalog.level1]))
        try store.createClass(named: "5B")
        #expect(try classroomRefusal(store) { try store.renameClass("5A", to: "5B") } == .duplicateClass("5B"))
        #expect(try classroomRefusal(store) { try store.renameClass("9Z", to: "6A") } == .unknownClass("9Z"))
        #expect(
            try refusedWithoutChange(store) { try store.renameClass("5A", to: "6\nA") }
                == .invalidName(what: "class name", reason: "contains a control character (U+000A)"))
        try store.renameClass("5A", to: "6A")
        #expect(
            try store.classes() == [
                SchoolClass(name: "5B", students: []), SchoolClass(name: "6A", students: ["ana", "ben", "cleo"]),
            ])
        #expect(try store.assignment(id: id)?.className == "6A")
    }
}
