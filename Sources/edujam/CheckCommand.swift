import Authoring
import DeclaredCommands
import Foundation
import Runtime
import School

/// `edujam check`: what authors commonly get wrong, with hints (its options and synopsis: ``declaration``).
enum CheckCommand: Command {
    static let declaration = CommandDeclaration(
        "check", summary: "find mistakes, with hints", example: "check games/my-quiz",
        usage: ["check [game folders...] [options]"],
        description: """
            Finds what authors commonly get wrong, each with file:line and a hint: syntax, the
            declaration, undefined globals and typos, writes to globals, bad activity calls, a game
            that never starts or reports, and (when those pass) failures under random input.
            Default: every game in the games folder. Exit 1 on errors; warnings alone exit 0.
            With luacheck installed (Debian package lua-check), its warnings that EduJam's own checks
            do not already give are added, except in a game's lib/ and vendor/ folders (libraries
            dropped in as they are); without it, check says nothing about it.
            """,
        options: [
            OptionDeclaration("--fuzz-runs", value: "N", "random-input runs per game (default 300; 0 for none)"),
            OptionDeclaration(
                "--fuzz-seconds", value: "N",
                "the most time those runs and shrinking what they find take per\ngame (default 30); a note says when it ran out"
            ),
            JobsOption.declaration(plays: "those runs", same: "the findings are"),
            OptionDeclaration("--no-luacheck", "do not fold in luacheck's findings even when it is installed"),
        ],
        positional: .directory, docs: "docs/authoring.md", gamesFolder: .reads)

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
