import Foundation

/// How a run is configured, from the command line.
struct Options: Sendable {
    /// Print one JSON document instead of the table.
    var json = false
    /// Fewer, shorter repetitions: the whole run in about 15 s instead of 60 s.
    var quick = false
    /// Run only the rows whose name is this, or whose group (before `/`) is this.
    var only: String?
    /// Milliseconds per CPU repetition, instead of the mode's default.
    var roundMilliseconds: Double?
    /// Rounds per CPU row, instead of the mode's default.
    var rounds: Int?
    /// Play this many in-process playthroughs and nothing else (for a profiler).
    var profilePlaythroughs: Int?
    /// Run this workload (`bench/workloads/NAME.lua`) in a sandbox and in a bare state and nothing else.
    var profileWorkload: String?
    /// Make this many calls of one bridge loop and nothing else (for a profiler).
    var profileBridge: (callee: BridgeLoops.Callee, count: Int)?
    /// Also write the table to this file, replacing it (`make bench`: bench/RESULTS.md).
    var results: String?
}

/// What every row gets: the options, where the files are, and the repetition budget.
struct Context: Sendable {
    var options: Options
    /// The repository root; `bench/` and `games/` are found under it.
    var root: URL

    /// Repetitions per side of a row. Odd, so the median is one measured value.
    var repetitions: Int { options.quick ? 5 : 15 }

    /// Rounds of the two playthrough rows: a subprocess or a batch of playthroughs per side.
    var playthroughRounds: ClosedRange<Int> { options.quick ? 5...15 : 15...61 }

    /// Rounds per CPU row: at least the lower bound, more while the ratio is not yet
    /// steady (``interleaveUntilSteady(_:pair:_:)``).
    var cpuRounds: ClosedRange<Int> {
        if let rounds = options.rounds { return rounds...rounds }
        return options.quick ? 15...41 : 41...161
    }

    /// About how long one repetition of a CPU workload should take. Long enough
    /// that the clock's resolution and the call's fixed cost do not show.
    /// Short rounds, many of them: on a busy machine a round that another process
    /// interrupts costs more CPU time (cold caches), and a 5 ms round is interrupted
    /// far less often than a 50 ms one; the median over many rounds then holds still.
    var repetitionSeconds: Double { options.roundMilliseconds.map { $0 / 1000 } ?? (options.quick ? 0.003 : 0.005) }

    func file(_ relativePath: String) throws -> URL {
        let url = root.appendingPathComponent(relativePath)
        guard FileManager.default.fileExists(atPath: url.path) else {
            throw BenchError.missingFile(relativePath)
        }
        return url
    }

    func text(_ relativePath: String) throws -> String {
        try String(contentsOf: file(relativePath), encoding: .utf8)
    }

    /// Progress for the person waiting, on stderr so `--json` stays clean.
    func log(_ message: String) {
        FileHandle.standardError.write(Data("edujam-bench: \(message)\n".utf8))
    }
}

/// Why a row could not be measured.
enum BenchError: Error, CustomStringConvertible {
    case missingFile(String)
    case stockLua(String)
    case rawLua(String)
    case mismatch(String)

    var description: String {
        switch self {
        case .missingFile(let path): return "\(path) not found (run from the repository root)"
        case .stockLua(let message): return "stock lua5.4: \(message)"
        case .rawLua(let message): return "bare Lua state: \(message)"
        case .mismatch(let message): return "results differ: \(message)"
        }
    }
}

/// Seconds `body` takes by the monotonic wall clock.
func seconds(_ body: () throws -> Void) rethrows -> Double {
    let clock = ContinuousClock()
    let start = clock.now
    try body()
    let (whole, attoseconds) = (clock.now - start).components
    return Double(whole) + Double(attoseconds) * 1e-18
}

/// Seconds of CPU time this thread spends in `body`: what Lua's `os.clock`
/// (C `clock()`) measures, so stock and sandbox compare in one clock domain.
/// Unlike wall time it does not count the moments another developer's job
/// holds the CPU, which on a shared machine otherwise land on one side only.
func cpuSeconds(_ body: () throws -> Void) rethrows -> Double {
    func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) * 1e-9
    }
    let start = now()
    try body()
    return now() - start
}

/// CPU time of every thread of this process: what threads working in parallel spend, which the
/// wall clock of a shared machine cannot tell from the other processes' use of the cores.
func processCPUSeconds() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) * 1e-9
}

