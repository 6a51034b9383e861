import Foundation
import Testing
import TrackingTestSupport

@testable import Tracking

/// An attempt's UUID (its xAPI registration beyond this store) is a random version 4 UUID,
/// new for every attempt, however it is made (`UUID.random()`: one `getrandom`, not Foundation's
/// three system calls).
@Suite struct AttemptUUIDTests {
    @Test func everyAttemptGetsItsOwnVersion4UUID() throws {
        let store = try makeStore(VirtualClock())
        let game = try store.mainContext.addChild(identifier: "MATH-JAM", title: "Math Jam", type: .game)
        let uuids = try (0..<64).map { _ in try game.createNewActivity(student: "ana").uuid }
        #expect(Set(uuids).count == uuids.count)
        for uuid in uuids {
            let bytes = uuid.uuid
            #expect(bytes.6 >> 4 == 4, "version 4: \(uuid)")
            #expect(bytes.8 & 0xC0 == 0x80, "RFC 4122 variant: \(uuid)")
        }
    }

    @Test func randomUUIDsAreNotAllZeroOrRepeated() {
        let uuids = (0..<1000).map { _ in UUID.random() }
        #expect(Set(uuids).count == 1000)
        #expect(!uuids.contains { $0.uuidString.hasPrefix("00000000") && $0.uuidString.hasSuffix("000000000000") })
    }
}
