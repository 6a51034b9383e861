import Authoring
import Foundation

/// `edujam check [game folders...] [--fuzz-runs N] [--no-luacheck]`
enum CheckCommand {
    static let usage = """
        usage: edujam check [game folders...] [--games DIR] [--fuzz-runs N] [--no-luacheck]
        Finds what authors commonly get wrong, each with file:line and a hint: syntax, the
        declaration, undefined globals and typos, writes to globals, bad activity calls, a game
        that never starts or reports, and (when those pass) failures under random input.
        Default: every game in the games folder. Exit 1 on errors; warnings alone exit 0.
          --fuzz-runs N    random-input runs per game (default 300; 0 for none)
          --no-luacheck    do not fold in luacheck's findings even when it is installed
        """
    static let spec = Arguments.Spec(valued: ["--fuzz-runs"], flags: ["--no-luacheck"])

    static func run(_ words: [String]) throws -> ExitStatus {
        let arguments = try Arguments(words, spec: spec)
        var settings = GameChecker.Settings()
        settings.useLuacheck = !arguments.flag("--no-luacheck")
        if let runs = try arguments.integer("--fuzz-runs") {
            guard runs >= 0 else { throw UsageError("--fuzz-runs needs 0 or more") }
            settings.fuzzRuns = runs
        }
        let folders = try gameFolders(arguments)
        var errors = 0, warnings = 0
        var notes: Set<String> = []
        for folder in folders {
            let result = GameChecker.check(folder: folder, settings: settings)
            for finding in result.findings { Output.line(finding.description) }
            errors += result.findings.filter { $0.severity == .error }.count
            warnings += result.findings.filter { $0.severity == .warning }.count
            notes.formUnion(result.notes)
        }
        for note in notes.sorted() { Output.error("note: \(note)") }
        let games = folders.count == 1 ? "1 game" : "\(folders.count) games"
        Output.line("checked \(games): \(errors) error\(errors == 1 ? "" : "s"), \(warnings) warning\(warnings == 1 ? "" : "s")")
        return errors == 0 ? .success : .failure
    }

    /// The folders named, or every folder holding a game.lua in the games folder.
    private static func gameFolders(_ arguments: Arguments) throws -> [String] {
        if !arguments.positionals.isEmpty { return arguments.positionals }
        let games = arguments.value("--games") ?? "games"
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: games) else {
            throw UsageError("\(games) is not a readable folder; name game folders or pass --games DIR")
        }
        let folders = names.sorted().map { (games as NSString).appendingPathComponent($0) }
            .filter { FileManager.default.fileExists(atPath: ($0 as NSString).appendingPathComponent("game.lua")) }
        guard !folders.isEmpty else { throw UsageError("no games in \(games)") }
        return folders
    }
}