/// Wall-clock seconds `body` takes, and the CPU seconds every thread of this process spends meanwhile.
func secondsAndProcessCPU(_ body: () throws -> Void) rethrows -> (seconds: Double, cpu: Double) {
    let cpuBefore = processCPUSeconds()
    let time = try seconds(body)
    return (time, processCPUSeconds() - cpuBefore)
}

/// CPU seconds (user and system, every thread) of the child processes that ended and were
/// waited for so far: a subprocess's own CPU time is the difference around its run and wait.
func childrenCPUSeconds() -> Double {
    var usage = rusage()
    getrusage(RUSAGE_CHILDREN.rawValue, &usage)
    func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) * 1e-6 }
    return seconds(usage.ru_utime) + seconds(usage.ru_stime)
}

/// Which CPUs a thread or process may run on (`sched_getaffinity`, `sched_setaffinity`).
///
/// Interleaved rounds run on one CPU, and so does the stock interpreter they are compared
/// with: the two CPUs of a shared VM do not run at one speed (their host threads share the
/// host's cores with other guests), and a reference the scheduler puts on the other CPU than
/// EduJam, most often on an idle machine, compares two speeds (bench/README.md, "One CPU for
/// both sides"). The CPU is the lowest the bench may use, the same in every run:
/// `taskset -c N` chooses another.
///
/// Glibc's Swift module leaves the GNU-only affinity calls out, so they are looked up by name.
enum Affinity {
    /// A `cpu_set_t`: 1,024 bits, CPU `n` is bit `n % 64` of word `n / 64`.
    typealias Mask = [UInt64]
    private typealias Call = @convention(c) (pid_t, Int, UnsafeMutableRawPointer?) -> Int32

    private static func call(_ name: String, _ pid: pid_t, _ mask: inout Mask) -> Bool {
        guard let libc = dlopen(nil, RTLD_NOW), let symbol = dlsym(libc, name) else { return false }
        let function = unsafeBitCast(symbol, to: Call.self)
        return mask.withUnsafeMutableBytes { function(pid, $0.count, $0.baseAddress) } == 0
    }

    /// The CPUs `pid` may run on; 0 is the calling thread.
    static func allowed(_ pid: pid_t = 0) -> Mask? {
        var mask = Mask(repeating: 0, count: 16)
        return call("sched_getaffinity", pid, &mask) ? mask : nil
    }

    /// Restricts `pid` (0: the calling thread) to `mask`; false if the system refused.
    @discardableResult
    static func restrict(_ pid: pid_t = 0, to mask: Mask) -> Bool {
        var mask = mask
        return call("sched_setaffinity", pid, &mask)
    }

    /// A mask of the one CPU `cpu`.
    static func only(_ cpu: Int) -> Mask {
        var mask = Mask(repeating: 0, count: 16)
        mask[cpu / 64] = 1 << UInt64(cpu % 64)
        return mask
    }

    /// The CPU rounds run on: the lowest the calling thread may use; nil if unknown.
    static var benchCPU: Int? {
        guard let mask = allowed() else { return nil }
        return mask.indices.lazy.compactMap { word in
            mask[word] == 0 ? nil : word * 64 + mask[word].trailingZeroBitCount
        }.first
    }

    /// Runs `body` with the calling thread on ``benchCPU`` alone (processes it starts
    /// inherit that), then gives it back the CPUs it had.
    static func onBenchCPU<T>(_ body: () throws -> T) rethrows -> T {
        guard let saved = allowed(), let cpu = benchCPU, restrict(to: only(cpu)) else { return try body() }
        defer { restrict(to: saved) }
        return try body()
    }
}

/// The middle value (the mean of the two middle ones for an even count).
func median(_ values: [Double]) -> Double {
    precondition(!values.isEmpty, "a median needs values")
    let sorted = values.sorted()
    let middle = sorted.count / 2
    return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}

/// Samples of several variants taken in turns, and what they summarize to.
struct Interleaved {
    /// samples[variant][repetition]
    var samples: [[Double]]

    func median(of variant: Int) -> Double { edujam_bench.median(samples[variant]) }

    /// The median of the per-repetition ratios `variant / base`. Each ratio
    /// compares two samples taken moments apart, so drift in the machine's
    /// speed over the run cancels out of it.
    func ratio(_ variant: Int, to base: Int) -> Double {
        paired(variant, to: base).median
    }

