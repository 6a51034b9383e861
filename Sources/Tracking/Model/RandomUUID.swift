import Foundation

#if canImport(Glibc)
    import Glibc
#endif

extension UUID {
    /// A new random (version 4) UUID from one `getrandom` system call, through `arc4random_buf`.
    ///
    /// Foundation's `UUID()` on Linux opens, reads and closes `/dev/urandom` for each one: three
    /// system calls, one of them a path lookup, for every attempt a game run creates (the bench's
    /// `playthroughs` row, `bench/README.md`).
    static func random() -> UUID {
        var bytes: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        withUnsafeMutableBytes(of: &bytes) { buffer in
            guard let start = buffer.baseAddress else { return }
            arc4random_buf(start, buffer.count)
        }
        bytes.6 = (bytes.6 & 0x0F) | 0x40  // version 4: random
        bytes.8 = (bytes.8 & 0x3F) | 0x80  // the RFC 4122 variant
        return UUID(uuid: bytes)
    }
}
