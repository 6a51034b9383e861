import CLua
import Foundation
import LuaShim

/// A chunk the host compiled from text, kept as bytecode so that many sandboxes
/// can load it without compiling it again (compiling is most of a sandbox's start).
///
/// Only ``Sandbox/compile(_:name:)`` makes one, from source text: a script can
/// never supply bytecode, which Lua does not verify.
public struct CompiledChunk: Sendable, Equatable {
    let bytes: [UInt8]
    /// The chunk name errors are located by.
    public let name: String
}

extension Sandbox {
    /// Compiles a text chunk (its bytes as they are) into a ``CompiledChunk``, with line information kept.
    /// - Throws: ``SandboxError/syntax(_:)``.
    public func compile(_ source: [UInt8], name: String) throws -> CompiledChunk {
        let function = try load(source, name: name)
        let top = lua_gettop(state)
        defer { lua_settop(state, top) }
        lua_rawgeti(state, clua_registryindex(), lua_Integer(function.reference))
        var bytes: UnsafeMutablePointer<UInt8>?
        var count = 0
        guard edujam_dump(raw, &bytes, &count) == 0, let bytes else {
            throw SandboxError.conversion("the chunk could not be dumped")
        }
        defer { free(bytes) }
        return CompiledChunk(bytes: Array(UnsafeBufferPointer(start: bytes, count: count)), name: name)
    }

    /// Compiles Lua source text into a ``CompiledChunk``: its UTF-8 bytes, as the byte version does.
    public func compile(_ source: String, name: String) throws -> CompiledChunk {
        try compile(Array(source.utf8), name: name)
    }

    /// Loads a compiled chunk without running it; the same as loading its source.
    public func load(_ chunk: CompiledChunk) throws -> LuaFunction {
        guard !isFinished else { throw SandboxError.finished }
        if label == nil { label = chunk.name }
        let top = lua_gettop(state)
        defer { lua_settop(state, top) }
        // withCString: a String passed as a `const char *` is first copied into a new array.
        let status = ("@" + chunk.name).withCString { chunkName in
            chunk.bytes.withUnsafeBufferPointer { edujam_load_binary(raw, $0.baseAddress, $0.count, chunkName) }
        }
        guard status == LUA_OK else { throw failure(status: status) }
        return makeFunction(at: -1)
    }
}
