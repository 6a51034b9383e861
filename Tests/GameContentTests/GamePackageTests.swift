import Foundation
import Testing

@testable import GameContent

/// A game's files as a package: what is refused, the version, the canonical encoding.
@Suite struct GamePackageTests {
    private let game = Array("return { id = 'quiz', title = 'Quiz', play = function() end }\n".utf8)

    private func refusal(_ files: [String: [UInt8]]) -> GamePackageError? {
        do {
            _ = try GamePackage(files: files)
            return nil
        } catch {
            return error
        }
    }

    @Test func needsGameLua() {
        #expect(refusal(["words.lua": game]) == .missingGameFile)
        #expect(refusal([:]) == .missingGameFile)
    }

    /// Only paths `require` can reach are files of a game.
    @Test func pathsAreModulePaths() {
        for path in ["lists/animals.lua", "a-b_c/D9.lua", "lists/animals/init.lua"] {
            #expect(refusal(["game.lua": game, path: []]) == nil, "\(path)")
        }
        let bad = [
            "notes.txt", "../x.lua", "/etc/x.lua", "a//b.lua", "a b.lua", "a.b.lua", ".lua", "a\\b.lua", "./a.lua",
            "lists/.lua", "é.lua", String(repeating: "a", count: 252) + ".lua",
        ]
        for path in bad {
            guard case .badPath(let named, let problem)? = refusal(["game.lua": game, path: []]) else {
                Issue.record("'\(path)' was not refused as a path")
                continue
            }
            #expect(named == path)
            #expect(!problem.isEmpty)
        }
    }

