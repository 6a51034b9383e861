import Foundation
import Testing

@testable import Interop

@Suite struct NameBasedUUIDTests {
    @Test(arguments: [
        ("", "da39a3ee5e6b4b0d3255bfef95601890afd80709"),
        ("abc", "a9993e364706816aba3e25717850c26c9cd0d89d"),
        ("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq", "84983e441c3bd26ebaae4aa1f95129e5e54670f1"),
    ])
    func sha1MatchesTheStandardsVectors(_ message: String, _ digest: String) {
        #expect(SHA1.hash(Array(message.utf8)).map { String(format: "%02x", $0) }.joined() == digest)
    }

    @Test func sha1OfAMillionAs() {
        let digest = SHA1.hash([UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000))
        #expect(digest.map { String(format: "%02x", $0) }.joined() == "34aa973cd4c4daa4f61eeb2bdbad27316534016f")
    }

    /// Expected values from Python's `uuid.uuid5`, an independent implementation.
    @Test func version5UUIDsMatchAnIndependentImplementation() {
        let url = UUID(uuidString: "6ba7b811-9dad-11d1-80b4-00c04fd430c8")!
        #expect(NameBasedUUID.make(namespace: url, name: "edujam.statements") == NameBasedUUID.statements)
        #expect(
            NameBasedUUID.make(namespace: url, name: "https://example.org/").uuidString.lowercased()
                == "527dda32-a0de-5105-a042-cb475b5f7d11")
    }
}
