import Foundation
import Testing

@testable import Tracking

/// The item of a run record: its JSON (outbox files, `edujam export`) keeps the keys it always had.
@Suite struct ItemRecordTests {
    /// Each kind's JSON as the code before `ItemRecord` held an `ActivityItem` wrote it, with the
    /// outbox's encoder options (sorted keys): the bytes an outbox file or an export holds today.
    static let written = [
        #"{"identifier":"hints","kind":"quantity","title":"Hints","value":2.5}"#,
        #"{"identifier":"passed","kind":"binary","title":"Passed","value":true,"valueType":"passFail"}"#,
        #"{"identifier":"correct","kind":"score","maxScore":5,"score":3,"title":"Correct"}"#,
    ]

    @Test(arguments: written)
    func decodesAndReencodesTodaysJSONByteForByte(json: String) throws {
        let record = try JSONDecoder().decode(ItemRecord.self, from: Data(json.utf8))
        #expect(try JSON.encode(record) == json)
    }

    /// `edujam export` pretty-prints with sorted keys; the same three items, as written before.
    @Test func reencodesAnExportsItemsByteForByte() throws {
        let exported = """
            [
              {
                "identifier" : "hints",
                "kind" : "quantity",
                "title" : "Hints",
                "value" : 2.5
              },
              {
                "identifier" : "passed",
                "kind" : "binary",
                "title" : "Passed",
                "value" : true,
                "valueType" : "passFail"
              },
              {
                "identifier" : "correct",
                "kind" : "score",
                "maxScore" : 5,
                "score" : 3,
                "title" : "Correct"
              }
            ]
            """
        let records = try JSONDecoder().decode([ItemRecord].self, from: Data(exported.utf8))
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
        #expect(String(decoding: try encoder.encode(records), as: UTF8.self) == exported)
    }

    @Test func decodesToTheModelsItem() throws {
        let decoded = try Self.written.map { try JSONDecoder().decode(ItemRecord.self, from: Data($0.utf8)) }
        #expect(
            decoded == [
                ItemRecord(ActivityItem(identifier: "hints", title: "Hints", value: .quantity(2.5))),
                ItemRecord(ActivityItem(identifier: "passed", title: "Passed", value: .binary(true, .passFail))),
                ItemRecord(ActivityItem(identifier: "correct", title: "Correct", value: .score(3, maxScore: 5))),
            ])
    }

    @Test(arguments: [
        #"{"identifier":"a","title":"A","kind":"quantity","value":true}"#,
        #"{"identifier":"a","title":"A","kind":"quantity","value":2,"maxScore":5}"#,
        #"{"identifier":"a","title":"A","kind":"quantity","score":2}"#,
        #"{"identifier":"a","title":"A","kind":"binary","value":2}"#,
        #"{"identifier":"a","title":"A","kind":"binary","value":true,"score":1}"#,
        #"{"identifier":"a","title":"A","kind":"score","score":3}"#,
        #"{"identifier":"a","title":"A","kind":"score","score":3,"maxScore":5,"value":3}"#,
        #"{"identifier":"a","title":"A","kind":"score","score":3,"maxScore":5,"valueType":"passFail"}"#,
        #"{"identifier":"a","title":"A","kind":"response","value":"x"}"#,
    ])
    func refusesKeysThatContradictTheKind(json: String) {
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(ItemRecord.self, from: Data(json.utf8)) }
    }
}

/// An item's value in each front end's words, and numbers as a teacher writes them.
@Suite struct ItemTextTests {
    static let values: [ActivityItem.Value] = [
        .quantity(70), .quantity(1 / 3), .binary(true, .passFail), .score(7, maxScore: 10),
    ]

    @Test func transcriptTerminalAndPageWriteEachKind() {
        #expect(Self.values.map(\.transcriptText) == ["70", "0.3333333333333333", "true", "7/10"])
        #expect(Self.values.map(\.terminalText) == ["70", "0.3333333333333333", "yes", "7/10"])
        #expect(Self.values.map(\.pageText) == ["70", "0.333", "yes", "7/10"])
        #expect(ActivityItem.Value.binary(false, .yesNo).terminalText == "no")
    }

    @Test func numbersAsATeacherWritesThem() {
        #expect(
            [12, 0.5, -3, 1e20, .nan, .infinity].map(TeacherNumber.exact) == ["12", "0.5", "-3", "1e+20", "nan", "inf"])
        #expect(
            [12, 2.5, 0.33333, 2.0004, 0.0001, 1e20, .nan].map(TeacherNumber.rounded)
                == ["12", "2.5", "0.333", "2", "0.0001", "1e+20", "-"])
    }
}
