import CLua
import LuaShim

extension Sandbox {
    /// Gives `io.lines(name, ...)` (a bare sandbox raises `io.lines with a file name is not
    /// available to games`) the files `read` finds: a host function that, given the name and
    /// the source of the function calling `io.lines` (`@./test/test.lua`), pushes the file's
    /// bytes (``HostCall/push(bytes:)``), or `nil` and the message that says why not, which
    /// `io.lines` raises as stock's does for a file it cannot open. The iterator reads those
    /// bytes in memory by stock's formats (`Sources/LuaShim/libraries/io.c`). Calling it again
    /// replaces the first.
    public func installFiles(_ read: @escaping HostFunction) {
        install("lines", read, with: edujam_install_files)
    }
}

extension HostCall {
    /// Gives `bytes` back to the script as a Lua string, byte for byte (a file's text need not
    /// be UTF-8), as ``push(_:)`` does with a string.
    /// - Throws: ``SandboxError/conversion(_:)`` when the Lua stack is full.
    public func push(bytes: [UInt8]) throws {
        guard lua_checkstack(state, 3) != 0 else { throw SandboxError.conversion("too many results") }
        bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { _ = lua_pushlstring(state, $0.baseAddress, $0.count) }
        }
        frame.pointee.results &+= 1  // bounded by the Lua stack (checked above)
    }
}
