import Foundation
import Testing

@testable import edujam_bench

/// What keeps a row's rounds comparable (on a shared, noisy machine): every round on one CPU, the stock
/// interpreter on that CPU too, a warm-up round not kept, and a subprocess timed by its
/// own CPU time rather than the wall clock.
@Suite struct SteadyRoundsTests {
    private func cpuCount(_ mask: Affinity.Mask?) -> Int {
        mask.map { $0.reduce(0) { $0 + $1.nonzeroBitCount } } ?? 0
    }

    @Test func roundsRunOnOneCPUAndTheThreadGetsItsCPUsBack() throws {
        let before = try #require(Affinity.allowed())
        let cpu = try #require(Affinity.benchCPU)
        var seen: [Affinity.Mask?] = []
        _ = try interleaveUntilSteady(
            5...5, pair: (0, 1),
            [
                {
                    seen.append(Affinity.allowed())
                    return 1
                },
                { 1 },
            ])
        #expect(seen.count == 6)  // the warm-up round and five kept
        #expect(seen.allSatisfy { $0 == Affinity.only(cpu) })
        #expect(Affinity.allowed() == before)
    }

    @Test func theWarmUpRoundIsNotKept() throws {
        var calls = 0
        let result = try interleaveUntilSteady(
            7...7, pair: (0, 1),
            [
                {
                    calls += 1
                    return calls == 1 ? 100 : 2  // a cold first round
                },
                { 1 },
            ])
        #expect(calls == 8)
        #expect(result.samples[0] == Array(repeating: 2, count: 7))
    }

    @Test func theStockInterpreterRunsOnTheRoundsCPU() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let context = Context(options: Options(), root: root)
        let stock = try StockLua(context: context, workload: context.file("bench/workloads/fib.lua"), n: 1)
        let cpu = try #require(Affinity.benchCPU)
        #expect(Affinity.allowed(stock.processIdentifier) == Affinity.only(cpu))
        #expect(try stock.repetition().cpu >= 0)
    }

    @Test func aSubprocessIsTimedByItsOwnCPUTime() throws {
        // About 0.1-0.3 s of CPU in a child.
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["lua5.4", "-e", "local x = 0 for i = 1, 2e7 do x = x + i end"]
        let before = childrenCPUSeconds()
        let wall = try seconds {
            try process.run()
            process.waitUntilExit()
        }
        let cpu = childrenCPUSeconds() - before
        #expect(process.terminationStatus == 0)
        // This thread only waited: the time is the child's. (No upper bound: other tests'
        // children may end meanwhile and count too; the bench has no other child then.)
        #expect(cpu > 0.02)
        #expect(wall > 0)
    }

    @Test func smallRatiosKeepTwoSignificantDigits() {
        #expect(formatRatio(0.0069) == "0.0069")
        #expect(formatRatio(0.82) == "0.82")
        #expect(formatRatio(2.6349) == "2.63")
        #expect(formatRatio(0) == "0.00")
    }
}
