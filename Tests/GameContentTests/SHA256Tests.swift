import Foundation
import Testing

@testable import GameContent

/// SHA-256 against the standard's vectors, its padding edges and the system's `sha256sum`.
@Suite struct SHA256Tests {
    private func hex(_ text: String) -> String { hexDigits(SHA256.hash(Array(text.utf8))) }

    /// FIPS 180-2's examples: the empty message, one block, two blocks, and a million 'a's.
    @Test func standardVectors() {
        #expect(hex("") == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(hex("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(
            hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq")
                == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        var hasher = SHA256()
        let thousand = [UInt8](repeating: UInt8(ascii: "a"), count: 1000)
        for _ in 0..<1000 { hasher.update(thousand) }
        #expect(hexDigits(hasher.finalize()) == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    /// Messages that end just before, at and just after the point where the length no longer
    /// fits in the last block (values from `sha256sum`).
    @Test func paddingEdges() {
        let expected = [
            55: "9f4390f8d30c2dd92ec9f095b65e2b9ae9b0a925a5258e241c9f1e910f734318",
            56: "b35439a4ac6f0948b6d6f9e3c6af0f5f590ce20f1bde7090ef7970686ec6738a",
            63: "7d3e74a05d7db15bce4ad9ec0658ea98e3f06eeecf16b4c6fff2da457ddc2f34",
            64: "ffe054fe7ae0cb6dc65c3af9b61d5209f439851db43d0ba5997337df154668eb",
            65: "635361c48bb9eab14198e76ea8ab7f1a41685d6ad62aa9146d301d4f17eb0ae0",
        ]
        for (count, digest) in expected {
            #expect(hex(String(repeating: "a", count: count)) == digest, "\(count) bytes")
        }
    }

    /// Fed in pieces of any size, the digest is the one-shot digest.
    @Test func piecesMakeTheSameDigest() {
        var random = SystemRandomNumberGenerator()
        let message = (0..<300).map { _ in UInt8.random(in: 0...255, using: &random) }
        let whole = SHA256.hash(message)
        for split in [0, 1, 55, 56, 63, 64, 65, 127, 128, 299, 300] {
            var hasher = SHA256()
            hasher.update(message[..<split])
            hasher.update(message[split...])
            #expect(hasher.finalize() == whole, "split at \(split)")
            var lazily = SHA256()  // collections that are not stored in one piece
            lazily.update(message[..<split].lazy.map { $0 })
            lazily.update(message[split...].lazy.map { $0 })
            #expect(lazily.finalize() == whole, "split at \(split), not contiguous")
        }
    }

    /// Random messages of many sizes hash as the system's `sha256sum` hashes them.
    @Test func agreesWithSha256sum() throws {
        guard let tool = ["/usr/bin/sha256sum", "/bin/sha256sum"].first(where: FileManager.default.isExecutableFile)
        else {
            print("SKIPPED SHA256Tests.agreesWithSha256sum: no sha256sum on this machine")
            return
        }
        var random = SystemRandomNumberGenerator()
        let sizes = Array(0...130) + [191, 192, 193, 1000, 4095, 4096, 65_537, 200_003]
        for size in sizes {
            let message = (0..<size).map { _ in UInt8.random(in: 0...255, using: &random) }
            #expect(try sha256sum(tool, message) == hexDigits(SHA256.hash(message)), "\(size) bytes")
        }
    }

    /// What `tool` prints for a file holding `bytes`.
    private func sha256sum(_ tool: String, _ bytes: [UInt8]) throws -> String {
        let file = NSTemporaryDirectory() + "edujam-sha256-" + UUID().uuidString
        try Data(bytes).write(to: URL(fileURLWithPath: file))
        defer { try? FileManager.default.removeItem(atPath: file) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = [file]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let printed = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: printed.prefix(64), as: UTF8.self)
    }
}
