import CLua
import Foundation
import Sandbox

/// Row 6: the bytes an idle sandbox holds once Math Jam is loaded.
///
/// EduJam: `Sandbox.memoryUsed` (the shim's allocator ledger) after `run`
/// of game.lua. Reference: a bare `lua_newstate` + `luaL_openlibs` state with
/// a counting allocator, after the same load. No collection is forced on
/// either side (the sandbox lets no one but its allocator see a full GC).
/// Only Lua's heap is counted: the Swift objects (the Sandbox, its host
/// function table, the copied game table) are not.
extension Row {
    static let memory = Row(name: "memory") { context in
        let source = try context.text("games/math-jam/game.lua")
        let sandbox = try Sandbox()
        let game = try sandbox.run(source, name: "game.lua")
        let edujam = sandbox.memoryUsed
        let reference = try bareBytes(source)
        withExtendedLifetime(game) {}
        return [
            Measurement(
                name: "memory", reference: Double(reference) / 1024, edujam: Double(edujam) / 1024,
                unit: "KiB", target: Target(maxValue: 100),
                note: "Lua heap after loading Math Jam, no forced GC; Swift-side objects not counted")
        ]
    }
}

/// Bytes a bare state holds after loading `source`, by a counting allocator.
private func bareBytes(_ source: String) throws -> Int {
    let counter = UnsafeMutablePointer<Int>.allocate(capacity: 1)
    counter.initialize(to: 0)
    defer { counter.deallocate() }
    guard let lua = lua_newstate(countingAllocator, counter) else { throw BenchError.rawLua("lua_newstate failed") }
    defer { lua_close(lua) }
    luaL_openlibs(lua)
    guard luaL_loadstring(lua, source) == LUA_OK, clua_pcall(lua, 0, 1, 0) == LUA_OK else {
        throw BenchError.rawLua("game.lua did not load")
    }
    return counter.pointee
}

/// Lua's l_alloc (realloc and free), keeping a count of the bytes held.
private let countingAllocator: lua_Alloc = { ud, pointer, oldSize, newSize in
    let counter = ud!.assumingMemoryBound(to: Int.self)
    let old = pointer == nil ? 0 : oldSize  // with no block, oldSize is a type tag
    if newSize == 0 {
        free(pointer)
        counter.pointee -= old
        return nil
    }
    guard let block = realloc(pointer, newSize) else { return nil }
    counter.pointee += newSize - old
    return block
}
