import Foundation
import GameContent
import Sandbox
import Synchronization
import Tracking

/// A game's `game.lua`, run in a fresh sandbox: its declaration and its `play` function.
struct LoadedGame {
    let declaration: GameDeclaration
    let play: LuaFunction

    /// Runs `game.lua` in the run's sandbox and checks what it returns.
    ///
    /// The declaration is read once per process and source text, like the compiled chunk:
    /// a later run of the same source copies only its `play` function out of the returned
    /// table (a test suite plays a game thousands of times, and copying and checking the
    /// whole table was a fifth of a playthrough). Each run still runs the chunk in its own
    /// fresh sandbox.
    static func load(file: String, into run: GameRun) throws -> LoadedGame {
        if let package = run.package {  // a published game's bytes, as they were checked: no disk
            return try load(file: file, source: package.files[GamePackage.gameFile] ?? [], stamp: nil, into: run)
        }
        let stamp = FileStamp(path: file)  // before the read: a change while reading shows in the next stamp
        // Confined like a module: a game.lua that is a symlink out of its folder is refused. The
        // bytes read and checked by an earlier run are used again while the file's stamp is the
        // one they were read under (``FileStamp``): reading a file costs some twenty system
        // calls, about 5% of a playthrough's time (bench/README.md).
        let source =
            try stamp.flatMap { ChunkCache.shared.source(file: file, stamp: $0) }
            ?? GameLoadError.reading(file, confinedTo: run.folder)
        return try load(file: file, source: source, stamp: stamp, into: run)
    }

    /// Runs `source`, the text of `file`, in the run's sandbox (compiled once per process and
    /// source, its declaration read once).
    private static func load(file: String, source: [UInt8], stamp: FileStamp?, into run: GameRun) throws -> LoadedGame {
        do {
            let cached = try ChunkCache.shared.entry(file: file, source: source, stamp: stamp) {
                try run.sandbox.compile(source, name: file)
            }
            let chunk = try run.sandbox.load(cached.chunk)
            if let declaration = cached.declaration {
                switch try run.sandbox.call(chunk, field: "play") {
                case .notATable(let typeName): throw notATable(file: file, typeName: typeName)
                case .value(let play):
                    return LoadedGame(declaration: declaration, play: try playFunction(play, file: file))
                }
            }
            let game = try checked(try run.sandbox.call(chunk).first ?? .nil, file: file)
            ChunkCache.shared.remember(game.declaration, file: file, source: source)
            return game
        } catch let error as SandboxError {
            throw GameLoadError.script(file: file, error)
        }
    }

    /// The declaration and play function of what game.lua returned, or the error that says what is wrong.
    private static func checked(_ value: LuaValue, file: String) throws -> LoadedGame {
        guard case .table(let table) = value else { throw notATable(file: file, typeName: value.typeName) }
        let declaration = try GameDeclaration(table: table, file: file)
        return LoadedGame(declaration: declaration, play: try playFunction(table["play"], file: file))
    }

    private static func notATable(file: String, typeName: String) -> GameLoadError {
        GameLoadError.declaration(
            DeclarationError(
                file: file, field: "return",
                message:
                    "game.lua must end with `return { id = ..., title = ..., play = function(level) ... end }`, got \(typeName)"
            ))
    }

    private static func playFunction(_ value: LuaValue, file: String) throws -> LuaFunction {
        guard case .function(let play) = value else {
            throw GameLoadError.declaration(
                DeclarationError(
                    file: file, field: "play",
                    message: value == .nil ? "missing: add play = function(level) ... end" : "must be a function"))
        }
        return play
    }
}

extension GameLoadError {
    /// Wraps any error from a declaration read as a load error.
    static func wrap<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as DeclarationError {
            throw GameLoadError.declaration(error)
        }
    }
}

/// Games compiled once per process and source text, with their declaration once it has
/// been read: a test suite plays the same game thousands of times, and compiling is most
/// of a sandbox's start-up.
final class ChunkCache: Sendable {
    static let shared = ChunkCache()

