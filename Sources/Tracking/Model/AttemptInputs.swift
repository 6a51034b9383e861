import Foundation

/// What a game observed from outside during one attempt, in order: with the game's folder, enough
/// to play the attempt again exactly (`edujam replay`) and to check what it reported.
///
/// A game in the sandbox is deterministic apart from these: its seed (`random`, the string hash,
/// the addresses `tostring` shows), the level it was launched at, each reply the student gave, and
/// each reading of the run's clock (`clock()`, `os.time`, `os.clock`, `os.date`). The record keeps
/// them; Tracking knows nothing of Lua and keeps them as plain values.
///
/// Bounded (``Limits/replayEvents``, ``Limits/replyBytes``, ``Limits/replayRecordBytes``): an
/// event past a bound is not kept and the record is marked ``isTruncated`` (it can no longer be
/// replayed to the end); the attempt itself is never refused for it.
///
/// Stored as compact JSON (``json()``, ``decode(json:)``): `format` (1), `seed`, `level` (the
/// level's identifier path below the game, absent for none), `start` (the run clock's start,
/// seconds since 1970), `truncated`, and `events`, each an array: `["r", at, "text"]` a reply
/// typed or chosen at clock reading `at`, `["e", at]` input ended (`ask` returned nil), `["c",
/// reading]` a clock reading the game asked for.
public struct AttemptInputs: Equatable, Sendable {
    /// One thing the game observed from outside.
    public enum Event: Equatable, Sendable {
        /// The student's reply to `ask` or `choose` (the line as the game got it), and the run
        /// clock's reading when it came.
        case reply(String, at: Double)
        /// Input ended (the student left: `ask` returned nil), at that clock reading.
        case inputEnded(at: Double)
        /// A reading of the run's clock the game asked for: exactly the number it got.
        case clock(Double)
    }

    /// The run's seed.
    public var seed: Int
    /// The level launched, as its identifier path below the game; nil for the game itself.
    public var level: [String]?
    /// When the run's clock began, seconds since 1970: `os.time` and `os.date` read it plus a reading.
    public var start: Double
    /// The events, in the order the game observed them.
    public internal(set) var events: [Event] = []
    /// Whether an event was left out for a bound: the record stops there.
    public internal(set) var isTruncated = false
    /// An upper bound of ``json()``'s size so far, kept as events come (no encoding on the way).
    private var bytesBound: Int

    /// An empty record of a run about to begin.
    public init(seed: Int, level: [String]?, start: Double) {
        self.seed = seed
        self.level = level
        self.start = start
        bytesBound = Self.headerBytes + (level ?? []).reduce(0) { $0 + Self.quotedBytes($1) + 1 }
    }

    /// Appends `event`, or marks the record truncated when it would pass a bound (then and for
    /// every later event). Never fails: a run that observes too much keeps its attempt.
    public mutating func append(_ event: Event) {
        guard !isTruncated else { return }
        let bytes = Self.bytesBound(of: event)
        guard events.count < Limits.replayEvents, bytesBound + bytes <= Limits.replayRecordBytes,
            Self.replyFits(event)
        else {
            isTruncated = true
            return
        }
        bytesBound += bytes
        // Room for a short game's events at once: growing from empty copied them seven times a run.
        if events.isEmpty { events.reserveCapacity(Self.initialCapacity) }
        events.append(event)
    }

    private static func replyFits(_ event: Event) -> Bool {
        guard case .reply(let text, _) = event else { return true }
        return text.utf8.count <= Limits.replyBytes
    }

    /// Events a record makes room for at its first: Math Jam's level makes about 50.
    private static let initialCapacity = 64

    // MARK: - Size bounds

    /// `{"events":[],"format":1,"level":[],"seed":-9007199254740992,"start":<number>,"truncated":false}`, rounded up.
    private static let headerBytes = 160
    /// The longest text of a JSON number Swift writes for a Double (`-2.2250738585072014e-308`), with a comma.
    private static let numberBytes = 26

    private static func bytesBound(of event: Event) -> Int {
        switch event {
        case .reply(let text, _): return 8 + numberBytes + quotedBytes(text)
        case .inputEnded, .clock: return 8 + numberBytes
        }
    }

    /// The bytes of `text` as a JSON string, quotes included (a control character is `\u00XX`).
    private static func quotedBytes(_ text: String) -> Int {
        // Over the bytes in place when the string has them together (a native string does):
        // stepping the UTF-8 view's iterator was 2% of a fuzz run, whose monkey types lines of
        // up to 24,000 bytes (bench/README.md, `fuzz/scaling`).
        text.utf8.withContiguousStorageIfAvailable { quotedBytes(of: $0) } ?? quotedBytes(of: text.utf8)
    }

    private static func quotedBytes(of bytes: some Sequence<UInt8>) -> Int {
        bytes.reduce(2) { sum, byte in
            sum + (byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") ? 2 : byte < 0x20 ? 6 : 1)
        }
    }
}
