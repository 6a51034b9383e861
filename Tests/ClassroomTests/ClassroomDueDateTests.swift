import Foundation
import Testing
import TrackingTestSupport

@testable import Classroom
@testable import Tracking

@Suite struct ClassroomDueDateTests {
    private let utc = TimeZone(identifier: "UTC")!

    @Test func bareDateIsTheLastSecondOfThatDay() throws {
        let due = try DueDate.parse("2026-12-01", timeZone: utc)
        #expect(ISO8601.string(fromEpoch: due.timeIntervalSince1970) == "2026-12-01T23:59:59.000Z")
    }

    @Test func bareDateUsesTheGivenZone() throws {
        let paris = try #require(TimeZone(identifier: "Europe/Paris"))
        let due = try DueDate.parse("2026-12-01", timeZone: paris)
        #expect(ISO8601.string(fromEpoch: due.timeIntervalSince1970) == "2026-12-01T22:59:59.000Z")
    }

    @Test func timestampsWithZonesAndFractions() throws {
        #expect(
            ISO8601.string(fromEpoch: try DueDate.parse("2026-12-01T15:00:00Z").timeIntervalSince1970)
                == "2026-12-01T15:00:00.000Z")
        #expect(
            ISO8601.string(fromEpoch: try DueDate.parse("2026-12-01T15:00:00+02:00").timeIntervalSince1970)
                == "2026-12-01T13:00:00.000Z")
        #expect(
            ISO8601.string(fromEpoch: try DueDate.parse(" 2026-12-01T15:00:00.250Z ").timeIntervalSince1970)
                == "2026-12-01T15:00:00.250Z")
    }

    @Test(arguments: [
        "", "tomorrow", "2026-13-01", "2026-02-30", "2026-2-3", "12/01/2026", "2026-12-01T25:00:00Z",
        "2026-12-01T15:00:00", "２０２６-12-01",
    ])
    func badTextIsNamedInTheError(_ text: String) {
        #expect(classroomError { _ = try DueDate.parse(text, timeZone: utc) } == .invalidDate(text))
    }

    @Test func errorMessageQuotesTheText() {
        #expect(ClassroomError.invalidDate("soon").description.hasPrefix("invalid date 'soon'"))
    }
}