    /// The per-repetition ratios `variant / base`, summarized with their spread.
    func paired(_ variant: Int, to base: Int) -> PairedRatio {
        PairedRatio(zip(samples[variant], samples[base]).map { $0 / $1 })
    }
}

/// Per-round ratios of two interleaved variants: their median, and how well
/// that median is known.
struct PairedRatio: Sendable {
    /// The median of the per-round ratios: the row's ratio.
    var median: Double
    /// The interquartile range of the median itself, relative to it: the width of the
    /// interval a repeat of the row would put its median in half the time (a 50%
    /// confidence interval from order statistics, rank n/2 ± 0.674·√n/2). It shrinks
    /// as rounds are added (as 1/√n), which is how a busy machine is answered: more rounds.
    var spread: Double
    /// The interquartile range of the per-round ratios, relative to the median: how much
    /// single rounds disagree (0.01-0.02 when the machine is quiet, 0.05-0.2 under load).
    var roundSpread: Double
    var rounds: Int

    /// Above this spread a ratio is too noisy to judge against its target.
    static let maxSpread = 0.05

    init(_ ratios: [Double]) {
        let sorted = ratios.sorted()
        let median = quantile(sorted, 0.5)
        func relative(_ low: Double, _ high: Double) -> Double {
            median > 0 ? (quantile(sorted, high) - quantile(sorted, low)) / median : 0
        }
        let halfWidth = 0.674 * Double(sorted.count).squareRoot() / 2 / Double(sorted.count)
        self.median = median
        self.rounds = sorted.count
        spread = relative(max(0, 0.5 - halfWidth), min(1, 0.5 + halfWidth))
        roundSpread = relative(0.25, 0.75)
    }

    var isTooNoisy: Bool { spread > Self.maxSpread }

    /// For a row's note: how many rounds, and how much single rounds disagreed (how busy the machine was).
    var roundsNote: String { String(format: "%d rounds, single rounds' spread %.3f", rounds, roundSpread) }

    /// Where ``interleaveUntilSteady(_:pair:_:)`` stops adding rounds: well inside ``maxSpread``.
    static let steadySpread = 0.02
}

/// The `q` quantile of sorted values, interpolating between neighbours (R's type 7).
func quantile(_ sorted: [Double], _ q: Double) -> Double {
    precondition(!sorted.isEmpty, "a quantile needs values")
    let position = q * Double(sorted.count - 1)
    let below = Int(position.rounded(.down))
    let above = min(below + 1, sorted.count - 1)
    return sorted[below] + (sorted[above] - sorted[below]) * (position - Double(below))
}

/// Runs each variant once per repetition, in turns, rotating which goes first
/// so that no variant always runs just after another (caches, frequency).
///
/// - Parameters:
///   - repetitions: samples per variant.
///   - variants: each returns one sample (a duration, or any cost).
func interleave(_ repetitions: Int, _ variants: [() throws -> Double]) throws -> Interleaved {
    var samples = Array(repeating: [Double](), count: variants.count)
    for repetition in 0..<repetitions {
        for step in 0..<variants.count {
            let variant = (repetition + step) % variants.count
            samples[variant].append(try variants[variant]())
        }
    }
    return Interleaved(samples: samples)
}

/// Interleaves as ``interleave(_:_:)`` does, then keeps adding rounds while the paired
/// ratio `pair` (variant, base) has a spread over ``PairedRatio/steadySpread``; stops at `rounds.upperBound` whatever the spread: a busy machine gets
/// more rounds, a quiet one finishes at `rounds.lowerBound`.
///
/// Every round runs on one CPU (``Affinity/onBenchCPU(_:)``), and one warm-up round of
/// every variant comes first and is not kept: its caches, page faults and first-time
/// work are no round's.
func interleaveUntilSteady(
    _ rounds: ClosedRange<Int>, pair: (variant: Int, base: Int), _ variants: [() throws -> Double]
) throws -> Interleaved {
    try Affinity.onBenchCPU {
        _ = try interleave(1, variants)
        var result = try interleave(rounds.lowerBound, variants)
        let step = max(1, rounds.lowerBound / 2)
        while result.samples[0].count < rounds.upperBound,
            result.paired(pair.variant, to: pair.base).spread > PairedRatio.steadySpread
        {
            let more = try interleave(min(step, rounds.upperBound - result.samples[0].count), variants)
            for variant in result.samples.indices { result.samples[variant] += more.samples[variant] }
        }
        return result
    }
}
