import Foundation
import Synchronization
import Testing

@testable import Playtest

/// `--jobs N`: the same results, in the same order, whatever the number of threads.
@Suite struct JobsTests {
    /// Everything a fuzz session reports, but its wall-clock time.
    private func fingerprint(_ summary: FuzzSummary) -> String {
        let findings = summary.findings.map { finding in
            "\(finding.seed) \(finding.outcome) \(finding.inputs) \(finding.shrunk)\n" + FuzzReport.describe(finding)
        }
        let outcomes = summary.outcomes.sorted { $0.key.rawValue < $1.key.rawValue }.map { "\($0.key)=\($0.value)" }
        return "\(summary.runs)/\(summary.plannedRuns) \(outcomes) \(summary.ranOutOfTime)\n"
            + findings.joined(separator: "\n") + "\n" + FuzzReport.finishLine(summary)
    }

    @Test func theSameSeedGivesTheSameFindingsForAnyNumberOfJobs() throws {
        let game = try FixtureGames.game("many-bugs-jam")
        let one = Fuzzer.fuzz(game, runs: 300, seed: 1, jobs: 1)
        // Several distinct failures, first seen at different seeds, each shrunk: the merge has work to do.
        #expect(one.findings.count >= 4, "\(one.findings.map(\.seed))")
        #expect(one.findings.map(\.seed) == one.findings.map(\.seed).sorted())
        #expect(one.findings.allSatisfy { $0.shrunk.count <= $0.inputs.count })
        for jobs in [2, 4] {
            let many = Fuzzer.fuzz(game, runs: 300, seed: 1, jobs: jobs)
            #expect(fingerprint(many) == fingerprint(one), "--jobs \(jobs)")
        }
    }

    /// Several sandboxes past their deadline at once, each on its own thread: the watchdog
    /// stops each one (it keeps a list of armed sandboxes and signals each one's thread),
    /// and the runs that do not hang on the other threads go on.
    @Test func timeLimitsHoldForSandboxesOnSeveralThreads() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("edujam-hang-\(UUID())")
            .appendingPathComponent("hang-jam")
        defer { try? FileManager.default.removeItem(at: folder.deletingLastPathComponent()) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let source = """
            local function play(level)
              activity.start()
              if random(1, 3) > 1 then while true do end end
              ask("ok?")
              activity.finish()
            end
            return { id = "HANG-JAM", title = "Hang Jam", play = play }
            """
        try source.write(to: folder.appendingPathComponent("game.lua"), atomically: true, encoding: .utf8)
        let game = try GameUnderTest(folder: folder.path)
        let one = Fuzzer.fuzz(game, runs: 6, seed: 1, jobs: 1)
        let three = Fuzzer.fuzz(game, runs: 6, seed: 1, jobs: 3)
        #expect((one.outcomes[.limit] ?? 0) >= 2 && one.runs == 6, "\(one.outcomes)")
        #expect(three.outcomes == one.outcomes && three.findings.map(\.seed) == one.findings.map(\.seed))
    }

    @Test func progressIsReportedInOrderOnTheCallingThread() throws {
        let game = try FixtureGames.game("tiny-jam")
        var done: [Int] = []
        _ = Fuzzer.fuzz(game, runs: 100, seed: 1, jobs: 3) { runs, _ in done.append(runs) }
        #expect(done == Array(1...100))
    }

    @Test func outputsComeBackInOrderFromEveryThread() {
        let threads = Mutex<Set<String>>([])
        var delivered: [Int] = []
        let count = OrderedWork.run(
            count: 200, jobs: 4, batch: 3, worker: { () },
            task: { _, index in
                threads.withLock { _ = $0.insert(Thread.current.description) }
                usleep(UInt32((index * 7919) % 5) * 100)  // tasks of uneven length finish out of order
                return index * 2
            },
            deliver: { index, output in
                #expect(output == index * 2)
                delivered.append(index)
            })
        #expect(count == 200 && delivered == Array(0..<200))
        #expect(threads.withLock { $0.count } > 1)
    }

