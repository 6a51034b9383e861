import DeclaredCommands
import EdujamCommandLine
import Foundation
import Playtest
import Runtime
import School

/// `edujam fuzz`: plays a game with random input (its options and synopsis: ``declaration``).
enum FuzzCommand: Command {
    static let declaration = FuzzOptions.declaration

    static func run(_ words: [String]) throws -> ExitStatus {
        let options = try FuzzOptions(words)
        let target = try GameTarget.resolve(options.game, gamesFolder: { try Installation.gamesToRead(options.common) })
        let runs = options.runs
        let seed = options.seed ?? Int.random(in: 1...999_999)
        let seeds = PlayOptions.seedRange
        guard seeds.contains(seed), seed <= seeds.upperBound - (runs - 1) else {
            throw UsageError(
                "--seed: the runs' seeds S...S+N-1 must lie within \(seeds.lowerBound)...\(seeds.upperBound)")
        }
        let game = try GameUnderTest(folder: target.folder)
        let progress = Progress()
        let summary = Fuzzer.fuzz(game, runs: runs, seed: seed, jobs: options.jobs) { done, found in
            progress.show("fuzz \(game.name): \(done)/\(runs) runs, \(found) findings")
        }
        progress.clear()
        let rate = summary.seconds > 0 ? Int(Double(summary.runs) / summary.seconds) : summary.runs
        let counts = ["finished", "quit", "error", "limit"].map { name in
            "\(summary.outcomes.first { $0.key.rawValue == name }?.value ?? 0) \(name)"
        }
        Output.line(
            "fuzz \(game.name): \(summary.runs) runs from seed \(seed) in "
                + String(format: "%.2f s", summary.seconds) + " (\(rate) runs/s): " + counts.joined(separator: ", "))
        for finding in summary.findings {
            Output.line("")
            Output.line(FuzzReport.describe(finding))
        }
        Output.line(FuzzReport.finishLine(summary))
        if summary.findings.isEmpty { Output.line("no findings") }
        return summary.findings.isEmpty ? .success : .failure
    }
}
