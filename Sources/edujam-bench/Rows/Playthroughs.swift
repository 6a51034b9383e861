import Foundation
import Runtime
import Tracking

/// Row 4: Math Jam played to the end by a bot, in process (virtual clock, seeded,
/// a throwaway in-memory store, the report read from memory, as `edujam test` plays), against the same playthrough driven through
/// `edujam play` as a subprocess with piped answers, as an expect-style test does.
///
/// Targets: >= 10,000 playthroughs per second on one core (<= 100 µs each) and at
/// least 100 times the subprocess way (ratio <= 0.01).
extension Row {
    static let playthroughs = Row(name: "playthroughs") { context in
        let folder = try context.file("games/math-jam").path
        let binary = try edujamBinary(context)
        let batch = context.options.quick ? 100 : 400
        let clock = RunClock.virtual()
        let answers = try perfectAnswers(folder: folder, seed: 1, store: try freshStore(clock: clock), clock: clock)
        var seed = 0
        // The reference is a whole process, timed by its own CPU time (user and system, every
        // thread, from the kernel's accounting when it is waited for) as EduJam's side is: its
        // wall time also holds the store's fsync and the waits for a CPU, which another job on
        // the machine stretches by tens of percent in one round and not the next. The wall
        // time is kept for the note. The store is removed first, so every run of the bench
        // plays into the same fresh file (created in the warm-up round).
        removeStore(subprocessStore)
        defer { removeStore(subprocessStore) }
        var wall: [[Double]] = [[], []]
        let samples = try interleaveUntilSteady(
            context.playthroughRounds, pair: (1, 0),
            [
                {
                    let time = try subprocess(binary, folder: folder, answers: answers)
                    wall[0].append(time.wall)
                    return time.cpu
                },
                {
                    var cpu = 0.0
                    wall[1].append(try seconds { cpu = try botBatch(batch, folder: folder, seed: &seed, clock: clock) })
                    return cpu
                },
            ])
        let inProcess = samples.median(of: 1)
        return [
            Measurement(
                name: "playthroughs", reference: samples.median(of: 0) * 1e6, edujam: inProcess * 1e6, unit: "µs/run",
                paired: samples.paired(1, to: 0), target: Target(maxValue: 100, maxRatio: 0.01),
                note: String(
                    format: "Math Jam LEVEL-1, 10 answers: %.0f playthroughs/s in process on one core "
                        + "(CPU time); reference: edujam play as a subprocess with piped answers (the process's "
                        + "CPU time); by wall time the subprocess takes %@ µs (ratio %.4f); %@",
                    1 / inProcess, format(median(wall[0]) * 1e6),
                    median(zip(wall[1], wall[0]).map { $0 / Double(batch) / $1 }), samples.paired(1, to: 0).roundsNote))
        ]
    }
}

/// Row 4b: the same in-process playthroughs against their floor: stock `lua5.4`
/// playing Math Jam in a pure-Lua harness (bench/playthrough-floor.lua: the compiled
/// game loaded into a fresh environment per run, a stub API in Lua, the same seeded
/// questions and the same answers). What EduJam adds on top of running the game's
/// Lua at all: a sandbox per run, the host calls, the declaration, the tracking model.
///
/// Target: at most 3 times the floor.
extension Row {
    static let playthroughFloor = Row(name: "playthroughs/floor") { context in
        let folder = try context.file("games/math-jam").path
        let batch = context.options.quick ? 100 : 200
        let clock = RunClock.virtual()
        let floor = try StockLua(
            context: context, driver: "bench/playthrough-floor.lua",
            arguments: [folder + "/game.lua", "LEVEL-1", String(batch)])
        let answers = try perfectAnswers(folder: folder, seed: 1, store: try freshStore(clock: clock), clock: clock)
        guard floor.checksum == answers.joined(separator: " ") else {
            throw BenchError.mismatch("the floor answered \(floor.checksum), EduJam \(answers.joined(separator: " "))")
        }
        var seed = 1
        let samples = try interleaveUntilSteady(
            context.playthroughRounds, pair: (1, 0),
            [
                { try floor.repetition().cpu },
                { try botBatch(batch, folder: folder, seed: &seed, clock: clock) },
            ])
        return [
            Measurement(
                name: "playthroughs/floor", reference: samples.median(of: 0) * 1e6, edujam: samples.median(of: 1) * 1e6,
                unit: "µs/run", paired: samples.paired(1, to: 0), target: Target(maxRatio: 2),
                note:
                    "Math Jam LEVEL-1, the same seeded questions and answers; reference: stock lua5.4 with a stub API "
                    + "in Lua and a fresh environment per run (bench/playthrough-floor.lua), CPU time on both sides; "
                    + samples.paired(1, to: 0).roundsNote)
        ]
    }
}

/// Answers every Math Jam question right, from the prompt ("7 + 5 = ?"). It reads the
/// prompt's bytes rather than splitting a String: the bot is the benchmark's, not EduJam's,
/// and should cost no more than the floor's one `string.match`.
final class BotChannel: PlayChannel {
    var answers: [String] = []

