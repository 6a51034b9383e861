import DeclaredCommands
import Foundation
import Playtest
import Runtime
import School

/// `edujam fuzz`: plays a game with random input (its options and synopsis: ``declaration``).
enum FuzzCommand: Command {
    static let declaration = CommandDeclaration(
        "fuzz", summary: "play a game with random input", example: "fuzz games/math-jam --runs 10000",
        usage: ["fuzz <game folder | identifier> [options]"],
        description: """
            Plays the game N times (default 1000) with a monkey that types anything. Each script
            error or limit hit is printed with the seed that reproduces it and the input, shrunk
            to a minimal .play case. Run S is replayed by --seed S --runs 1.
            """,
        options: [
            OptionDeclaration("--runs", value: "N", "how many runs (default 1000)"),
            OptionDeclaration("--seed", value: "S", "the first run's seed"),
            JobsOption.declaration(plays: "the runs", same: "the findings are"),
        ],
        positional: .directory, docs: "docs/playtesting.md", gamesFolder: .reads)

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
