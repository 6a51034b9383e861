/// The name of one version of a game: the SHA-256 of its package's canonical encoding
/// (``GamePackage/encoded()``), as 64 lowercase hex digits.
///
/// Two packages with the same files have the same version, wherever and whenever they were
/// read; a change of one byte in one file gives another. People see ``short``; the store, the
/// cache and the records keep the whole value.
///
/// ```swift
/// let version = GameVersion("9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08")
/// version?.short  // "9f86d081884c"
/// ```
public struct GameVersion: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The 64 lowercase hex digits.
    public let hex: String

    /// The version written as `text`, or nil unless it is exactly 64 characters of `0-9a-f`
    /// (uppercase is refused too: one version has one spelling).
    public init?(_ text: String) {
        let digits = text.utf8
        guard digits.count == 64, digits.allSatisfy({ (48...57).contains($0) || (97...102).contains($0) }) else {
            return nil
        }
        hex = text
    }

    /// The version of a 32-byte SHA-256 digest.
    init(digest: [UInt8]) {
        precondition(digest.count == 32, "a SHA-256 digest has 32 bytes")
        hex = hexDigits(digest)
    }

    /// The first 12 digits, for people: enough to tell a school's versions apart.
    public var short: String { String(hex.prefix(12)) }

    /// The 64 digits.
    public var description: String { hex }

    public static func < (lhs: GameVersion, rhs: GameVersion) -> Bool { lhs.hex < rhs.hex }
}

/// Written as the plain 64-digit string; reading anything else is a decoding error.
extension GameVersion: Codable {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let version = GameVersion(text) else {
            throw DecodingError.dataCorruptedError(
                in: container,
                debugDescription: "a game version is 64 lowercase hex digits, got \(text.count) characters")
        }
        self = version
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(hex)
    }
}

/// `bytes` as lowercase hex, two digits a byte.
public func hexDigits(_ bytes: [UInt8]) -> String {
    let digits = Array("0123456789abcdef".utf8)
    var text: [UInt8] = []
    text.reserveCapacity(bytes.count * 2)
    for byte in bytes {
        text += [digits[Int(byte >> 4)], digits[Int(byte & 0x0f)]]
    }
    return String(decoding: text, as: UTF8.self)
}
