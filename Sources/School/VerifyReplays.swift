import Classroom
import Foundation
import GameContent
import Runtime
import Sandbox
import Tracking

/// `verify`'s replays behind a process boundary (``GameProcess``): a pool of children, each
/// replaying its share of a chunk's attempts one after another and writing one line per attempt
/// as it ends it.
///
/// A replay runs a student's record against a game, and a record can drive a game into the one
/// stretch no hook stops (the collector's pass over a weak-keyed chain, docs/sandbox.md): the
/// last resort then ends the process that replays it. Here that is a child, so it costs only the
/// attempt it was replaying: the child's lines say which of its attempts it finished, the first
/// one it did not is the one that did not stop (one thread a child), and that attempt is not
/// verifiable with the last resort's words. The child's remaining attempts go to a new child.
/// Each failed child so decides at least one attempt, so a run ends however many records are
/// hostile, each costing its time limit and grace period once.
///
/// Throughput: `jobs` children at once, each compiling a version once and keeping one throwaway
/// store per root for all its replays (as a thread did in process), and each started once per
/// chunk (about a tenth of a second, in parallel). The attempts reach a child in a job file in
/// the run's working folder (their records and saved results; the folder is the owner's alone),
/// and leave as lines on its stdout.
enum VerifyReplays {
    /// One attempt to replay, as a child reads it.
    struct Job: Codable {
        var index: Int
        var run: RunRecord
        var record: StoredReplayRecord
        /// The version it ran (its 64 digits): its files are in the share's ``Share/packages``.
        var version: String
        var root: String
    }

    /// A child's job file: its attempts, and the files of each version they ran (the package's
    /// canonical encoding, base64), which the child hashes again before it runs them from memory.
    struct Share: Codable {
        var jobs: [Job]
        var packages: [String: String]
    }

    /// One line a child writes: an attempt's result, or (from the last resort) why it stopped.
    struct Line: Codable {
        var index: Int?
        var state: CheckState?
        var difference: String?
        var stopped: String?
    }

    /// The result of each of `jobs`, by its ``Job/index``: replayed by at most `children`
    /// children at once, their job files written in `folder`.
    static func run(
        _ jobs: [Job], packages: [String: GamePackage], children: Int, executable: String, folder: String
    ) -> [Int: CheckResult] {
        var results: [Int: CheckResult] = [:]
        var pending = jobs
        var round = 0
        while !pending.isEmpty {
            let count = min(max(1, children), pending.count)
            let shares = (0..<count).map { share in
                stride(from: share, to: pending.count, by: count).map { pending[$0] }
            }
            var files: [String?] = []  // each share's file of jobs, nil for one that could not be written
            for (number, share) in shares.enumerated() {
                let file = (folder as NSString).appendingPathComponent("replays-\(round)-\(number).json")
                let versions = Set(share.map(\.version))
                let encoded = packages.filter { versions.contains($0.key) }.mapValues {
                    Data($0.encoded()).base64EncodedString()
                }
                do {
                    try JSONEncoder().encode(Share(jobs: share, packages: encoded)).write(
                        to: URL(fileURLWithPath: file))
                    files.append(file)
                } catch {
                    for job in share {
                        results[job.index] = CheckResult(.notVerifiable, "its replay could not start: \(error)")
                    }
                    files.append(nil)
                }
            }
            let endings = GameProcess.endings(
                files.compactMap { $0.map { GameJob.verify(file: $0) } }, width: count, executable: executable)
            var next = endings.makeIterator()
            pending = []
            for (share, file) in zip(shares, files) {
                guard let file else { continue }
                pending += collect(share, ending: next.next() ?? .failure(ChildFailure("no answer")), into: &results)
                try? FileManager.default.removeItem(atPath: file)
            }
            round += 1
        }
        return results
    }

    /// Takes a child's lines into `results`; the first attempt of `share` it did not finish gets
    /// why it stopped, and the ones after it are returned, to go to another child.
    private static func collect(
        _ share: [Job], ending: Result<ChildEnding, ChildFailure>, into results: inout [Int: CheckResult]
    ) -> [Job] {
        var stopped: String?
        var why: String
        switch ending {
        case .success(let ending):
            for text in ending.output.split(separator: UInt8(ascii: "\n")) {
                guard let line = try? JSONDecoder().decode(Line.self, from: Data(text)) else { continue }
                if let index = line.index, let state = line.state {
                    results[index] = CheckResult(state, line.difference)
                }
                if let words = line.stopped { stopped = words }
            }
            why = "its replay's process \(ending.description) without a result"
        case .failure(let failure):
            why = "its replay could not start: \(failure)"
        }
        let left = share.filter { results[$0.index] == nil }
        guard let first = left.first else { return [] }
        results[first.index] = CheckResult(.notVerifiable, stopped.map { "its replay did not stop: " + $0 } ?? why)
        return Array(left.dropFirst())
    }

    // MARK: The child's side

    /// `edujam __game verify FILE`: replays the jobs in FILE in order on this thread, writing one
    /// ``Line`` per attempt as it is decided; the last resort writes one with ``Line/stopped``.
    static func child(file: String) -> GameJobs.ChildExit {
        Sandbox.setLastResort(exitStatus: GameJobs.lastResortStatus) { report in
            let words =
                "time limit exceeded (\(report.time) per call), and the game did not stop within "
                + "\(report.grace) more; its process was ended"
            write(Line(stopped: words))
        }
        guard let data = FileManager.default.contents(atPath: file),
            let share = try? JSONDecoder().decode(Share.self, from: data)
        else { return .failed("\(GameProcess.command) verify: cannot read its jobs") }
        let packages = share.packages.compactMapValues(unpacked)
        var stores = ReplayStores()
        for job in share.jobs {
            let result: CheckResult
            if let package = packages[job.version], package.version.hex == job.version {
                let game = PlayedGame.package(package, label: label(of: package.version))
                result = AttemptVerifier.checked(
                    job.run, job.record, .replay(game: game, root: job.root), stores: &stores)
            } else {
                result = CheckResult(.notVerifiable, "the files of its game version did not reach its replay whole")
            }
            write(Line(index: job.index, state: result.state, difference: result.difference))
        }
        return .answered
    }

    /// A package from its base64 canonical encoding, hashed again as it is decoded; nil for text
    /// that is none.
    private static func unpacked(_ base64: String) -> GamePackage? {
        Data(base64Encoded: base64).flatMap { try? GamePackage(encoded: Array($0)) }
    }

    /// One line on stdout, written at once (unbuffered): the parent reads what a child the last
    /// resort ended had written.
    private static func write(_ line: Line) {
        guard let data = try? JSONEncoder().encode(line) else { return }
        GameProcess.writeLine(data)
    }
}
