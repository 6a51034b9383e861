/// ClassKit's limits, enforced by this module.
public enum Limits {
    /// Maximum UTF-8 bytes in a context identifier (``IdentifierRule/Kind/context``); ClassKit's
    /// context identifiers are at most 256 characters.
    public static let contextIdentifierBytes = 256
    /// Maximum UTF-8 bytes in an activity item identifier (``IdentifierRule/Kind/item``); ClassKit
    /// refuses an item identifier of 256 characters or more, one less than a context's.
    public static let itemIdentifierBytes = 255
    /// Maximum characters in the student name an attempt is made for (``Context/createNewActivity(student:gameVersion:)``).
    public static let studentNameCharacters = 256
    /// The context identifier limit, named before item identifiers got their own.
    @available(*, deprecated, renamed: "contextIdentifierBytes")
    public static var identifierLength: Int { contextIdentifierBytes }
    /// A context, item or assignment title: what a student or teacher reads in a list.
    public static let title = TextLimit(field: "title", characters: 256, bytes: 1024)
    /// A context summary.
    public static let summary = TextLimit(field: "summary", characters: 4000, bytes: 16_000)
    /// One of a context's keywords (catalog search terms).
    public static let keyword = TextLimit(field: "keyword", characters: 64, bytes: 256)
    /// Maximum keywords on one context.
    public static let keywordCount = 32
    /// Maximum depth of the context tree, counting the main context as 1.
    public static let depth = 8
    /// The most items one attempt holds: the primary item and one additional item per kind
    /// (ClassKit keeps one additional item per type). The store refuses more, and a reader
    /// reads no more (``UnreadableRow``).
    public static let itemsPerAttempt = 1 + ItemKind.allCases.count
    /// The most attempts of one student a read loads, newest first: a year of daily play many
    /// times over, and a bound on what one student's rows can make a class report cost. The
    /// older ones are reported (``UnreadableRow``), not read.
    public static let attemptsReadPerStudent = 2_000
    /// The most attempts of one student a school's store (PostgreSQL) keeps: fifty games every
    /// school day for a year, and a bound on what any read walks of one student's rows, whoever
    /// inserted them. A save that would start one more is refused (and kept in the player's
    /// outbox); the store's owner is not bound. A store file, one person's, sets no such bound.
    public static let attemptsPerStudent = 10_000
    /// The most bytes of one student's replay records, progress ranges and events (each counted as
    /// ``bytesPerEvent``) a school's store (PostgreSQL) keeps: a round of Math Jam holds about
    /// 2 KB of them, so 10,000 rounds take a twentieth of it. Every row a student writes is
    /// bounded, but the product of the bounds (``attemptsPerStudent`` attempts of a 1 MiB record
    /// each, their ranges and events) came to some 16 GB one student could make the server keep,
    /// and a few such students filled its disk. Each attempt is charged the most one can hold
    /// (about 1.6 MB), so a student may have some 300 running at once; when a new one would pass
    /// the bound, the student's ended attempts are first charged what they hold. A save that
    /// would still start an attempt past the bound is refused (and kept in the player's outbox),
    /// and the store's owner is not bound. A store file sets no such bound.
    public static let bytesPerStudent = 512 << 20
    /// What one event of an attempt counts toward ``bytesPerStudent``: its row and index entry
    /// take about this much (its texts are from short fixed sets).
    public static let bytesPerEvent = 100
    /// The most catalog entries (contexts) one student's login adds to a school's store
    /// (PostgreSQL): a student's play adds the contexts of a game nobody has published yet, and
    /// every reader of the store loads the whole catalog, so a student's 200,000 inserted through
    /// `psql` made every classmate's play and inbox take 10 s. Counted per login for the life of
    /// the store (the owner resets one: `DELETE FROM catalog_additions WHERE login = '...'`);
    /// teachers and the owner are not bound. A store file sets no such bound.
    public static let catalogAdditionsPerStudent = 1_000
    /// The most events one attempt keeps, and a read loads (for xAPI, in order): a game records
    /// one per start, stop, resume, progress step and end, a round of Math Jam a dozen. Past it an
    /// attempt records no more, but the last place is its end's, so a game that reports progress
    /// in ten thousand steps still has its end in its history. A school's store (PostgreSQL)
    /// refuses an event numbered past it (migration `031-events-per-attempt`), so no student's own
    /// rows grow without end; an older store's later events are reported, not read, and `store
    /// copy` leaves them out.
    public static let eventsPerAttempt = 1_000
    /// The same number as ``eventsPerAttempt``, the name it had when it bounded only reads.
    @available(*, deprecated, renamed: "eventsPerAttempt")
    public static var eventsReadPerAttempt: Int { eventsPerAttempt }
    /// The most events an attempt's replay record keeps (``AttemptInputs``): replies and clock
    /// readings. A timed round of ten questions makes a few dozen.
    public static let replayEvents = 10_000
    /// The most UTF-8 bytes of one reply a replay record keeps: what a game gets of a line typed.
    public static let replyBytes = 4096
    /// The most disjoint progress ranges an attempt keeps. Past it, a range added joins the two
    /// ranges with the smallest gap between them into one, so the attempt's progress reads that gap
    /// more than the exact union (ClassKit sets no bound; an e-book read every other page of 20,000
    /// pages reaches it). It bounds the `ranges` text every save writes and a reader decodes.
    public static let progressRanges = 10_000
    /// The most bytes a replay record's JSON takes (1 MiB), checked before one is decoded; the
    /// store's CHECK holds the same bound.
    public static let replayRecordBytes = 1 << 20
}

