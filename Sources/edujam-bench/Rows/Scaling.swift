import Foundation
import Playtest

/// A scaling row's measurements: the same work with one job and with one per core, timed by the
/// wall clock, in alternated pairs so that both see the same machine. Each pair gives its own
/// speed-up, and the row's figure is their median, with its spread, as every interleaved row's
/// is (``PairedRatio``): two samples taken moments apart see the same machine, so its drift
/// cancels out of their ratio.
///
/// Many short pairs rather than a few long ones: the two CPUs of a shared VM change speed from
/// second to second (the stock interpreter alone, one CPU, the same 0.1 s of work: 0.104-0.134 s),
/// and the parallel side needs both at once, so a disturbance on either lands on it. The best of
/// each side, an earlier figure of this row, set one side's luckiest moment against the
/// other's: the one-job side needs one fast CPU, the parallel side two at once, so the luck was
/// uneven and the figure sat below the pairs' own (1.51 against their median of 1.76 in one run).
/// It is still in the note, beside the pairs' lowest and highest.
struct ScalingPairs {
    private(set) var single: [Double] = []
    private(set) var parallel: [Double] = []
    private(set) var cpu: (single: Double, parallel: Double) = (0, 0)
    let cores = Jobs.cores

    /// Runs `pairs.lowerBound` pairs of `work(1)` then `work(cores)`, then more while the
    /// median speed-up's spread is over ``PairedRatio/steadySpread``, up to `pairs.upperBound`.
    /// - Parameter work: The work on that many jobs; its wall time and the CPU time every thread
    ///   of the process spent meanwhile (``secondsAndProcessCPU(_:)``).
    init(pairs: ClosedRange<Int>, _ work: (_ jobs: Int) throws -> (seconds: Double, cpu: Double)) rethrows {
        while single.count < pairs.lowerBound
            || (single.count < pairs.upperBound && paired.spread > PairedRatio.steadySpread)
        {
            let (one, many) = (try work(1), try work(cores))
            single.append(one.seconds)
            parallel.append(many.seconds)
            cpu = (cpu.single + one.cpu, cpu.parallel + many.cpu)
        }
    }

    /// The pairs' own ratios, parallel / single: the inverse of their speed-ups.
    var paired: PairedRatio { PairedRatio(zip(parallel, single).map { $0 / $1 }) }

    /// The row: a speed-up of at least 0.9 per core (none on one core). Its reference and EduJam
    /// columns are the medians of each side's times, its ratio the median of the pairs' ratios.
    /// - Parameters:
    ///   - work: What was timed, in words (`2000 Math Jam attempts verified`).
    ///   - beside: What the threads' CPU time is compared with (`the replays`).
    func measurement(name: String, work: String, beside: String, checks: String? = nil) -> Measurement {
        let paired = paired
        let target = 0.9 * Double(cores)
        let speedUps = zip(single, parallel).map { $0 / $1 }.sorted()
        return Measurement(
            name: name, reference: median(single), edujam: median(parallel), unit: "s", paired: paired,
            target: cores > 1 ? Target(maxRatio: 1 / target, checks: checks) : Target(checks: checks),
            note: String(
                format: "%@: speed-up %.2f with %d jobs (target >= %.2f, 0.9 per core), the median of %d alternated "
                    + "pairs' own (wall time; reference: --jobs 1; lowest %.2f, highest %.2f; best of each side %.2f); "
                    + "process CPU time %.2f s with %d jobs for %.2f s with one (%.2f: what the threads cost "
                    + "beside %@)",
                work, 1 / paired.median, cores, cores > 1 ? target : 1, single.count, speedUps.first!,
                speedUps.last!, single.min()! / parallel.min()!, cpu.parallel, cores, cpu.single,
                cpu.parallel / cpu.single, beside))
    }
}
