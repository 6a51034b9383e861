import Sandbox
import Testing

/// `Sandbox.installRequire`: stock's `require` around a host function that finds modules.
@Suite struct RequireTests {
    /// A sandbox whose `require` finds the modules in `modules` (by name) and counts the finder's calls.
    final class Modules {
        let sandbox: Sandbox
        var found: [String] = []

        init(_ modules: [String: String]) throws {
            let sandbox = try Sandbox()
            self.sandbox = sandbox
            sandbox.installRequire { [unowned self, unowned sandbox] call in
                let name = try call.string(1)
                found.append(name)
                guard let source = modules[name] else {
                    try call.push(.nil)
                    try call.push(.string("no module '\(name)' here"))
                    return
                }
                try call.push(.function(try sandbox.load(try sandbox.compile(source, name: name + ".lua"))))
                try call.push(.string("./" + name + ".lua"))
            }
        }
    }

    @Test func aBareSandboxHasNoRequire() throws {
        #expect(try Sandbox().run("return require", name: "bare.lua") == [.nil])
    }

    @Test func findsOnceCachesAndReturnsTheFile() throws {
        let modules = try Modules(["words": "local name, file = ... return { name = name, file = file }"])
        let results = try modules.sandbox.run(
            """
            local m, file = require("words")
            local again, second = require("words")
            return m.name, m.file, file, again == m, second, package.loaded.words == m, require("string") == string
            """, name: "game.lua")
        #expect(
            results == [
                .string("words"), .string("./words.lua"), .string("./words.lua"), .boolean(true), .nil, .boolean(true),
                .boolean(true),
            ])
        #expect(modules.found == ["words"], "the cache answers the second time; the libraries are in it")
    }

    @Test func theFindersMessageAndALoopNameTheCallingLine() throws {
        let modules = try Modules(["a": #"return require("b")"#, "b": #"local x = require("a") return x"#])
        let results = try modules.sandbox.run(
            """
            local ok1, missing = pcall(function() local m = require("nothing") return m end)
            local ok2, loop = pcall(require, "a")
            local ok3, again = pcall(require, "a")
            return ok1, missing, ok2, loop, ok3 == ok2 and again == loop
            """, name: "game.lua")
        #expect(
            results == [
                .boolean(false), .string("game.lua:1: no module 'nothing' here"),
                .boolean(false), .string("b.lua:1: require: module 'a' requires itself (a loop)"),
                .boolean(true),
            ])
    }
}
