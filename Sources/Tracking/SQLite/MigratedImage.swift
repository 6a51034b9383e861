import CSQLite
import Synchronization

/// The bytes of a new private in-memory store with every migration applied, made once per process
/// and set of schema parts, and copied into each later one (`sqlite3_deserialize`).
///
/// Migrating an empty database runs the DDL of every migration, table rebuilds included: about
/// 18 ms, more than a whole verify or fuzz thread spends on the next hundred attempts, and paid
/// by every thread of `verify`, `fuzz` and `test --jobs` and by every test's store. Copying the
/// image costs microseconds. A copy is what migrating gives in this process (same migrations, same
/// SQLite), and ``Migrator`` still runs over it and finds nothing to apply. A deserialized
/// database keeps its journal in memory, as any `:memory:` database does, and grows up to
/// SQLite's bound for one (`SQLITE_MEMDB_DEFAULT_MAXSIZE`, 1 GiB unless the host configured
/// another), past which a write fails as on a full disk: a store that large belongs in a file.
enum MigratedImage {
    private static let images = Mutex<[String: [UInt8]]>([:])

    /// The image for stores opened with `parts`, migrated on the first call with these parts
    /// (other threads asking meanwhile wait for it rather than migrating too).
    /// - Throws: A SQLite error from migrating; nothing is kept then, so the next call tries again.
    static func bytes(parts: [SchemaPart]) throws -> [UInt8] {
        let key = parts.map(\.owner).sorted().joined(separator: "\n")
        return try images.withLock { images in
            if let image = images[key] { return image }
            let scratch = try Connection(path: ":memory:")
            try Migrator.migrate(scratch, parts: parts)
            let image = try scratch.serialized()
            images[key] = image
            return image
        }
    }
}

extension Connection {
    /// Whether the main database has no schema at all (no table, index, view or trigger).
    func isEmpty() throws -> Bool {
        let objects = try Statement(db: db, sql: "SELECT count(*) FROM sqlite_master", persistent: false)
        return try objects.query { $0.int(0) } == [0]
    }

    /// The main database's bytes, as a file of it would hold them.
    /// - Throws: ``TrackingError/sqlite(code:message:sql:)`` when SQLite cannot make the copy.
    func serialized() throws -> [UInt8] {
        var size: sqlite3_int64 = 0
        guard let copy = sqlite3_serialize(db, "main", &size, 0) else {
            try check(SQLITE_NOMEM, db: db, sql: nil)
            return []
        }
        defer { sqlite3_free(copy) }
        return Array(UnsafeBufferPointer(start: copy, count: Int(size)))
    }

    /// Replaces the main database with a copy of `image`, growing as rows are written. Only for a
    /// connection with no statement running.
    /// - Throws: ``TrackingError/sqlite(code:message:sql:)`` when SQLite refuses.
    func replace(with image: [UInt8]) throws {
        let size = sqlite3_int64(image.count)
        guard let buffer = sqlite3_malloc64(sqlite3_uint64(max(image.count, 1))) else {
            try check(SQLITE_NOMEM, db: db, sql: nil)
            return
        }
        image.withUnsafeBytes { bytes in
            if let start = bytes.baseAddress { buffer.copyMemory(from: start, byteCount: bytes.count) }
        }
        // SQLite owns the buffer from here, and frees it even if this fails.
        let flags = UInt32(SQLITE_DESERIALIZE_FREEONCLOSE | SQLITE_DESERIALIZE_RESIZEABLE)
        try check(
            sqlite3_deserialize(db, "main", buffer.assumingMemoryBound(to: UInt8.self), size, size, flags), db: db,
            sql: nil)
    }
}
