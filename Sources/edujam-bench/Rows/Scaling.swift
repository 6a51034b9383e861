import Foundation
import Playtest

/// A scaling row's measurements: the same work with one job and with one per core, timed by the
/// wall clock, in alternated pairs so that both see the same machine; each side's best is its
/// figure, and the speed-up is their ratio's inverse.
///
/// Many short pairs rather than a few long ones: the two CPUs of a shared VM change speed from
/// second to second (the stock interpreter alone, one CPU, the same 0.1 s of work: 0.104-0.134 s),
/// and the parallel side needs both at once, so a disturbance on either lands on it. The
/// median of the pairs' own speed-ups is printed beside the figure so the spread stays visible.
struct ScalingPairs {
    private(set) var single: [Double] = []
    private(set) var parallel: [Double] = []
    private(set) var cpu: (single: Double, parallel: Double) = (0, 0)
    let cores = Jobs.cores

    /// Runs `pairs` pairs of `work(1)` then `work(cores)`.
    /// - Parameter work: The work on that many jobs; its wall time and the CPU time every thread
    ///   of the process spent meanwhile (``secondsAndProcessCPU(_:)``).
    init(pairs: Int, _ work: (_ jobs: Int) throws -> (seconds: Double, cpu: Double)) rethrows {
        for _ in 0..<pairs {
            let (one, many) = (try work(1), try work(cores))
            single.append(one.seconds)
            parallel.append(many.seconds)
            cpu = (cpu.single + one.cpu, cpu.parallel + many.cpu)
        }
    }

    /// The row: a speed-up of at least 0.9 per core (none on one core).
    /// - Parameters:
    ///   - work: What was timed, in words (`2000 Math Jam attempts verified`).
    ///   - beside: What the threads' CPU time is compared with (`the replays`).
    func measurement(name: String, work: String, beside: String, checks: String? = nil) -> Measurement {
        let (reference, edujam) = (single.min()!, parallel.min()!)
        let target = 0.9 * Double(cores)
        let speedUps = zip(single, parallel).map { $0 / $1 }.sorted()
        return Measurement(
            name: name, reference: reference, edujam: edujam, unit: "s",
            target: cores > 1 ? Target(maxRatio: 1 / target, checks: checks) : Target(checks: checks),
            note: String(
                format: "%@: speed-up %.2f with %d jobs (target >= %.2f, 0.9 per core); reference: --jobs 1; "
                    + "best of %d alternated pairs (wall time; the pairs' own speed-ups %.2f-%.2f, median %.2f); "
                    + "process CPU time %.2f s with %d jobs for %.2f s with one (%.2f: what the threads cost "
                    + "beside %@)",
                work, reference / edujam, cores, cores > 1 ? target : 1, single.count, speedUps.first!,
                speedUps.last!, speedUps[speedUps.count / 2], cpu.parallel, cores, cpu.single,
                cpu.parallel / cpu.single, beside))
    }
}
