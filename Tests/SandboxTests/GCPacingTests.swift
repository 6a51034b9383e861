import Sandbox
import Testing

/// The collector's pacing in a new sandbox (libs.c, `EDUJAM_GC_FIRST_CREDIT_KB`): a short run
/// allocates its first 256 KiB without a collection, a long one is collected as in stock Lua
/// after that, and the memory limit holds whatever the pacing.
@Suite struct GCPacingTests {
    /// About 130 KiB of garbage in a new sandbox: `collectgarbage('count')` never falls, so no
    /// cycle ran (a cycle frees the garbage made before it).
    @Test func aShortRunAllocatesWithoutACollection() throws {
        let sandbox = try Sandbox()
        let source = """
            local last, fell = collectgarbage('count'), false
            for i = 1, 1500 do
              local junk = {i, i}
              local now = collectgarbage('count')
              if now < last then fell = true end
              last = now
            end
            return fell, collectgarbage('isrunning')
            """
        #expect(try sandbox.run(source, name: "short.lua") == [.boolean(false), .boolean(true)])
    }

    /// Some 30 MiB of garbage, made one small table at a time under a 4 MiB cap: the run ends,
    /// and the heap never came near the cap (the collector paced itself; it did not wait for
    /// the allocator to refuse).
    @Test func aLongRunIsStillCollected() throws {
        let sandbox = try quickSandbox(time: .seconds(20), memory: 4 << 20)
        let source = """
            local peak = 0
            for i = 1, 300000 do
              local junk = {i, tostring(i)}
              if i % 100 == 0 then
                local now = collectgarbage('count')
                if now > peak then peak = now end
              end
            end
            return peak
            """
        let peak = try sandbox.run(source, name: "long.lua").first?.numberValue ?? .infinity
        #expect(peak < 1024)  // KiB: the credit and a few cycles' pause, not the 4 MiB cap
        #expect(sandbox.memoryUsed < 1 << 20)
    }

    /// A cap under the credit: the first collection is then the emergency one Lua runs when
    /// the allocator refuses. Garbage still does not stop the script, and what it keeps still
    /// does, at the cap.
    @Test func aCapUnderTheCreditStillHolds() throws {
        let cap = 160 << 10
        let sandbox = try quickSandbox(time: .seconds(20), memory: cap)
        let churn = "local n = 0 for i = 1, 50000 do local junk = {i, i + 1} n = n + #junk end return n"
        #expect(try sandbox.run(churn, name: "churn.lua") == [.integer(100_000)])
        #expect(sandbox.memoryUsed <= cap)
        let keep = try quickSandbox(time: .seconds(20), memory: cap)
        let error = sandboxError {
            try keep.run("local t = {} for i = 1, 1e6 do t[i] = {i} end", name: "keep.lua")
        }
        guard case .memoryLimit = error else {
            Issue.record("expected the memory limit, got \(String(describing: error))")
            return
        }
        #expect(keep.memoryUsed <= cap)
    }
}
