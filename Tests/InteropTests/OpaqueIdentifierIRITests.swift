import Foundation
import Interop
import Testing
import Tracking

/// Identifiers are opaque (`unit/1`, `Level 1`, `Ünïcødé`), and xAPI wants IRIs: each identifier is
/// one percent-encoded segment of its activity id, an item identifier one of its extension key,
/// and both read back unchanged.
@Suite struct OpaqueIdentifierIRITests {
    /// Whether `text` may stand in an IRI: no space, control or format character, nothing of
    /// `"<>\^`{|}`, and every `%` starting an escape.
    static func isIRI(_ text: String) -> Bool {
        let scalars = Array(text.unicodeScalars)
        for (index, scalar) in scalars.enumerated() {
            if scalar.properties.isWhitespace || [.control, .format].contains(scalar.properties.generalCategory) {
                return false
            }
            if "\"<>\\^`{|}".unicodeScalars.contains(scalar) { return false }
            if scalar == "%" {
                guard index + 2 < scalars.count, scalars[index + 1].properties.isASCIIHexDigit,
                    scalars[index + 2].properties.isASCIIHexDigit
                else { return false }
            }
        }
        return true
    }

    @Test func activityIDsAndItemKeysAreIRIsThatKeepTheIdentifiers() throws {
        let store = try TrackingStore.inMemory(rootIdentifier: "org.port", rootTitle: "Ported")
        var context = store.mainContext
        let path = ["unit/1", "Level 1", "Ünïcødé"]
        for id in path { context = try context.addChild(identifier: id, title: "Part", type: .level) }
        let attempt = try context.createNewActivity(student: "ana")
        try attempt.start()
        try attempt.setQuantity(id: "a b/100%", title: "Q", value: 3)
        try attempt.end(outcome: .finished)
        try store.save()
        let statements = StatementBuilder(homePage: "https://school.example")
            .statements(try #require(try store.attemptHistories().first))
        let object = try #require(statements.first?.object.id)
        #expect(Self.isIRI(object), "\(object)")
        let tail = object.dropFirst(StatementBuilder.activityPrefix.count).split(separator: "/")
        #expect(tail.map { String($0).removingPercentEncoding } == ["org.port"] + path)
        let keys = statements.compactMap(\.result?.extensions).flatMap(\.keys)
        let item = try #require(keys.first { $0.hasPrefix(StatementBuilder.quantityPrefix) })
        #expect(Self.isIRI(item), "\(item)")
        #expect(item.dropFirst(StatementBuilder.quantityPrefix.count).removingPercentEncoding == "a b/100%")
        #expect(
            statements.first?.context.contextActivities?.parent?.first.map { Self.isIRI($0.id) } == true,
            "the parent too")
    }
}
