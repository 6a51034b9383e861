/// A replay record read in exactly the form ``AttemptInputs/json()`` writes it, without
/// Foundation's decoder: its keys sorted, no space, numbers as JSON writes them and strings with
/// nothing escaped. That decoder took two fifths of `verify`'s work per attempt (bench `verify`:
/// 100-120 µs an attempt without decoding, 183-212 µs with it), nearly all of it in the nested
/// containers of the events.
///
/// Anything else is nil, and ``AttemptInputs/decode(json:)`` gives it to the decoder, which reads
/// or refuses it: a reply with an escape (a quote, a control character) or a hand-made record
/// with spaces, other key orders or unknown keys. So this reads only what the decoder reads the
/// same, to the same record, and refuses nothing itself: every bound and check the decoder
/// applies (finite numbers, the events' count, an event past a bound) makes this say nil, and the
/// decoder then throws (`CompactRecordTests` hold the two together). The same for the path of the
/// attempt's context read with it (``strings(_:)``).
struct CompactRecordReader {
    private let bytes: [UInt8]
    private var at = 0

    /// The record `json` holds, when it is in the compact form; nil for anything else.
    static func read(_ json: String) -> AttemptInputs? {
        var reader = CompactRecordReader(bytes: Array(json.utf8))
        return reader.record()
    }

    /// The list of strings `json` holds in the form ``JSON/encode(_:)`` writes it
    /// (`["org.edujam.games","MATH-JAM"]`, nothing escaped): a context's path; nil for anything else.
    static func strings(_ json: String) -> [String]? {
        var reader = CompactRecordReader(bytes: Array(json.utf8))
        guard reader.take("["), let strings = reader.stringsAfterBracket(), reader.at == reader.bytes.count else {
            return nil
        }
        return strings
    }

    private init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// `{"events":[...],"format":1,"level":[...],"seed":N,"start":N,"truncated":B}`, `level` absent for none.
    private mutating func record() -> AttemptInputs? {
        guard take(#"{"events":["#) else { return nil }
        var events: [AttemptInputs.Event] = []
        if !take("]") {
            repeat {
                guard events.count < Limits.replayEvents, let event = event() else { return nil }
                events.append(event)
            } while take(",")
            guard take("]") else { return nil }
        }
        guard take(#","format":1"#) else { return nil }
        var level: [String]?
        if take(#","level":["#) {
            guard let names = stringsAfterBracket() else { return nil }
            level = names
        }
        guard take(#","seed":"#), let seed = integer(), take(#","start":"#), let start = number(),
            take(#","truncated":"#)
        else { return nil }
        let truncated: Bool
        if take("true") {
            truncated = true
        } else if take("false") {
            truncated = false
        } else {
            return nil
        }
        guard take("}"), at == bytes.count else { return nil }
        var inputs = AttemptInputs(seed: seed, level: level, start: start)
        for event in events {
            let before = inputs.events.count
            inputs.append(event)
            guard inputs.events.count > before else { return nil }  // past a bound: the decoder's to refuse
        }
        inputs.isTruncated = truncated
        return inputs
    }

    /// Strings, then `]`: a list's rest once its `[` is taken.
    private mutating func stringsAfterBracket() -> [String]? {
        var strings: [String] = []
        if take("]") { return strings }
        repeat {
            guard let next = string() else { return nil }
            strings.append(next)
        } while take(",")
        return take("]") ? strings : nil
    }

    /// `["r",at,"text"]`, `["e",at]` or `["c",reading]`, the number finite.
    private mutating func event() -> AttemptInputs.Event? {
        guard take(#"[""#), at < bytes.count else { return nil }
        let tag = bytes[at]
        at += 1
        guard take(#"","#), let number = number() else { return nil }
        let event: AttemptInputs.Event
        switch tag {
        case UInt8(ascii: "r"):
            guard take(","), let text = string() else { return nil }
            event = .reply(text, at: number)
        case UInt8(ascii: "e"): event = .inputEnded(at: number)
        case UInt8(ascii: "c"): event = .clock(number)
        default: return nil
        }
        return take("]") ? event : nil
    }

    /// A string with no escape and no control character in it (JSON has them escaped).
    private mutating func string() -> String? {
        guard take("\"") else { return nil }
        let start = at
        while at < bytes.count, bytes[at] != UInt8(ascii: "\"") {
            guard bytes[at] != UInt8(ascii: "\\"), bytes[at] >= 0x20 else { return nil }
            at += 1
        }
        guard at < bytes.count else { return nil }
        defer { at += 1 }
        return String(decoding: bytes[start..<at], as: UTF8.self)
    }

    /// A JSON number (`-?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?`) of at most 32 characters,
    /// finite and normal as a Double, or zero written as zero: the longest Swift writes is 24. The
    /// decoder refuses a number past a Double's range either way (`1e999`, `5e-394`); subnormal
    /// ones are left to it too.
    private mutating func number() -> Double? {
        let start = at
        _ = take("-")
        let mantissa = at
        guard digits(leadingZero: false) else { return nil }
        if take("."), !digits(leadingZero: true) { return nil }
        let written = bytes[mantissa..<at].contains { $0 >= UInt8(ascii: "1") && $0 <= UInt8(ascii: "9") }
        if at < bytes.count, bytes[at] | 0x20 == UInt8(ascii: "e") {
            at += 1
            if !take("+") { _ = take("-") }
            guard digits(leadingZero: true) else { return nil }
        }
        guard at - start <= 32, let value = Double(String(decoding: bytes[start..<at], as: UTF8.self)),
            value.isFinite, value == 0 ? !written : value.magnitude >= Double.leastNormalMagnitude
        else { return nil }
        return value
    }

    /// A JSON integer of at most 18 digits (so it fits an Int), with nothing of a fraction after it.
    private mutating func integer() -> Int? {
        let start = at
        _ = take("-")
        let first = at
        guard digits(leadingZero: false), at - first <= 18 else { return nil }
        if at < bytes.count, [UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E")].contains(bytes[at]) {
            return nil
        }
        return Int(String(decoding: bytes[start..<at], as: UTF8.self))
    }

    /// One or more digits; unless `leadingZero`, a `0` only alone (`0`, not `01`).
    private mutating func digits(leadingZero: Bool) -> Bool {
        let start = at
        while at < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[at]) { at += 1 }
        guard at > start else { return false }
        return leadingZero || bytes[start] != UInt8(ascii: "0") || at - start == 1
    }

    /// Moves past `literal` when the text goes on with it.
    private mutating func take(_ literal: StaticString) -> Bool {
        let count = literal.utf8CodeUnitCount
        guard bytes.count - at >= count else { return false }
        let matches = literal.withUTF8Buffer { expected in
            expected.indices.allSatisfy { bytes[at + $0] == expected[$0] }
        }
        if matches { at += count }
        return matches
    }
}
