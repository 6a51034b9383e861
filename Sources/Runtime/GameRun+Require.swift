import Foundation
import Sandbox

extension GameRun {
    /// Gives the game a `require` that loads modules from its folder (`Sandbox.installRequire`:
    /// the caching, `package.preload` and the loop check are the sandbox's, in C).
    ///
    /// The host function only compiles; the sandbox's `require` calls the chunk. A host function
    /// must not call back into the sandbox: a nested `Sandbox.call` would reset the instruction
    /// budget and disarm the outer call's time limit.
    func installRequire() {
        let loader = ModuleLoader(folder: folder)
        sandbox.installRequire { [unowned sandbox] call in  // unowned: the sandbox owns this closure
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
    }
}