    struct Entry: Sendable {
        let source: [UInt8]
        let chunk: CompiledChunk
        /// Set by the first load that read and checked the declaration.
        var declaration: GameDeclaration?
        /// The file's stamp when `source` was read from it, if it had settled then.
        var stamp: FileStamp?
    }

    private let entries = Mutex<[String: Entry]>([:])

    /// The entry for this file's current source, compiling it if the source is new.
    /// - Parameter stamp: the file's stamp, taken before `source` was read from it; kept if
    ///   it had settled, so that the next load may use `source` without reading the file.
    func entry(file: String, source: [UInt8], stamp: FileStamp? = nil, compile: () throws -> CompiledChunk) throws
        -> Entry
    {
        let settled = stamp.flatMap { $0.hasSettled() ? $0 : nil }
        if let cached = entries.withLock({ $0[file] }), sameBytes(cached.source, source) {
            if cached.stamp != settled { entries.withLock { $0[file]?.stamp = settled } }
            return cached
        }
        let entry = Entry(source: source, chunk: try compile(), declaration: nil, stamp: settled)
        entries.withLock { $0[file] = entry }
        return entry
    }

    /// The source an earlier load read from `file`, if the file's stamp is still the one it was
    /// read under; nil when it must be read (and checked) again.
    func source(file: String, stamp: FileStamp) -> [UInt8]? {
        entries.withLock { entries in
            guard let entry = entries[file], entry.stamp == stamp else { return nil }
            return entry.source
        }
    }

    /// The compiled chunk for this file's current source, compiling it if the source is new.
    func chunk(file: String, source: [UInt8], compile: () throws -> CompiledChunk) throws -> CompiledChunk {
        try entry(file: file, source: source, compile: compile).chunk
    }

    /// Keeps the declaration read from this source, for the next load of it.
    func remember(_ declaration: GameDeclaration, file: String, source: [UInt8]) {
        entries.withLock { entries in
            if let entry = entries[file], sameBytes(entry.source, source) { entries[file]?.declaration = declaration }
        }
    }
}

/// What `stat` says of a file that changes whenever its bytes or its place do: the device and
/// inode it resolves to (a symlink or a folder swapped in leads elsewhere), its size, and the
/// times of its last write and last change (a write, a rename or a new link sets the change
/// time). Equal stamps mean the same bytes, once the file has settled (``hasSettled(now:)``).
struct FileStamp: Equatable, Sendable {
    let device: UInt64
    let inode: UInt64
    let size: Int64
    let modified: Duration
    let changed: Duration

    /// The stamp of the file at `path` (symlinks followed), or nil when it cannot be had.
    init?(path: String) {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        device = UInt64(status.st_dev)
        inode = UInt64(status.st_ino)
        size = Int64(status.st_size)
        modified = .seconds(status.st_mtim.tv_sec) + .nanoseconds(status.st_mtim.tv_nsec)
        changed = .seconds(status.st_ctim.tv_sec) + .nanoseconds(status.st_ctim.tv_nsec)
    }

    /// Whether the file last changed at least two seconds before `now`. The kernel stamps files
    /// with a coarse clock, so two writes within one tick can leave the same stamp: a stamp
    /// taken while the file may still be changing is not trusted (git's "racy" index entries).
    func hasSettled(now: Duration = Self.wallClock()) -> Bool {
        changed + .seconds(2) < now
    }

    /// The real-time clock the kernel stamps files by, as a duration since the epoch.
    static func wallClock() -> Duration {
        var time = timespec()
        clock_gettime(CLOCK_REALTIME, &time)
        return .seconds(time.tv_sec) + .nanoseconds(time.tv_nsec)
    }
}

/// Whether two byte arrays are equal, compared with memcmp: Array's `==` goes element by
/// element, which for a game's source was 4% of a playthrough.
private func sameBytes(_ a: [UInt8], _ b: [UInt8]) -> Bool {
    guard a.count == b.count else { return false }
    guard !a.isEmpty else { return true }  // an empty array may have no buffer to point at
    return a.withUnsafeBytes { a in
        b.withUnsafeBytes { b in
            // The same buffer when the source came from the cache itself
            a.baseAddress == b.baseAddress || memcmp(a.baseAddress!, b.baseAddress!, a.count) == 0
        }
    }
}
