import Foundation
import Runtime

/// One line of `edujam test`'s results: a transcript case, a bot, or a smoke fuzz.
public struct TestOutcome {
    /// The game folder's name: `math-jam`.
    public var game: String
    /// `basic.play: perfect round`, `math.bot.lua (500 playthroughs)`, `fuzz (200 runs)`.
    public var name: String
    /// Nil when it passed; else what failed, ready to print.
    public var failure: String?
    /// Wall-clock seconds.
    public var seconds: Double
    /// For `--update`: the lines changed in the `.play` file, shown before it is written.
    public var diff: [String] = []

    /// Whether it passed.
    public var passed: Bool { failure == nil }
}

/// The games and test files under the paths given to `edujam test`.
public struct TestSuite {
    /// One game and the tests chosen for it.
    struct Entry {
        /// The game folder.
        var folder: String
        /// `.play` files to run.
        var transcripts: [String]
        /// `.bot.lua` files to run.
        var bots: [String]
        /// Whether to smoke-fuzz the game (not when single files were named).
        var fuzz: Bool
    }

    /// The games, in path order.
    var entries: [Entry]

    /// A path that holds no game and no test file.
    public struct PathError: Error, CustomStringConvertible {
        var path: String
        public var description: String {
            "\(path): not a game folder, a folder of games, a .play file or a .bot.lua file"
        }
    }

    /// Finds the tests under each path: a game folder, a folder of games, or a single `.play` / `.bot.lua` file.
    /// - Throws: ``PathError`` for a path that is none of those.
    public static func discover(_ paths: [String]) throws -> TestSuite {
        var entries: [Entry] = []
        let files = FileManager.default
        for path in paths {
            if path.hasSuffix(".play") || path.hasSuffix(".bot.lua") {
                guard files.fileExists(atPath: path) else { throw PathError(path: path) }
                let folder = ((path as NSString).deletingLastPathComponent as NSString).deletingLastPathComponent
                let isPlay = path.hasSuffix(".play")
                entries.append(
                    Entry(
                        folder: folder.isEmpty ? "." : folder, transcripts: isPlay ? [path] : [],
                        bots: isPlay ? [] : [path], fuzz: false))
            } else if files.fileExists(atPath: (path as NSString).appendingPathComponent("game.lua")) {
                entries.append(entry(forGameIn: path))
            } else if let names = try? files.contentsOfDirectory(atPath: path) {
                let games = names.sorted().map { (path as NSString).appendingPathComponent($0) }
                    .filter { files.fileExists(atPath: ($0 as NSString).appendingPathComponent("game.lua")) }
                guard !games.isEmpty else { throw PathError(path: path) }
                entries += games.map(entry(forGameIn:))
            } else {
                throw PathError(path: path)
            }
        }
        return TestSuite(entries: entries)
    }

    private static func entry(forGameIn folder: String) -> Entry {
        let tests = (folder as NSString).appendingPathComponent("tests")
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: tests)) ?? []).sorted()
        let paths = names.map { (tests as NSString).appendingPathComponent($0) }
        return Entry(
            folder: folder, transcripts: paths.filter { $0.hasSuffix(".play") },
            bots: paths.filter { $0.hasSuffix(".bot.lua") }, fuzz: true)
    }

    /// How `run` goes about it.
    public struct Settings {
        /// Smoke-fuzz runs per game; 0 for none.
        public var fuzzRuns = 200
        /// Rewrite failing transcript expectations (bless).
        public var update = false
        /// Creates the defaults.
        public init() {}
    }

    /// Runs everything, reporting each result as it comes.
    /// - Parameters:
    ///   - settings: fuzz runs and update mode.
    ///   - progress: a label for what runs now, for a progress line.
    ///   - report: called with each result as soon as it is known.
    public func run(
        _ settings: Settings, progress: (String) -> Void = { _ in },
        report: (TestOutcome) -> Void
    ) {
        for entry in entries {
            let name = ((entry.folder as NSString).standardizingPath as NSString).lastPathComponent
            let game: GameUnderTest
            do {
                game = try GameUnderTest(folder: entry.folder)
            } catch {
                report(TestOutcome(game: name, name: "load game.lua", failure: "\(error)", seconds: 0))
                continue
            }
            for file in entry.transcripts {
                TranscriptTests.run(file, on: game, update: settings.update, progress: progress, report: report)
            }
            for file in entry.bots {
                BotTests.run(file, on: game, progress: progress, report: report)
            }
            if entry.fuzz && settings.fuzzRuns > 0 {
                progress("\(name): fuzz")
                let started = Date()
                let summary = Fuzzer.fuzz(game, runs: settings.fuzzRuns, seed: 1)
                let failure =
                    summary.findings.isEmpty ? nil : summary.findings.map(FuzzReport.describe).joined(separator: "\n")
                report(
                    TestOutcome(
                        game: name, name: "fuzz (\(settings.fuzzRuns) runs)", failure: failure,
                        seconds: Date().timeIntervalSince(started)))
            }
        }
    }
}
