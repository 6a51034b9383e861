import Foundation
import Sandbox
import Synchronization

extension GameRun {
    /// Replaces the sandbox's `require` stub with one that loads modules from the game's folder.
    ///
    /// The host function only compiles; a small Lua wrapper calls the chunk. A host function
    /// must not call back into the sandbox: a nested `Sandbox.call` would reset the instruction
    /// budget and disarm the outer call's time limit.
    func installRequire() throws {
        let loader = ModuleLoader(folder: folder)
        let name = "__edujam_load_module"
        sandbox.register(name) { [unowned sandbox] call in  // unowned: the sandbox owns this closure
            switch loader.source(of: try call.string(1)) {
            case .success(let found):
                do {
                    let chunk = try ChunkCache.shared.chunk(file: found.path, source: found.source) {
                        try sandbox.compile(found.source, name: found.path)
                    }
                    try call.push(.function(try sandbox.load(chunk)))
                    try call.push(.string(found.relative))
                } catch let error as SandboxError {
                    try call.push(.nil)
                    try call.push(.string(error.failure?.description ?? error.description))
                }
            case .failure(let error):
                try call.push(.nil)
                try call.push(.string(error.description))
            }
        }
        guard case .function(let compile) = try sandbox.global(name) else { return }
        try sandbox.setGlobal(name, .nil)
        let wrapper = try Self.requireChunk.withLock { cached in
            if let cached { return cached }
            let chunk = try sandbox.compile(Self.requireSource, name: "(require)")
            cached = chunk
            return chunk
        }
        let require = try sandbox.call(sandbox.load(wrapper), [.function(compile)])
        try sandbox.setGlobal("require", require.first ?? .nil)
    }

    /// ``requireSource`` compiled once per process. Its text is a constant, so unlike a game's it
    /// is not looked up by its bytes: copying and comparing them for every run cost 2% of a playthrough.
    private static let requireChunk = Mutex<CompiledChunk?>(nil)

    /// `require` in Lua, as stock's: cached in `package.loaded` (which holds the standard
    /// libraries, so `require("string")` returns `string`), a loader in `package.preload` tried
    /// first (bundled single-file libraries register theirs), the chunk called with the name and
    /// its file (`./lists/animals.lua`), two results the first time. A module whose chunk
    /// raised is not marked as loading any more (the to-be-closed mark), so requiring it again
    /// raises its error again; a loop is reported instead of overflowing the stack. The
    /// globals it uses are taken when it is installed, before the game runs.
    static let requireSource = """
        local compile = ...
        local loaded, preload = package.loaded, package.preload
        local type, error, setmetatable = type, error, setmetatable
        local loading = {}
        local function loading_mark(name)
          loading[name] = true
          return setmetatable({}, { __close = function() loading[name] = nil end })
        end
        return function(name)
          if type(name) ~= "string" then
            error("bad argument #1 to 'require' (string expected, got " .. type(name) .. ")", 2)
          end
          local cached = loaded[name]
          if cached then return cached end
          if loading[name] then error("require: module '" .. name .. "' requires itself (a loop)", 2) end
          local chunk, file = preload[name], ":preload:"
          if not chunk then chunk, file = compile(name) end
          if not chunk then error(file, 2) end
          do
            local mark <close> = loading_mark(name)
            local result = chunk(name, file)
            if result ~= nil then loaded[name] = result end
          end
          if loaded[name] == nil then loaded[name] = true end
          return loaded[name], file
        end
        """
}
