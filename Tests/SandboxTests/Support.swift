import Foundation
import Sandbox

/// A sandbox with short limits, so a test that breaks one finishes fast.
func quickSandbox(
    time: Duration = .milliseconds(200), memory: Int = 8 << 20,
    output: Int = 64 << 10, instructions: Int? = nil,
    printed: PrintLog? = nil
) throws -> Sandbox {
    var limits = SandboxLimits()
    limits.time = time
    limits.memory = memory
    limits.output = output
    limits.instructions = instructions
    return try Sandbox(limits: limits, output: { printed?.lines.append($0) })
}

/// Collects what a script prints.
final class PrintLog {
    var lines: [String] = []
}

/// The text of a fixture script under Fixtures/.
func fixture(_ path: String) throws -> String {
    let url = Bundle.module.url(forResource: "Fixtures/" + path, withExtension: nil)!
    return try String(contentsOf: url, encoding: .utf8)
}

/// Runs `body` and returns what it threw as a SandboxError, or nil.
func sandboxError(_ body: () throws -> Void) -> SandboxError? {
    do {
        try body()
        return nil
    } catch let error as SandboxError {
        return error
    } catch {
        return .conversion("unexpected error \(error)")
    }
}

/// Seconds `body` took on the wall clock.
func seconds(_ body: () throws -> Void) rethrows -> Double {
    let start = ContinuousClock.now
    try body()
    let elapsed = ContinuousClock.now - start
    return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
}

/// Proves the host goes on: a fresh sandbox runs a script correctly.
func hostStillWorks() throws -> Bool {
    let sandbox = try Sandbox()
    return try sandbox.run("local t = {} for i = 1, 10 do t[i] = i * i end return t[10]", name: "after.lua")
        == [.integer(100)]
}
