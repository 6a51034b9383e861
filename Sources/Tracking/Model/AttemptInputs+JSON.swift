import Foundation

/// The stored form of a replay record (keys in ``AttemptInputs``). A record is a student's own row
/// on a school server, so decoding treats it as hostile: its size is checked before anything is
/// decoded, then every bound and every number again.
extension AttemptInputs: Codable {
    private enum Key: String, CodingKey {
        case format, seed, level, start, truncated, events
    }

    public init(from decoder: any Decoder) throws {
        let keys = try decoder.container(keyedBy: Key.self)
        guard try keys.decode(Int.self, forKey: .format) == 1 else {
            throw DecodingError.dataCorruptedError(forKey: .format, in: keys, debugDescription: "unknown format")
        }
        self.init(
            seed: try keys.decode(Int.self, forKey: .seed),
            level: try keys.decodeIfPresent([String].self, forKey: .level),
            start: try keys.decode(Double.self, forKey: .start))
        var list = try keys.nestedUnkeyedContainer(forKey: .events)
        while !list.isAtEnd {
            guard events.count < Limits.replayEvents else {
                throw DecodingError.dataCorruptedError(in: list, debugDescription: "too many events")
            }
            let before = events.count
            append(try Self.event(from: &list))
            guard events.count > before else {
                throw DecodingError.dataCorruptedError(in: list, debugDescription: "an event past a bound")
            }
        }
        isTruncated = try keys.decode(Bool.self, forKey: .truncated)
    }

    public func encode(to encoder: any Encoder) throws {
        var keys = encoder.container(keyedBy: Key.self)
        try keys.encode(1, forKey: .format)
        try keys.encode(seed, forKey: .seed)
        try keys.encodeIfPresent(level, forKey: .level)
        try keys.encode(start, forKey: .start)
        try keys.encode(isTruncated, forKey: .truncated)
        var list = keys.nestedUnkeyedContainer(forKey: .events)
        for event in events {
            var fields = list.nestedUnkeyedContainer()
            switch event {
            case .reply(let text, let at):
                try fields.encode("r")
                try fields.encode(at)
                try fields.encode(text)
            case .inputEnded(let at):
                try fields.encode("e")
                try fields.encode(at)
            case .clock(let reading):
                try fields.encode("c")
                try fields.encode(reading)
            }
        }
    }

    private static func event(from list: inout any UnkeyedDecodingContainer) throws -> Event {
        var fields = try list.nestedUnkeyedContainer()
        let tag = try fields.decode(String.self)
        let number = try fields.decode(Double.self)
        guard number.isFinite else {
            throw DecodingError.dataCorruptedError(in: fields, debugDescription: "not finite")
        }
        let event: Event
        switch tag {
        case "r": event = .reply(try fields.decode(String.self), at: number)
        case "e": event = .inputEnded(at: number)
        case "c": event = .clock(number)
        default: throw DecodingError.dataCorruptedError(in: fields, debugDescription: "unknown event \(tag)")
        }
        guard fields.isAtEnd else { throw DecodingError.dataCorruptedError(in: fields, debugDescription: "extra") }
        return event
    }

    /// The record as stored: compact JSON, at most ``Limits/replayRecordBytes`` bytes (the events
    /// were counted against that bound as they came).
    public func json() -> String {
        (try? JSON.encode(self)) ?? ""  // encoding plain strings and numbers cannot fail
    }

    /// A stored record.
    /// - Parameter json: The text as stored, a student's to write: it may be anything.
    /// - Throws: ``TrackingError/corruptRow(_:)`` naming `attempt_inputs.record` when it is too
    ///   long, is not a record, or breaks a bound.
    public static func decode(json: String) throws -> AttemptInputs {
        guard json.utf8.count <= Limits.replayRecordBytes else {
            throw TrackingError.corruptRow("attempt_inputs.record (longer than \(Limits.replayRecordBytes) bytes)")
        }
        if let compact = CompactRecordReader.read(json) { return compact }  // the form json() writes
        return try JSON.decode(AttemptInputs.self, from: json, column: "attempt_inputs.record")
    }
}
