import Foundation
import Synchronization
import Sandbox
import Tracking

/// A game's `game.lua`, run in a fresh sandbox: its declaration and its `play` function.
struct LoadedGame {
    let declaration: GameDeclaration
    let play: LuaFunction

    /// Runs `game.lua` in the run's sandbox and checks what it returns.
    static func load(file: String, into run: GameRun) throws -> LoadedGame {
        // Confined like a module: a game.lua that is a symlink out of its folder is refused.
        let source = try GameLoadError.reading(file, confinedTo: (file as NSString).deletingLastPathComponent)
        let value: LuaValue
        do {
            let chunk = try ChunkCache.shared.chunk(file: file, source: source) { try run.sandbox.compile(source, name: file) }
            value = try run.sandbox.call(run.sandbox.load(chunk)).first ?? .nil
        } catch let error as SandboxError {
            throw GameLoadError.script(file: file, error)
        }
        guard case .table(let table) = value else {
            throw GameLoadError.declaration(DeclarationError(
                file: file, field: "return",
                message: "game.lua must end with `return { id = ..., title = ..., play = function(level) ... end }`, got \(value.typeName)"))
        }
        let declaration = try GameDeclaration(table: table, file: file)
        guard case .function(let play) = table["play"] else {
            throw GameLoadError.declaration(DeclarationError(
                file: file, field: "play",
                message: table["play"] == .nil ? "missing: add play = function(level) ... end" : "must be a function"))
        }
        return LoadedGame(declaration: declaration, play: play)
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

/// Games compiled once per process and source text: a test suite plays the same
/// game thousands of times, and compiling is most of a sandbox's start-up.
final class ChunkCache: Sendable {
    static let shared = ChunkCache()

    private let entries = Mutex<[String: (source: [UInt8], chunk: CompiledChunk)]>([:])

    /// The compiled chunk for this file's current source, compiling it if the source is new.
    func chunk(file: String, source: [UInt8], compile: () throws -> CompiledChunk) throws -> CompiledChunk {
        if let cached = entries.withLock({ $0[file] }), cached.source == source { return cached.chunk }
        let chunk = try compile()
        entries.withLock { $0[file] = (source, chunk) }
        return chunk
    }
}
