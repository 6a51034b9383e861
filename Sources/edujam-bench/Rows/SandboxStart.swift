import CLua
import Foundation
import Sandbox

/// Row 2: the time from nothing to Math Jam's game table.
///
/// EduJam: `Sandbox()` with the default limits, then `run(game.lua)` (compile,
/// run the chunk, copy the returned game table into Swift). Reference: the raw
/// C API, `luaL_newstate` + `luaL_openlibs` + `luaL_loadstring` + `lua_pcall`
/// of the same source. Closing is not timed on either side: each repetition
/// starts a batch, stops the clock, then closes the batch.
extension Row {
    static let sandboxStart = Row(name: "start") { context in
        let source = try context.text("games/math-jam/game.lua")
        let batch = context.options.quick ? 10 : 20  // a few ms per sample: short rounds, many of them (Harness)
        let samples = try interleaveUntilSteady(
            context.cpuRounds, pair: (1, 0),
            [
                { try startBare(source, batch) },
                { try startSandbox(source, batch) },
                { try startSandbox(nil, batch) },
                { try compileBare(source, batch) },
            ])
        let chunk = try Sandbox().compile(source, name: "game.lua")
        let bytecode = try stockBytecode(context)
        let warm = try interleaveUntilSteady(
            context.cpuRounds, pair: (1, 0),
            [
                { try startBareBinary(bytecode, batch) },
                { try startSandboxCompiled(chunk, batch) },
            ])
        return [
            Measurement(
                name: "start/warm", reference: warm.median(of: 0) * 1e6, edujam: warm.median(of: 1) * 1e6,
                unit: "µs", paired: warm.paired(1, to: 0), target: Target(maxValue: 100, maxRatio: 2),
                note: "as the runtime starts every run after the first: game.lua compiled once, its bytecode loaded "
                    + "into each new state; reference: luaL_newstate + luaL_openlibs + the same bytecode (luac5.4) + lua_pcall"
            ),
            Measurement(
                name: "start", reference: samples.median(of: 0) * 1e6, edujam: samples.median(of: 1) * 1e6,
                unit: "µs", paired: samples.paired(1, to: 0), target: Target(maxValue: 100, maxRatio: 2),
                note: String(
                    format: "create + load games/math-jam/game.lua, per state, close not timed; of which "
                        + "Sandbox() alone %@ µs, compiling game.lua alone (luaL_loadstring) %@ µs",
                    format(samples.median(of: 2) * 1e6), format(samples.median(of: 3) * 1e6))),
        ]
    }
}

/// Seconds per start, for a batch of `count` bare states.
private func startBare(_ source: String, _ count: Int) throws -> Double {
    try startBareStates(count) { lua in luaL_loadstring(lua, source) }
}

/// Seconds per start of `count` bare states: new state, all libraries, `load`, then run the chunk.
private func startBareStates(_ count: Int, load: (OpaquePointer) -> Int32) throws -> Double {
    var states: [OpaquePointer] = []
    states.reserveCapacity(count)
    defer { for lua in states { lua_close(lua) } }
    var failed = false
    let elapsed = cpuSeconds {
        for _ in 0..<count {
            guard let lua = luaL_newstate() else {
                failed = true
                return
            }
            states.append(lua)
            luaL_openlibs(lua)
            if load(lua) != LUA_OK || clua_pcall(lua, 0, 1, 0) != LUA_OK { failed = true }
        }
    }
    if failed { throw BenchError.rawLua("game.lua did not load") }
    return elapsed / Double(count)
}

/// Seconds per start, for a batch of `count` sandboxes (that load nothing
/// when `source` is nil, to show what the sandbox itself costs).
private func startSandbox(_ source: String?, _ count: Int) throws -> Double {
    var sandboxes: [Sandbox] = []
    var games: [[LuaValue]] = []  // released before their sandboxes: they hold registry refs
    sandboxes.reserveCapacity(count)
    games.reserveCapacity(count)
    let elapsed = try cpuSeconds {
        for _ in 0..<count {
            let sandbox = try Sandbox()
            if let source { games.append(try sandbox.run(source, name: "game.lua")) }
            sandboxes.append(sandbox)
        }
    }
    games.removeAll()
    sandboxes.removeAll()
    return elapsed / Double(count)
}

/// Seconds per compile of `source` (no run) in one bare state: the share of a
/// start that is Lua's parser, which no sandbox design removes.
private func compileBare(_ source: String, _ count: Int) throws -> Double {
    let raw = try RawLua()
    var failed = false
    let elapsed = cpuSeconds {
        for _ in 0..<count {
            if luaL_loadstring(raw.state, source) != LUA_OK { failed = true }
            clua_pop(raw.state, 1)
        }
    }
    if failed { throw BenchError.rawLua("game.lua did not compile") }
    return elapsed / Double(count)
}

/// game.lua compiled by the stock `luac5.4` (debug information kept, as EduJam keeps it).
private func stockBytecode(_ context: Context) throws -> [UInt8] {
    let output = FileManager.default.temporaryDirectory.appendingPathComponent("edujam-bench-game.luac")
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/luac5.4")
    process.arguments = ["-o", output.path, try context.file("games/math-jam/game.lua").path]
    try process.run()
    process.waitUntilExit()
    guard process.terminationStatus == 0, let data = FileManager.default.contents(atPath: output.path) else {
        throw BenchError.stockLua("luac5.4 could not compile game.lua")
    }
    return Array(data)
}

/// Seconds per start from bytecode, for a batch of bare states.
private func startBareBinary(_ bytecode: [UInt8], _ count: Int) throws -> Double {
    try startBareStates(count) { lua in
        bytecode.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) {
                luaL_loadbufferx(lua, $0.baseAddress, $0.count, "game.lua", "b")
            }
        }
    }
}

/// Seconds per start from a compiled chunk, for a batch of sandboxes.
private func startSandboxCompiled(_ chunk: CompiledChunk, _ count: Int) throws -> Double {
    var sandboxes: [Sandbox] = []
    var games: [[LuaValue]] = []
    sandboxes.reserveCapacity(count)
    games.reserveCapacity(count)
    let elapsed = try cpuSeconds {
        for _ in 0..<count {
            let sandbox = try Sandbox()
            games.append(try sandbox.call(sandbox.load(chunk)))
            sandboxes.append(sandbox)
        }
    }
    games.removeAll()
    sandboxes.removeAll()
    return elapsed / Double(count)
}