/// The one rule for text the tracking model stores: at most so many characters, as a
/// reader counts them (grapheme clusters), AND at most so many UTF-8 bytes.
///
/// Both caps, because neither bounds the other: one letter carrying a million combining
/// marks is one character and megabytes, while 256 emoji are 256 characters and 1 KiB.
/// The byte cap is checked first, so counting characters never walks a huge string.
public struct TextLimit: Sendable, Equatable {
    /// What the text is, for messages: `title`, `summary`, `keyword`.
    public let field: String
    /// The most grapheme clusters (Swift `Character`s).
    public let characters: Int
    /// The most UTF-8 bytes.
    public let bytes: Int

    /// How `text` goes past this limit, or nil when it fits.
    public func overrun(_ text: String) -> TextOverrun? {
        let byteCount = text.utf8.count
        // O(1) for native strings
        if byteCount > bytes { return TextOverrun(field: field, count: byteCount, limit: bytes, unit: .bytes) }
        // Every character takes a byte at least: within the character cap in bytes, it is
        // within it in characters, without counting grapheme clusters (titles are set often).
        if byteCount <= characters { return nil }
        let characterCount = text.count
        if characterCount > characters {
            return TextOverrun(field: field, count: characterCount, limit: characters, unit: .characters)
        }
        return nil
    }

    /// Checks `text` against this limit.
    /// - Throws: ``TrackingError/tooLong(_:)`` saying which cap it passed.
    public func check(_ text: String) throws {
        if let overrun = overrun(text) { throw TrackingError.tooLong(overrun) }
    }
}

/// Which cap of a ``TextLimit`` a text went past, and by how much.
public struct TextOverrun: Error, Sendable, Equatable, CustomStringConvertible {
    /// What counts: characters (grapheme clusters) or UTF-8 bytes.
    public enum Unit: String, Sendable {
        case characters, bytes
    }

    /// The field the limit is for (`title`).
    public var field: String
    /// The text's size in `unit`.
    public var count: Int
    /// The cap it passed.
    public var limit: Int
    public var unit: Unit

    /// Describes an overrun; ``TextLimit/overrun(_:)`` makes these.
    public init(field: String, count: Int, limit: Int, unit: Unit) {
        self.field = field
        self.count = count
        self.limit = limit
        self.unit = unit
    }

    /// The reason, to follow the field's name: `is 300 characters; the most is 256`.
    public var reason: String { "is \(count) \(unit.rawValue); the most is \(limit)" }

    public var description: String { "\(field) \(reason)" }
}

/// Shared validation rules, so contexts and items reject the same inputs the same way.
package enum Validate {
    /// Checks an identifier: not blank, then ``IdentifierRule`` for its kind.
    /// - Parameters:
    ///   - identifier: The candidate.
    ///   - kind: What it identifies, which sets its length limit.
    ///   - what: Names the identifier in the error message.
    /// - Throws: ``TrackingError/invalidIdentifier(_:)`` or ``TrackingError/identifierRefused(what:reason:)``.
    static func identifier(_ identifier: String, of kind: IdentifierRule.Kind, what: String) throws {
        guard !isBlank(identifier) else { throw TrackingError.invalidIdentifier(what) }
        if let violation = IdentifierRule.violation(identifier, of: kind) {
            throw TrackingError.identifierRefused(what: what, reason: violation.reason)
        }
    }

    /// Checks a title: within ``Limits/title``, then not blank.
    /// - Parameter title: The candidate.
    /// - Throws: ``TrackingError/tooLong(_:)`` or ``TrackingError/blankTitle``.
    package static func title(_ title: String) throws {
        try Limits.title.check(title)  // first: the blank check walks the whole text
        guard !isBlank(title) else { throw TrackingError.blankTitle }
    }

    /// Checks a context's keywords: at most ``Limits/keywordCount``, each within ``Limits/keyword``.
    /// - Throws: ``TrackingError/tooManyKeywords(count:)`` or ``TrackingError/tooLong(_:)``.
    static func keywords(_ keywords: [String]) throws {
        guard keywords.count <= Limits.keywordCount else { throw TrackingError.tooManyKeywords(count: keywords.count) }
        for keyword in keywords { try Limits.keyword.check(keyword) }
    }

    /// Checks that `value` is neither NaN nor infinite.
    /// - Parameters:
    ///   - value: The number.
    ///   - field: Names the number in the error message.
    /// - Throws: ``TrackingError/nonFinite(field:)``.
    package static func finite(_ value: Double, field: String) throws {
        guard value.isFinite else { throw TrackingError.nonFinite(field: field) }
    }

    /// Whether `text` has no non-whitespace character.
    package static func isBlank(_ text: String) -> Bool {
        // A printable ASCII byte is a character that is not whitespace: most titles end the
        // scan at their first byte, where walking Characters was 3% of a playthrough.
        if text.utf8.contains(where: { $0 > 0x20 && $0 < 0x7F }) { return false }
        return text.allSatisfy { $0.isWhitespace || $0.isNewline }
    }
}
