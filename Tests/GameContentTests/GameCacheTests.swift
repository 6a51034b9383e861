import Foundation
import Testing

@testable import GameContent

/// The cache keeps packages by version and hands back only entries that hash to their name.
@Suite struct GameCacheTests {
    /// A fresh folder for a cache, removed at the end.
    final class Folder {
        let root = NSTemporaryDirectory() + "edujam-gamecache-" + UUID().uuidString
        var cachePath: String { root + "/data/game-cache" }
        deinit { try? FileManager.default.removeItem(atPath: root) }
    }

    private let package: GamePackage = {
        let files = [
            "game.lua": Array(
                "local a = require('lists.animals')\nreturn { id = 'x', title = 'X', play = function() end }\n".utf8),
            "lists/animals.lua": Array("return { 'cat' }\n".utf8),
        ]
        return try! GamePackage(files: files)
    }()

    private func mode(_ path: String) -> mode_t {
        var status = stat()
        _ = lstat(path, &status)
        return status.st_mode & 0o777
    }

    @Test func roundTripAndModes() throws {
        let folder = Folder()
        let cache = try GameCache(folder: folder.cachePath)
        #expect(mode(folder.cachePath) == 0o700)
        #expect(cache.package(package.version) == nil)
        #expect(cache.folder(for: package.version) == nil)
        let entry = try cache.store(package)
        #expect(entry == folder.cachePath + "/" + package.version.hex)
        #expect(cache.package(package.version) == package)
        #expect(cache.folder(for: package.version) == entry)
        #expect(mode(entry) == 0o700)
        #expect(mode(entry + "/lists") == 0o700)
        #expect(mode(entry + "/game.lua") == 0o600)
        #expect(mode(entry + "/lists/animals.lua") == 0o600)
        #expect(try cache.store(package) == entry)  // again: nothing changes
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.cachePath) == [package.version.hex])
    }

    /// Past ``GameCache/entryLimit`` versions, storing one more removes the one used longest
    /// ago: a version just run stays, however early it was stored.
    @Test func theCacheKeepsTheVersionsUsedLast() throws {
        let folder = Folder()
        let cache = try GameCache(folder: folder.cachePath)
        let packages = try (0...GameCache.entryLimit).map { number in
            try GamePackage(files: ["game.lua": Array("return { id = 'g\(number)', title = 'G' }\n".utf8)])
        }
        let longAgo = time(nil) - 10_000
        for (number, package) in packages.dropLast().enumerated() {
            let entry = try cache.store(package)
            var times = [timeval(tv_sec: longAgo + number, tv_usec: 0), timeval(tv_sec: longAgo + number, tv_usec: 0)]
            #expect(utimes(entry, &times) == 0)  // stored in this order, one second apart
        }
        #expect(cache.folder(for: packages[0].version) != nil)  // the first stored is run again
        try cache.store(packages[GameCache.entryLimit])
        let kept = try FileManager.default.contentsOfDirectory(atPath: folder.cachePath)
        #expect(kept.count == GameCache.entryLimit)
        #expect(!kept.contains(packages[1].version.hex), "the one used longest ago")
        #expect(kept.contains(packages[0].version.hex) && kept.contains(packages[GameCache.entryLimit].version.hex))
        #expect(cache.package(packages[2].version) == packages[2])
    }

    /// A cache folder opened too wide is closed again.
    /// The cache is bounded by bytes too: versions of games near a package's limits are removed,
    /// used longest ago first, once the entries take more than ``GameCache/byteLimit`` together.
    @Test func theCacheIsBoundedByBytes() throws {
        let folder = Folder()
        let cache = try GameCache(folder: folder.cachePath)
        let count = GameCache.byteLimit / (3 << 20) + 2  // each about 3 MiB: more than the limit in all
        var versions: [GameVersion] = []
        for number in 0..<count {
            var files = ["game.lua": Array("return { id = 'g\(number)', title = 'G' }\n".utf8)]
            for index in 0..<3 { files["m\(index).lua"] = [UInt8](repeating: UInt8(65 + index), count: 1 << 20) }
            let package = try GamePackage(files: files)
            let entry = try cache.store(package)
            var times = [timeval(tv_sec: 1000 + number, tv_usec: 0), timeval(tv_sec: 1000 + number, tv_usec: 0)]
            #expect(utimes(entry, &times) == 0)  // stored in this order
            versions.append(package.version)
        }
        let kept = try FileManager.default.contentsOfDirectory(atPath: folder.cachePath)
        #expect(kept.count < count && kept.count < GameCache.entryLimit, "\(kept.count) of \(count) kept")
        #expect(kept.contains(versions[count - 1].hex) && !kept.contains(versions[0].hex))
        let bytes = kept.reduce(0) { $0 + GameCache.diskBytes(folder.cachePath + "/" + $1) }
        #expect(bytes <= GameCache.byteLimit, "\(bytes) bytes")
    }

    @Test func cacheFolderIsOwnersOnly() throws {
        let folder = Folder()
        try FileManager.default.createDirectory(atPath: folder.cachePath, withIntermediateDirectories: true)
        chmod(folder.cachePath, 0o777)
        _ = try GameCache(folder: folder.cachePath)
        #expect(mode(folder.cachePath) == 0o700)
    }

    /// Work folders left by a process that died are removed when an hour old, not before.
    @Test func leftoversAreSwept() throws {
        let folder = Folder()
        let old = folder.cachePath + "/.new-left"
        let young = folder.cachePath + "/.old-busy"
        try FileManager.default.createDirectory(atPath: old + "/lists", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: young, withIntermediateDirectories: true)
        var times = [timespec(tv_sec: time(nil) - 7200, tv_nsec: 0), timespec(tv_sec: time(nil) - 7200, tv_nsec: 0)]
        #expect(utimensat(AT_FDCWD, old, &times, 0) == 0)
        _ = try GameCache(folder: folder.cachePath)
        #expect(!FileManager.default.fileExists(atPath: old))
        #expect(FileManager.default.fileExists(atPath: young))
    }

    /// Whatever is wrong in an entry, the entry is refused and removed, and storing the package
    /// again makes it good.
    @Test(arguments: [
        "changed byte", "extra file", "extra folder", "empty folder", "symlink", "missing file", "huge file", "fifo",
    ])
    func tamperedEntryIsRefusedAndRemoved(_ tampering: String) throws {
        let folder = Folder()
        let cache = try GameCache(folder: folder.cachePath)
        let entry = try cache.store(package)
        let outside = folder.root + "/outside.lua"
        try Data("return {}".utf8).write(to: URL(fileURLWithPath: outside))
        switch tampering {
        case "changed byte":
            try Data("return { 'dog' }\n".utf8).write(to: URL(fileURLWithPath: entry + "/lists/animals.lua"))
        case "extra file":
            try Data().write(to: URL(fileURLWithPath: entry + "/notes.lua"))
        case "extra folder":
            try FileManager.default.createDirectory(atPath: entry + "/.git", withIntermediateDirectories: false)
        case "empty folder":
            try FileManager.default.createDirectory(atPath: entry + "/lists/more", withIntermediateDirectories: false)
        case "symlink":
            try FileManager.default.removeItem(atPath: entry + "/lists/animals.lua")
            try FileManager.default.createSymbolicLink(
                atPath: entry + "/lists/animals.lua", withDestinationPath: outside)
        case "missing file":
            try FileManager.default.removeItem(atPath: entry + "/lists/animals.lua")
        case "huge file":
            // Sparse: refused by its size, never read.
            let fd = open(entry + "/lists/big.lua", O_CREAT | O_WRONLY, 0o600)
            #expect(ftruncate(fd, 1 << 34) == 0)
            close(fd)
        default:
            #expect(mkfifo(entry + "/lists/pipe.lua", 0o600) == 0)
        }
        #expect(cache.package(package.version) == nil)
        #expect(!FileManager.default.fileExists(atPath: entry))
        #expect(FileManager.default.fileExists(atPath: outside))
        #expect(cache.folder(for: package.version) == nil)
        try cache.store(package)
        #expect(cache.folder(for: package.version) == entry)
    }

    /// An entry that is a symlink to a good copy elsewhere is refused: the link could be
    /// pointed elsewhere between the check and the run. The copy is left alone.
    @Test func symlinkedEntryIsRefused() throws {
        let folder = Folder()
        let cache = try GameCache(folder: folder.cachePath)
        let entry = try cache.store(package)
        let elsewhere = folder.root + "/elsewhere"
        #expect(rename(entry, elsewhere) == 0)
        try FileManager.default.createSymbolicLink(atPath: entry, withDestinationPath: elsewhere)
        #expect(cache.folder(for: package.version) == nil)
        #expect(!FileManager.default.fileExists(atPath: entry))
        #expect(FileManager.default.fileExists(atPath: elsewhere + "/game.lua"))
    }

    /// An entry whose files are a different valid package is not that version.
    @Test func entryOfAnotherVersionIsRefused() throws {
        let folder = Folder()
        let cache = try GameCache(folder: folder.cachePath)
        let other = try GamePackage(files: ["game.lua": Array("return {}".utf8)])
        let entry = try cache.store(other)
        let wrongName = folder.cachePath + "/" + package.version.hex
        #expect(rename(entry, wrongName) == 0)
        #expect(cache.package(package.version) == nil)
        #expect(!FileManager.default.fileExists(atPath: wrongName))
    }

    /// Many threads storing the same version at once leave one valid entry and no leftovers.
    @Test func concurrentStoresLeaveOneEntry() async throws {
        let folder = Folder()
        let path = folder.cachePath
        let package = package
        try await withThrowingTaskGroup(of: String.self) { group in
            for _ in 0..<8 {
                group.addTask { try GameCache(folder: path).store(package) }
            }
            for try await entry in group { #expect(entry == path + "/" + package.version.hex) }
        }
        let cache = try GameCache(folder: path)
        #expect(cache.package(package.version) == package)
        #expect(try FileManager.default.contentsOfDirectory(atPath: path) == [package.version.hex])
    }
}
