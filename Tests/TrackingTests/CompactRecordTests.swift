import Foundation
import Testing

@testable import Tracking

/// The compact reader of replay records (``CompactRecordReader``) beside Foundation's decoder,
/// the one it stands in for: it reads the form ``AttemptInputs/json()`` writes, and whatever it
/// reads, the decoder reads to the same record; all else it leaves to the decoder.
@Suite struct CompactRecordTests {
    /// The decoder alone, as ``AttemptInputs/decode(json:)`` was before the compact reader.
    private func decoded(_ json: String) -> AttemptInputs? {
        try? JSON.decode(AttemptInputs.self, from: json, column: "attempt_inputs.record")
    }

    /// A deterministic generator (SplitMix64), so a failure names a record that can be made again.
    private struct Generator: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    private static let replies = [
        "12", "", "0", "-3", "twelve", "Ünïcödé ✓ 🎲", "a/b", String(repeating: "x", count: 300),
    ]
    /// Replies written with escapes, which the compact reader leaves to the decoder.
    private static let escaped = ["say \"hi\"", "back\\slash", "tab\there", "\u{1}"]
    private static let numbers: [Double] = [
        0, -0.0, 1, 2.5, 0.000125, 1_800_000_000.25, -1.2345678901234567e-300, 2.2250738585072014e-308,
        4.9e-324, 2.2250738585072014e-309, 1.7976931348623157e308, 86_399.999999, 1e21, 123_456_789_012_345_680,
    ]

    private func record(_ generator: inout Generator) -> AttemptInputs {
        let levels: [[String]?] = [nil, [], ["LEVEL-1"], ["WORLD-2", "LEVEL-10"]]
        var inputs = AttemptInputs(
            seed: Int.random(in: -(1 << 53)...(1 << 53), using: &generator),
            level: levels.randomElement(using: &generator)!,
            start: Bool.random(using: &generator)
                ? Self.numbers.randomElement(using: &generator)! : Double.random(in: -1e12...1e12, using: &generator))
        for _ in 0..<Int.random(in: 0...40, using: &generator) {
            let number =
                Int.random(in: 0..<4, using: &generator) == 0
                ? Self.numbers.randomElement(using: &generator)! : Double.random(in: 0...1e4, using: &generator)
            let reply =
                Int.random(in: 0..<30, using: &generator) == 0
                ? Self.escaped.randomElement(using: &generator)! : Self.replies.randomElement(using: &generator)!
            switch Int.random(in: 0..<3, using: &generator) {
            case 0: inputs.append(.reply(reply, at: number))
            case 1: inputs.append(.inputEnded(at: number))
            default: inputs.append(.clock(number))
            }
        }
        if Int.random(in: 0..<8, using: &generator) == 0 { inputs.isTruncated = true }
        return inputs
    }

