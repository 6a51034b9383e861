/// A package's canonical encoding: the bytes its version is the hash of, and the one blob a
/// package travels as (store, cache, network).
///
/// The tag `edujam-game-1\n`, then for each file in path order (by UTF-8 bytes): the path's
/// length in bytes (8 bytes, big-endian), the path, the content's length (8 bytes, big-endian),
/// the content. Nothing else: no times, no modes, no count, so the same files always give the
/// same bytes. docs/game-packages.md has a short script that recomputes a version from a folder.
extension GamePackage {
    /// The first bytes of every encoded package; the `1` changes if the format ever does.
    public static let formatTag: [UInt8] = Array("edujam-game-1\n".utf8)

    /// The canonical encoding of this package.
    public func encoded() -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(Self.formatTag.count + totalBytes + files.count * 80)
        Self.encode(files) { bytes += $0 }
        return bytes
    }

    /// The package whose ``encoded()`` is `bytes`.
    ///
    /// The bytes are untrusted (a store row, a cache file): every length is checked against the
    /// limits and against the bytes left before anything is allocated for it, and only the
    /// canonical encoding is accepted (paths strictly in order, nothing after the last file), so
    /// the package read re-encodes to exactly `bytes` and its version is their hash.
    ///
    /// - Throws: ``GamePackageError/malformed(offset:_:)`` saying where the bytes go wrong, or
    ///   the error ``init(files:)`` throws for the files they hold.
    public init(encoded bytes: [UInt8]) throws(GamePackageError) {
        guard bytes.starts(with: Self.formatTag) else {
            throw .malformed(offset: 0, "it does not start with \"edujam-game-1\\n\"")
        }
        var reader = ByteReader(bytes: bytes, offset: Self.formatTag.count)
        var files: [String: [UInt8]] = [:]
        var previous: [UInt8]? = nil
        while !reader.atEnd {
            guard files.count < Self.maxFiles else {
                throw .tooManyFiles(count: files.count + 1, limit: Self.maxFiles)
            }
            let pathStart = reader.offset
            let path = try reader.chunk(limit: Self.maxPathBytes, what: "a path")
            if let previous, !previous.lexicographicallyPrecedes(path) {
                throw .malformed(offset: pathStart, "paths are not in strictly increasing order")
            }
            let content = try reader.chunk(limit: Self.maxFileBytes, what: "a file")
            let name = String(decoding: path, as: UTF8.self)
            guard Array(name.utf8) == path else { throw .malformed(offset: pathStart, "a path is not UTF-8") }
            files[name] = content
            previous = path
        }
        try self.init(files: files)
    }

    /// Hands `files`' canonical encoding to `sink` in pieces: one writer for ``encoded()`` and
    /// for the hash that names the version.
    static func encode(_ files: [String: [UInt8]], into sink: ([UInt8]) -> Void) {
        sink(formatTag)
        for path in sorted(files.keys) {
            let content = files[path] ?? []
            sink(bigEndianBytes(UInt64(path.utf8.count)))
            sink(Array(path.utf8))
            sink(bigEndianBytes(UInt64(content.count)))
            sink(content)
        }
    }
}

/// Reads length-prefixed chunks from untrusted bytes without ever reading past their end.
private struct ByteReader {
    let bytes: [UInt8]
    var offset: Int

    var atEnd: Bool { offset >= bytes.count }

    /// The next 8-byte big-endian length and as many bytes after it.
    ///
    /// - Throws: when fewer bytes are left than announced, or the length passes `limit` (checked
    ///   as a `UInt64` first, so no announced length can trap a conversion).
    mutating func chunk(limit: Int, what: String) throws(GamePackageError) -> [UInt8] {
        guard bytes.count - offset >= 8 else {
            throw .malformed(offset: offset, "the bytes end inside the length of \(what)")
        }
        let length = bytes[offset..<offset + 8].reduce(UInt64(0)) { ($0 << 8) | UInt64($1) }
        guard length <= UInt64(limit) else {
            throw .malformed(offset: offset, "\(what) of \(length) bytes; the most is \(limit)")
        }
        offset += 8
        let count = Int(length)
        guard bytes.count - offset >= count else {
            throw .malformed(offset: offset, "\(what) of \(count) bytes, but only \(bytes.count - offset) are left")
        }
        defer { offset += count }
        return Array(bytes[offset..<offset + count])
    }
}