    func handle(_ event: RunEvent) -> Reply? {
        guard case .ask(let prompt) = event else { return nil }
        let answer = Self.solve(prompt).map(String.init) ?? "0"
        answers.append(answer)
        return Reply(answer)
    }

    /// `a op b` at the start of the prompt, computed; nil when the prompt is not a sum.
    static func solve(_ prompt: String) -> Int? {
        var bytes = prompt.utf8.makeIterator()
        func number() -> (value: Int, next: UInt8?)? {
            var value = 0
            var digits = 0
            while let byte = bytes.next() {
                guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else {
                    return digits > 0 ? (value, byte) : nil
                }
                value = value &* 10 &+ Int(byte - UInt8(ascii: "0"))
                digits += 1
            }
            return digits > 0 ? (value, nil) : nil
        }
        guard let (a, space) = number(), space == UInt8(ascii: " "), let op = bytes.next(),
            bytes.next() == UInt8(ascii: " "),
            let (b, _) = number()
        else { return nil }
        switch op {
        case UInt8(ascii: "+"): return a &+ b
        case UInt8(ascii: "-"): return a &- b
        default: return a &* b
        }
    }
}

func play(folder: String, seed: Int, store: TrackingStore, clock: RunClock, channel: PlayChannel) throws
    -> RunReport
{
    var options = PlayOptions()
    options.seed = seed
    options.level = "LEVEL-1"
    options.saving = .never
    return try GamePlayer.play(folder: folder, store: store, channel: channel, clock: clock, options: options)
}

private func perfectAnswers(folder: String, seed: Int, store: TrackingStore, clock: RunClock) throws -> [String] {
    let bot = BotChannel()
    _ = try play(folder: folder, seed: seed, store: store, clock: clock, channel: bot)
    return bot.answers
}

/// Where the subprocess plays: a store of this bench process's own in the temporary folder.
private let subprocessStore = FileManager.default.temporaryDirectory.appendingPathComponent(
    "edujam-bench-play-\(getpid()).sqlite"
).path

/// The store file and SQLite's WAL and shared-memory files beside it.
private func removeStore(_ path: String) {
    for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
}

/// One `edujam play` of Math Jam with the right answers piped in: the process's CPU time
/// (user and system, all its threads) and the wall time from start to reaped.
private func subprocess(_ binary: URL, folder: String, answers: [String]) throws -> (cpu: Double, wall: Double) {
    let process = Process()
    process.executableURL = binary
    process.arguments = ["play", folder, "--level", "LEVEL-1", "--seed", "1", "--student", "bench"]
    var environment = ProcessInfo.processInfo.environment
    environment["EDUJAM_STORE"] = subprocessStore
    process.environment = environment
    let input = Pipe()
    process.standardInput = input
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    let before = childrenCPUSeconds()
    let wall = try seconds {
        try process.run()
        input.fileHandleForWriting.write(Data((answers.joined(separator: "\n") + "\n").utf8))
        try input.fileHandleForWriting.close()
        process.waitUntilExit()
    }
    let cpu = childrenCPUSeconds() - before  // no other child of the bench ends meanwhile
    guard process.terminationStatus == 0 else {
        throw BenchError.mismatch("edujam play exited \(process.terminationStatus)")
    }
    guard cpu > 0 else { throw BenchError.mismatch("edujam play used no CPU time (not waited for?)") }
    return (cpu, wall)
}

/// The release `edujam` beside this benchmark (`make bench` builds both), else the debug one.
private func edujamBinary(_ context: Context) throws -> URL {
    let beside = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent(
        "edujam")
    if FileManager.default.isExecutableFile(atPath: beside.path) { return beside }
    return try context.file(".build/debug/edujam")
}

/// CPU seconds per run of `count` bot playthroughs of Math Jam from `seed + 1` on, as `edujam
/// test` plays them: one throwaway store per batch of runs; every run must finish.
private func botBatch(_ count: Int, folder: String, seed: inout Int, clock: RunClock) throws -> Double {
    let store = try freshStore(clock: clock)
    return try cpuPerRun(count) {
        seed += 1
        let report = try play(folder: folder, seed: seed, store: store, clock: clock, channel: BotChannel())
        guard report.outcome == .finished else { throw BenchError.mismatch("a bot run ended \(report.outcome)") }
    }
}

/// An empty in-memory store for a batch of runs.
private func freshStore(clock: RunClock) throws -> TrackingStore {
    try TrackingStore.inMemory(rootIdentifier: "org.edujam.games", rootTitle: "EduJam", clock: { clock.date() })
}

private func cpuPerRun(_ count: Int, _ body: () throws -> Void) throws -> Double {
    try cpuSeconds { for _ in 0..<count { try body() } } / Double(count)
}

/// `count` in-process playthroughs of Math Jam and nothing else: what a profiler
/// should see of the playthroughs rows (`--profile-playthroughs N`).
func profilePlaythroughs(_ context: Context, count: Int) throws {
    let folder = try context.file("games/math-jam").path
    let clock = RunClock.virtual()
    let store = try freshStore(clock: clock)
    for seed in 1...count {
        _ = try play(folder: folder, seed: seed, store: store, clock: clock, channel: BotChannel())
    }
}
