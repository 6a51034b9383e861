import Foundation
import Sandbox

extension GameRun {
    /// Gives the game a `require` that loads modules from its folder, and `loadfile` and `dofile`
    /// that read a file of it (`Sandbox.installRequire`:
    /// the caching, `package.preload` and the loop check are the sandbox's, in C).
    ///
    /// The host function only compiles; the sandbox's `require` calls the chunk. A host function
    /// must not call back into the sandbox: a nested `Sandbox.call` would reset the instruction
    /// budget and disarm the outer call's time limit.
    func installRequire() {
        let loader = ModuleLoader(folder: folder, package: package)
        sandbox.installRequire { [unowned sandbox] call in  // unowned: the sandbox owns this closure
            try Self.push(loader.source(of: try call.string(1)), to: call, in: sandbox)
        }
        // loadfile and dofile (C, beside require) read a file of the folder as require does
        sandbox.installLoadfile { [unowned sandbox] call in
            try Self.push(
                loader.source(ofFile: try call.string(1), calledFrom: try call.string(2)), to: call, in: sandbox)
        }
        // io.lines(name) reads the same files, as text: bytes the published game holds
        sandbox.installFiles { call in
            switch loader.source(ofFile: try call.string(1), calledFrom: try call.string(2)) {
            case .success(let found): try call.push(bytes: found.source)
            case .failure(let error):
                try call.push(.nil)
                try call.push(.string(error.description))
            }
        }
    }

    /// Pushes a found file's compiled chunk and its file, or nil and the message saying why not.
    private static func push(_ result: Result<ModuleLoader.Found, ModuleError>, to call: HostCall, in sandbox: Sandbox)
        throws
    {
        switch result {
        case .success(let found):
            do {
                let chunk = try ChunkCache.shared.chunk(file: found.path, source: found.source) {
                    try sandbox.compile(found.source, name: found.relative)  // what the script sees: no folder
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
