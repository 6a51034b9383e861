import Foundation

/// How a run is configured, from the command line.
struct Options: Sendable {
    /// Print one JSON document instead of the table.
    var json = false
    /// Fewer, shorter repetitions: the whole run in about 15 s instead of 60 s.
    var quick = false
    /// Run only the rows whose name is this, or whose group (before `/`) is this.
    var only: String?
}

/// What every row gets: the options, where the files are, and the repetition budget.
struct Context: Sendable {
    var options: Options
    /// The repository root; `bench/` and `games/` are found under it.
    var root: URL

    /// Repetitions per side of a row. Odd, so the median is one measured value.
    var repetitions: Int { options.quick ? 5 : 15 }

    /// About how long one repetition of a CPU workload should take. Long enough
    /// that the clock's resolution and the call's fixed cost do not show.
    var repetitionSeconds: Double { options.quick ? 0.012 : 0.05 }

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

/// Seconds of CPU time the process spends in `body`: what Lua's `os.clock`
/// (C `clock()`) measures, so stock and sandbox compare in one clock domain.
/// Unlike wall time it does not count the moments another developer's job
/// holds the CPU, which on a shared machine otherwise land on one side only.
func cpuSeconds(_ body: () throws -> Void) rethrows -> Double {
    func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) * 1e-9
    }
    let start = now()
    try body()
    return now() - start
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
        edujam_bench.median(zip(samples[variant], samples[base]).map { $0 / $1 })
    }
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
