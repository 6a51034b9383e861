import Foundation
import Testing
@testable import Tracking

@Suite struct ClassroomClassTests {
    @Test func createAddAndListKeepJoinOrder() throws {
        let store = try makeStore()
        try store.createClass(named: "5B")
        try store.createClass(named: "5A")
        try store.addStudents(["cleo", "ana"], toClass: "5A")
        try store.addStudents(["ben", "ana"], toClass: "5A")  // ana again: ignored, not an error
        #expect(try store.classes() == [
            SchoolClass(name: "5A", students: ["cleo", "ana", "ben"]),
            SchoolClass(name: "5B", students: []),
        ])
    }

    @Test func duplicateClassIsRefused() throws {
        let store = try makeStore()
        try store.createClass(named: "5A")
        #expect(try refusedWithoutChange(store) { try store.createClass(named: "5A") } == .duplicateClass("5A"))
    }

    @Test func blankOrLongClassNamesAreRefused() throws {
        let store = try makeStore()
        #expect(try refusedWithoutChange(store) { try store.createClass(named: "") } == .invalidIdentifier("class name"))
        #expect(try refusedWithoutChange(store) { try store.createClass(named: "  ") } == .invalidIdentifier("class name"))
        let long = String(repeating: "x", count: Limits.identifierLength + 1)
        #expect(try refusedWithoutChange(store) { try store.createClass(named: long) } == .identifierTooLong(length: 257))
    }

    @Test func addingToAnUnknownClassIsRefused() throws {
        let store = try makeStore()
        #expect(try refusedWithoutChange(store) { try store.addStudents(["ana"], toClass: "9Z") } == .unknownClass("9Z"))
    }

    @Test func oneBadStudentAddsNobody() throws {
        let store = try makeStore()
        try store.createClass(named: "5A")
        #expect(try refusedWithoutChange(store) { try store.addStudents(["ana", " "], toClass: "5A") } == .invalidStudent)
        #expect(try store.classes().first?.students == [])
    }

    @Test func errorMessagesLeaveStudentsOut() {
        let error = TrackingError.unknownStudent("ana", className: "5A")
        #expect(error.description == "unknown student: not in class '5A'")
        #expect(TrackingError.unknownStudent("ana", className: nil).description == "unknown student: not in any class")
    }
}