    /// `--jobs 2` is two threads: the calling one plays batches too, between deliveries. A
    /// helper's task here waits until the calling thread has run one, which it never would if
    /// the caller only slept.
    @Test func theCallingThreadIsOneOfTheJobs() {
        let caller = pthread_self()
        let callerRan = DispatchSemaphore(value: 0)
        let waits = Mutex<(onCaller: Int, timedOut: Int)>((0, 0))
        let count = OrderedWork.run(
            count: 12, jobs: 2, batch: 1, worker: { () },
            task: { _, index in
                if pthread_equal(pthread_self(), caller) != 0 {
                    waits.withLock { $0.onCaller += 1 }
                    callerRan.signal()
                } else if callerRan.wait(timeout: .now() + 3) == .timedOut {
                    waits.withLock { $0.timedOut += 1 }
                } else {
                    callerRan.signal()  // let the helper's next task through too
                }
                return index
            },
            deliver: { index, output in #expect(output == index) })
        #expect(count == 12)
        #expect(waits.withLock { $0.onCaller } > 0 && waits.withLock { $0.timedOut } == 0)
    }

    @Test func aDeadlineLeavesAPrefixWithNoGap() {
        var delivered: [Int] = []
        let deadline = ContinuousClock.now + .milliseconds(200)
        let count = OrderedWork.run(
            count: 100_000, jobs: 3, batch: 2, deadline: deadline, worker: { () },
            task: { _, index in
                usleep(index % 3 == 0 ? 3_000 : 100)
                return index
            },
            deliver: { index, output in
                #expect(output == index)
                delivered.append(index)
            })
        #expect(count < 100_000 && delivered == Array(0..<count))
    }

    @Test func aTimeLimitedFuzzCountsAPrefixOfSeeds() throws {
        let game = try FixtureGames.game("slow-jam")
        var done: [Int] = []
        let summary = Fuzzer.fuzz(game, runs: 300, seed: 1, timeLimit: .seconds(2), jobs: 2) { runs, _ in
            done.append(runs)
        }
        #expect(summary.ranOutOfTime && summary.runs < 300)
        #expect(done == Array(1...summary.runs))
    }
}

/// `edujam test --jobs N`: the same report, in the same order, as with one job.
@Suite struct SuiteJobsTests {
    private func results(jobs: Int, update: Bool = false, folders: [String]) throws -> [String] {
        var settings = TestSuite.Settings()
        settings.jobs = jobs
        settings.fuzzRuns = 40
        settings.update = update
        var lines: [String] = []
        try TestSuite.discover(folders).run(settings) { outcome in
            lines.append("\(outcome.game) \(outcome.name) \(outcome.failure ?? "ok") \(outcome.diff)")
        }
        return lines
    }

    @Test func severalFilesAndCasesReportInTheSameOrder() throws {
        // Three games' cases, bots and fuzz, with failing cases among them (slow-jam is left out: it is slow).
        let games = ["many-bugs-jam", "tiny-jam", "broken-jam"].map { FixtureGames.folder + "/" + $0 }
        let one = try results(jobs: 1, folders: games)
        #expect(one.contains { $0.hasPrefix("many-bugs-jam first.play: a hint breaks it ") && !$0.contains(" ok ") })
        #expect(one.contains { $0.hasPrefix("many-bugs-jam second.play: wrong expectation ") })
        #expect(one.contains { $0.hasPrefix("many-bugs-jam second.play: passes ok") })
        #expect(try results(jobs: 4, folders: games) == one)
    }

    @Test func updateRewritesTheSameWayWithSeveralJobs() throws {
        var rewritten: [String] = []
        var reports: [[String]] = []
        // The same folder both times: the failures name the files.
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("edujam-jobs-\(UUID())")
        for jobs in [1, 4] {
            defer { try? FileManager.default.removeItem(at: scratch) }
            try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
            let copy = scratch.appendingPathComponent("many-bugs-jam").path
            try FileManager.default.copyItem(atPath: FixtureGames.folder + "/many-bugs-jam", toPath: copy)
            reports.append(try results(jobs: jobs, update: true, folders: [copy]))
            rewritten.append(
                try ["first.play", "second.play"].map {
                    try String(contentsOfFile: copy + "/tests/" + $0, encoding: .utf8)
                }
                .joined())
        }
        #expect(reports[0].contains { $0.hasPrefix("many-bugs-jam second.play: updated ok") })
        #expect(reports[1] == reports[0] && rewritten[1] == rewritten[0])
        #expect(rewritten[0].contains("Noted: 9") && !rewritten[0].contains("Noted: nine"))
    }
}
