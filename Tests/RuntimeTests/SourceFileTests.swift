import Foundation
import Runtime
import Testing

/// Files are checked (type, size, folder) before a byte is read, and read as the bytes they are.
@Suite struct SourceFileTests {
    /// A fresh folder `root/game`, removed at the end.
    final class Folder {
        let root = NSTemporaryDirectory() + "edujam-sourcefile-" + UUID().uuidString
        var game: String { root + "/game" }

        init() throws {
            try FileManager.default.createDirectory(atPath: root + "/game", withIntermediateDirectories: true)
        }
        deinit { try? FileManager.default.removeItem(atPath: root) }

        @discardableResult
        func write(_ name: String, _ bytes: [UInt8]) throws -> String {
            let path = root + "/" + name
            try Data(bytes).write(to: URL(fileURLWithPath: path))
            return path
        }
    }

    /// The problem `read` threw, or nil if it read the file.
    private func problem(_ path: String, confinedTo folder: String? = nil, limit: Int = SourceFile.maxBytes)
        -> SourceFileError.Problem?
    {
        do {
            _ = try SourceFile.read(path, confinedTo: folder, limit: limit)
            return nil
        } catch {
            return error.problem
        }
    }

    @Test func latin1BytesComeBackUnchanged() throws {
        let folder = try Folder()
        let bytes: [UInt8] = Array("return \"caf".utf8) + [0xE9, 0x22, 0x0A, 0xFF, 0x00, 0x80]
        let path = try folder.write("game/game.lua", bytes)
        #expect(try SourceFile.read(path, confinedTo: folder.game) == bytes)
        #expect(try SourceFile.text(path) == "return \"caf\u{FFFD}\"\n\u{FFFD}\0\u{FFFD}", "text is for showing: lossy")
    }

    @Test func sparseHugeFileIsRefusedBySizeWithoutReading() throws {
        let folder = try Folder()
        let path = try folder.write("game/game.lua", [])
        #expect(truncate(path, 1 << 30) == 0)
        var found: SourceFileError.Problem?
        let started = Date()
        found = problem(path, confinedTo: folder.game)
        #expect(found == .tooLarge(bytes: 1 << 30, limit: SourceFile.maxBytes))
        #expect(Date().timeIntervalSince(started) < 0.5, "refused by its size, not read")
    }

    @Test func oneByteOverTheLimitIsRefused() throws {
        let folder = try Folder()
        let path = try folder.write("game/data.lua", Array(repeating: 0x2D, count: 11))
        #expect(problem(path, limit: 11) == nil)
        #expect(problem(path, limit: 10) == .tooLarge(bytes: 11, limit: 10))
    }

    @Test func fifoIsRefusedWithoutBlocking() throws {
        let folder = try Folder()
        let path = folder.game + "/game.lua"
        #expect(mkfifo(path, 0o600) == 0)
        #expect(problem(path, confinedTo: folder.game) == .notRegular(kind: "a FIFO"))
        #expect(problem(path) == .notRegular(kind: "a FIFO"))
    }

    @Test func symlinkToDevZeroIsRefused() throws {
        let folder = try Folder()
        let path = folder.game + "/zero.lua"
        try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: "/dev/zero")
        #expect(problem(path) == .notRegular(kind: "a character device"))
        #expect(problem(path, confinedTo: folder.game) == .outside(folder: folder.game), "and it leads outside")
    }

    @Test func folderIsRefused() throws {
        let folder = try Folder()
        #expect(problem(folder.game) == .notRegular(kind: "a folder"))
    }

    @Test func symlinkOutOfTheFolderIsRefusedWhenConfined() throws {
        let folder = try Folder()
        try folder.write("secret.lua", Array("return 42".utf8))
        let link = folder.game + "/game.lua"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: folder.root + "/secret.lua")
        #expect(problem(link, confinedTo: folder.game) == .outside(folder: folder.game))
        #expect(try SourceFile.read(link) == Array("return 42".utf8), "unconfined, a symlink is followed")
    }

    @Test func symlinkInsideTheFolderIsFollowed() throws {
        let folder = try Folder()
        try folder.write("game/real.lua", Array("return 1".utf8))
        try FileManager.default.createSymbolicLink(atPath: folder.game + "/game.lua", withDestinationPath: "real.lua")
        #expect(try SourceFile.read(folder.game + "/game.lua", confinedTo: folder.game) == Array("return 1".utf8))
    }

    @Test func missingFileAndMessages() throws {
        let folder = try Folder()
        let path = folder.game + "/game.lua"
        #expect(problem(path) == .missing)
        #expect(problem(path, confinedTo: folder.game) == .missing)
        #expect(mkfifo(path, 0o600) == 0)
        #expect(throws: SourceFileError.self) { try SourceFile.read(path) }
        do {
            _ = try SourceFile.read(path)
        } catch {
            #expect(error.description == "\(path): is a FIFO, not a regular file")
        }
    }
}
