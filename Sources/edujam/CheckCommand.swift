import Authoring
import DeclaredCommands
import EdujamCommandLine
import Foundation
import Runtime
import School

/// `edujam check`: what authors commonly get wrong, with hints (its options and synopsis: ``declaration``).
enum CheckCommand: Command {
    static let declaration = CheckOptions.declaration

    static func run(_ words: [String]) throws -> ExitStatus {
        let options = try CheckOptions(words)
        let settings = options.settings
        let folders = try gameFolders(options)
        var errors = 0
        var warnings = 0
        for result in checked(folders, settings: settings) {
            errors += result.findings.filter { $0.severity == .error }.count
            warnings += result.findings.filter { $0.severity == .warning }.count
        }
        let games = folders.count == 1 ? "1 game" : "\(folders.count) games"
        Output.line(
            "checked \(games): \(errors) error\(errors == 1 ? "" : "s"), \(warnings) warning\(warnings == 1 ? "" : "s")"
        )
        return errors == 0 ? .success : .failure
    }

    /// Checks each game folder in a process of its own, as `edujam check` does (another game
    /// of the same games folder declaring the same id is an error), and prints each finding,
    /// then the notes once each.
    /// - Returns: Each folder's findings, in order.
    static func checked(_ folders: [String], settings: GameChecker.Settings) -> [GameChecker.Result] {
        let results = GameJobs().checkBesideNeighbours(folders, settings: settings)
        for finding in results.flatMap(\.findings) { Output.line(finding.description) }
        for note in Set(results.flatMap(\.notes)).sorted() { Output.error("note: \(note)") }
        return results
    }

    /// The folders named (a games folder stands for every game in it, as with `edujam test`),
    /// or every game in `--games`.
    private static func gameFolders(_ options: CheckOptions) throws -> [String] {
        guard !options.folders.isEmpty else { return try games(in: Installation.gamesToRead(options.common)) }
        return options.folders.flatMap { folder in
            hasGame(folder) ? [folder] : ((try? games(in: folder)) ?? [folder])  // a lone folder gets "no game.lua"
        }
    }

    private static func games(in folder: String) throws -> [String] {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else {
            throw UsageError("\(folder) is not a readable folder; name game folders or pass --games DIR")
        }
        let folders = names.sorted().map { (folder as NSString).appendingPathComponent($0) }.filter(hasGame)
        guard !folders.isEmpty else { throw UsageError("no games in \(folder)") }
        return folders
    }

    private static func hasGame(_ folder: String) -> Bool {
        FileManager.default.fileExists(atPath: (folder as NSString).appendingPathComponent("game.lua"))
    }
}