    @Test func whatItReadsTheDecoderReadsTheSameAndItLeavesItOnlyEscapesAndSubnormals() throws {
        var generator = Generator(state: 29)
        var read = 0
        for _ in 0..<2_000 {
            let inputs = record(&generator)
            let json = inputs.json()
            let compact = CompactRecordReader.read(json)
            #expect(decoded(json) == inputs, "\(json)")
            if let compact {
                #expect(compact == inputs, "\(json)")
                read += 1
            } else {
                let numbers = [inputs.start] + inputs.events.map(\.number)
                #expect(
                    json.contains("\\") || numbers.contains(where: \.isSubnormal),
                    "not read, with nothing escaped and no subnormal number: \(json)")
            }
            #expect(try AttemptInputs.decode(json: json) == inputs)
        }
        #expect(read > 500, "\(read) of 2,000 read by the compact reader")
    }

    /// Every byte of compact records changed, one at a time, and some cut short: the compact
    /// reader either says nil or reads what the decoder reads.
    @Test func aDamagedRecordIsReadAsTheDecoderReadsItOrLeftToIt() {
        var generator = Generator(state: 7)
        var samples = 0
        var compactRead = 0
        for _ in 0..<40 {
            let inputs = record(&generator)
            let bytes = Array(inputs.json().utf8)
            let changes: [UInt8] = Array(#"0 9-+.eE"\,[]{}:tfr"#.utf8) + [0x01, 0x7F, 0xC3]
            for position in stride(from: 0, to: bytes.count, by: max(1, bytes.count / 60)) {
                for change in changes where change != bytes[position] {
                    var damaged = bytes
                    damaged[position] = change
                    let texts = [damaged, Array(damaged[..<position])].map { String(decoding: $0, as: UTF8.self) }
                    for text in texts {
                        samples += 1
                        let decoder = decoded(text)
                        if let compact = CompactRecordReader.read(text) {
                            #expect(compact == decoder, "\(text)")
                            compactRead += 1
                        }
                    }
                }
            }
        }
        #expect(samples > 10_000 && compactRead > 1_000, "\(compactRead) of \(samples) read by the compact reader")
    }

    /// A context's path as the store writes it, and damaged: the reader gives the decoder's list or nil.
    @Test func aPathIsReadAsTheDecoderReadsIt() throws {
        let paths = [
            [], ["org.edujam.games"], ["org.edujam.games", "MATH-JAM", "LEVEL-1"], ["a/b", "Ünïcödé ✓ 🎲", ""],
            ["say \"hi\"", "tab\there"],
        ]
        var read = 0
        for path in paths {
            let json = try JSON.encode(path)
            if let compact = CompactRecordReader.strings(json) {
                #expect(compact == path, "\(json)")
                read += 1
            } else {
                #expect(json.contains("\\"), "\(json)")
            }
            let bytes = Array(json.utf8)
            for position in bytes.indices {
                for change in Array(#" "\,[]x"#.utf8) + [0x01] where change != bytes[position] {
                    var damaged = bytes
                    damaged[position] = change
                    for text in [damaged, Array(damaged[..<position])].map({ String(decoding: $0, as: UTF8.self) }) {
                        if let compact = CompactRecordReader.strings(text) {
                            #expect(compact == (try? JSON.decode([String].self, from: text, column: "path")), "\(text)")
                        }
                    }
                }
            }
        }
        #expect(read == paths.count - 1)
    }

    @Test(arguments: [
        #"{"events":[["c",1e999]],"format":1,"seed":1,"start":0,"truncated":false}"#,  // not finite
        #"{"events":[],"format":1,"seed":1,"start":1e999,"truncated":false}"#,
        #"{"events":[["c",5e-394]],"format":1,"seed":1,"start":0,"truncated":false}"#,  // past the range below
        #"{"events":[["c",5e-324]],"format":1,"seed":1,"start":0,"truncated":false}"#,  // subnormal: the decoder's
        #"{"events":[["c",01]],"format":1,"seed":1,"start":0,"truncated":false}"#,  // not JSON numbers
        #"{"events":[["c",1.]],"format":1,"seed":1,"start":0,"truncated":false}"#,
        #"{"events":[["c",.5]],"format":1,"seed":1,"start":0,"truncated":false}"#,
        #"{"events":[],"format":1,"seed":1.0,"start":0,"truncated":false}"#,
        #"{"events":[],"format":1,"seed":99999999999999999999,"start":0,"truncated":false}"#,
        #"{"events":[],"format":2,"seed":1,"start":0,"truncated":false}"#,
        #"{"events":[],"format":10,"seed":1,"start":0,"truncated":false}"#,
        #"{"events":[["r",1,"a"#,
        #"{"events":[["r",1]],"format":1,"seed":1,"start":0,"truncated":false}"#,
        #"{"events":[["x",1]],"format":1,"seed":1,"start":0,"truncated":false}"#,
        #"{"events":[],"format":1,"seed":1,"start":0,"truncated":false}x"#,
        #"{"events":[],"format":1,"seed":1,"start":0,"truncated":maybe}"#,
        "{\"events\":[[\"r\",1,\"a\u{1}\"]],\"format\":1,\"seed\":1,\"start\":0,\"truncated\":false}",  // a raw control
        #"{"events":[["r",1,""#
            + String(repeating: "a", count: Limits.replyBytes + 1)
            + #""]],"format":1,"seed":1,"start":0,"truncated":false}"#,  // a reply past its bound
    ])
    func aCompactLookingRecordOutOfItsFormIsLeftToTheDecoder(json: String) {
        #expect(CompactRecordReader.read(json) == nil, "\(json)")
        #expect((try? AttemptInputs.decode(json: json)) == decoded(json), "\(json)")
    }

    @Test func tooManyEventsInTheCompactFormAreRefused() {
        let events = Array(repeating: #"["c",1]"#, count: Limits.replayEvents + 1).joined(separator: ",")
        let json = #"{"events":["# + events + #"],"format":1,"seed":1,"start":0,"truncated":false}"#
        #expect(CompactRecordReader.read(json) == nil)
        #expect(throws: TrackingError.self) { try AttemptInputs.decode(json: json) }
        let most = Array(repeating: #"["c",1]"#, count: Limits.replayEvents).joined(separator: ",")
        let full = #"{"events":["# + most + #"],"format":1,"seed":1,"start":0,"truncated":true}"#
        #expect(CompactRecordReader.read(full)?.events.count == Limits.replayEvents)
        #expect(CompactRecordReader.read(full) == decoded(full))
    }
}

extension AttemptInputs.Event {
    fileprivate var number: Double {
        switch self {
        case .reply(_, let at), .inputEnded(let at): return at
        case .clock(let reading): return reading
        }
    }
}