    /// Each limit is a refusal naming the file or the whole game and the limit.
    @Test func limits() {
        let big = [UInt8](repeating: 0x20, count: GamePackage.maxFileBytes + 1)
        #expect(
            refusal(["game.lua": game, "big.lua": big])
                == .fileTooLarge(path: "big.lua", bytes: big.count, limit: GamePackage.maxFileBytes))
        #expect(
            refusal(["game.lua": game, "big.lua": big]).map(String.init(describing:))
                == "'big.lua' is 1048577 bytes; a game's file is at most 1048576 bytes")
        let full = [UInt8](repeating: 0x20, count: GamePackage.maxFileBytes)
        var files = ["game.lua": game]
        for index in 0..<4 { files["m\(index).lua"] = full }
        #expect(
            refusal(files) == .gameTooLarge(bytes: 4 * full.count + game.count, limit: GamePackage.maxGameBytes))
        var many = ["game.lua": game]
        for index in 0..<GamePackage.maxFiles { many["m\(index).lua"] = [] }
        #expect(refusal(many) == .tooManyFiles(count: GamePackage.maxFiles + 1, limit: GamePackage.maxFiles))
        many["m0.lua"] = nil
        #expect(refusal(many) == nil)
    }

    /// What a package unpacks into is bounded: a 69 KB game of modules at the end of chains of
    /// 120 folders unpacked into 126 MB and 31,623 folders in every student's cache. Refused when
    /// made from files (publish) and when read from its encoding (what the cache unpacks).
    @Test func unpackedFormIsBounded() throws {
        let chain = (0..<120).map { _ in "a" }.joined(separator: "/") + "/m.lua"
        #expect(
            refusal(["game.lua": game, chain: []])
                == .tooDeep(path: chain, depth: 120, limit: GamePackage.maxFolderDepth))
        #expect(
            throwing { () throws(GamePackageError) in
                try GamePackage(encoded: Self.encoding(["game.lua": game, chain: []]))
            }
                == .tooDeep(path: chain, depth: 120, limit: GamePackage.maxFolderDepth))
        var wide = ["game.lua": game]
        for index in 0..<255 { wide["f\(index)/a/b/c/d/e/f/g/m.lua"] = Array("return 1".utf8) }
        #expect(refusal(wide) == .tooManyFolders(count: 255 * 8, limit: GamePackage.maxFolders))
        #expect(
            throwing { () throws(GamePackageError) in try GamePackage(encoded: Self.encoding(wide)) }
                == .tooManyFolders(count: 2040, limit: 64))
        var within = ["game.lua": game, "a/b/c/d/e/f/g/h/m.lua": []]
        for index in 0..<(GamePackage.maxFolders - 8) { within["f\(index)/m.lua"] = [] }
        let package = try GamePackage(files: within)
        #expect(package.unpackedBytes == (within.count + GamePackage.maxFolders + 1) * GamePackage.diskBlockBytes)
        #expect(package.unpackedBytes <= GamePackage.maxUnpackedBytes)
        #expect(
            refusal(["game.lua": game, chain: []]).map(String.init(describing:))
                == "'\(chain)' lies 120 folders deep; a game's file lies at most 8 folders deep")
    }

    /// The documented encoding of `files`, written out by hand (the package's own encoder only
    /// encodes packages that exist).
    private static func encoding(_ files: [String: [UInt8]]) -> [UInt8] {
        func length(_ count: Int) -> [UInt8] {
            (0..<8).map { UInt8(truncatingIfNeeded: UInt64(count) >> (56 - 8 * UInt64($0))) }
        }
        var bytes = Array("edujam-game-1\n".utf8)
        for path in files.keys.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }) {
            bytes += length(path.utf8.count) + Array(path.utf8) + length(files[path]!.count) + files[path]!
        }
        return bytes
    }

    private func throwing(_ body: () throws(GamePackageError) -> GamePackage) -> GamePackageError? {
        do {
            _ = try body()
            return nil
        } catch {
            return error
        }
    }

    /// The version is the SHA-256 of the documented encoding, written out here by hand.
    @Test func versionIsTheHashOfTheEncoding() throws {
        let package = try GamePackage(files: ["game.lua": Array("g".utf8), "a.lua": Array("xy".utf8)])
        var expected = Array("edujam-game-1\n".utf8)
        expected += [0, 0, 0, 0, 0, 0, 0, 5] + Array("a.lua".utf8) + [0, 0, 0, 0, 0, 0, 0, 2] + Array("xy".utf8)
        expected += [0, 0, 0, 0, 0, 0, 0, 8] + Array("game.lua".utf8) + [0, 0, 0, 0, 0, 0, 0, 1] + Array("g".utf8)
        #expect(package.encoded() == expected)
        #expect(package.version.hex == hexDigits(SHA256.hash(expected)))
        #expect(package.paths == ["a.lua", "game.lua"])
    }

    /// Same files, same version; one byte more or a file renamed, another version.
    @Test func versionFollowsTheFiles() throws {
        let one = try GamePackage(files: ["game.lua": game, "words.lua": [1, 2]])
        let same = try GamePackage(files: ["words.lua": [1, 2], "game.lua": game])
        let changed = try GamePackage(files: ["game.lua": game, "words.lua": [1, 3]])
        let renamed = try GamePackage(files: ["game.lua": game, "word.lua": [1, 2]])
        #expect(one.version == same.version)
        #expect(Set([one.version, changed.version, renamed.version]).count == 3)
    }

    @Test func encodingRoundTrips() throws {
        let package = try GamePackage(files: ["game.lua": game, "lists/animals.lua": [0, 255, 10], "empty.lua": []])
        let copy = try GamePackage(encoded: package.encoded())
        #expect(copy == package)
        #expect(copy.version == package.version)
    }

    /// Only the canonical bytes are a package: a wrong tag, bytes left over, paths out of order
    /// or repeated, lengths past the end or past the limits.
    @Test func decodingRefusesWhatIsNotCanonical() throws {
        let tag = GamePackage.formatTag
        func file(_ path: String, _ content: [UInt8]) -> [UInt8] {
            bigEndianBytes(UInt64(path.utf8.count)) + Array(path.utf8) + bigEndianBytes(UInt64(content.count)) + content
        }
        let cases: [[UInt8]] = [
            [],
            Array("edujam-game-2\n".utf8) + file("game.lua", game),
            tag + file("game.lua", game) + [0],
            tag + file("game.lua", game) + file("a.lua", []),
            tag + file("a.lua", []) + file("a.lua", []) + file("game.lua", game),
            tag + bigEndianBytes(UInt64.max) + Array("game.lua".utf8),
            tag + bigEndianBytes(8) + Array("game.lua".utf8) + bigEndianBytes(UInt64(Int.max) + 1),
            tag + bigEndianBytes(8) + Array("game.lua".utf8) + bigEndianBytes(1000) + [1, 2, 3],
            tag + file("game.lua", game) + file("x.txt", []),
        ]
        for bytes in cases {
            #expect(throws: GamePackageError.self) { try GamePackage(encoded: bytes) }
        }
    }

    /// Random bytes, truncations and single-byte changes of a real encoding: every one is
    /// either refused or a valid package that re-encodes to exactly those bytes; none traps.
    @Test func decodingSurvivesHostileBytes() throws {
        let encoded = try GamePackage(files: ["game.lua": game, "lists/animals.lua": Array("return {}".utf8)])
            .encoded()
        var random = SystemRandomNumberGenerator()
        var inputs: [[UInt8]] = (0...encoded.count).map { Array(encoded[..<$0]) }
        for _ in 0..<2000 {
            var bytes = encoded
            let index = Int.random(in: 0..<bytes.count, using: &random)
            bytes[index] = UInt8.random(in: 0...255, using: &random)
            inputs.append(bytes)
        }
        for _ in 0..<500 {
            let count = Int.random(in: 0..<200, using: &random)
            var bytes = GamePackage.formatTag + (0..<count).map { _ in UInt8.random(in: 0...255, using: &random) }
            if Bool.random(using: &random) { bytes.removeFirst() }
            inputs.append(bytes)
        }
        var accepted = 0
        for bytes in inputs {
            guard let package = try? GamePackage(encoded: bytes) else { continue }
            accepted += 1
            #expect(package.encoded() == bytes)
        }
        #expect(accepted >= 1)  // the whole encoding itself
    }
}

/// A version's spelling: 64 lowercase hex digits, nothing else.
@Suite struct GameVersionTests {
    private let digits = "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08"

    @Test func validates() {
        #expect(GameVersion(digits)?.hex == digits)
        #expect(GameVersion(digits)?.short == "9f86d081884c")
        #expect(GameVersion(digits)?.description == digits)
        for bad in [
            "", String(digits.dropLast()), digits + "0", digits.uppercased(), "g" + digits.dropFirst(),
            " " + digits.dropFirst(),
        ] {
            #expect(GameVersion(bad) == nil, "\(bad)")
        }
    }

    @Test func codableAsAPlainString() throws {
        let version = try #require(GameVersion(digits))
        let json = try JSONEncoder().encode([version])
        #expect(String(decoding: json, as: UTF8.self) == "[\"\(digits)\"]")
        #expect(try JSONDecoder().decode([GameVersion].self, from: json) == [version])
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode([GameVersion].self, from: Data("[\"abc\"]".utf8))
        }
    }
}
