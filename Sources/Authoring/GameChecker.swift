import Foundation
import Playtest
import Runtime
import Sandbox

/// `edujam check` for one game folder: everything an author commonly gets wrong, as findings.
///
/// ```swift
/// let result = GameChecker.check(folder: "games/my-quiz")
/// for finding in result.findings { print(finding) }
/// ```
public enum GameChecker {
    /// What to run.
    public struct Settings: Sendable, Codable {
        /// Monkey runs after the static checks pass; 0 for none.
        public var fuzzRuns = 300
        /// The most wall-clock time the monkey runs and the shrinking of what they find may
        /// take per game. A game that burns half a second a run would otherwise hold `check`
        /// for minutes; when the time runs out, the findings so far are reported and a note says so.
        public var fuzzTimeLimit: Duration = .seconds(30)
        /// Threads that play the monkey runs (``Fuzzer/fuzz(_:runs:seed:timeLimit:jobs:progress:)``):
        /// the findings are the same for any number, as long as the time limit is not reached.
        /// The library's default is 1; `edujam check` passes the machine's cores.
        public var jobs = 1
        /// Fold in luacheck's findings when it is installed, for every file but the vendored ones
        /// (``Luacheck/vendoredFolders``).
        public var useLuacheck = true
        /// Creates the defaults.
        public init() {}
    }

    /// The findings for one game, and notes on how it was checked.
    public struct Result: Sendable {
        /// The game's folder.
        public var folder: String
        /// Errors first, then warnings, each in file and line order.
        public var findings: [Finding]
        /// How checks were done where it matters ("globals found by token scan: luac5.4 is not installed").
        public var notes: [String]
        /// Whether any finding is an error.
        public var hasErrors: Bool { findings.contains { $0.severity == .error } }

        /// A result, as `edujam check` rebuilds it from a game's own process.
        public init(folder: String, findings: [Finding], notes: [String]) {
            (self.folder, self.findings, self.notes) = (folder, findings, notes)
        }
    }

    /// Checks the game in `folder`.
    public static func check(folder: String, settings: Settings = Settings()) -> Result {
        let gameFile = (folder as NSString).appendingPathComponent("game.lua")
        var notes: [String] = []
        guard FileManager.default.fileExists(atPath: gameFile) else {
            return Result(
                folder: folder,
                findings: [
                    Finding(
                        .error, file: gameFile, line: nil, "no game.lua in this folder",
                        hint: "create a game with `edujam new NAME`", check: "load")
                ], notes: [])
        }
        var findings: [Finding] = []
        var sources: [(file: String, source: String, tokens: [LuaToken], accesses: [GlobalAccess])] = []
        let (files, refusal) = luaFiles(in: folder)
        if let refusal {
            findings.append(
                Finding(
                    .error, file: folder, line: nil, refusal, hint: "a game's folder holds its game.lua and modules",
                    check: "load"))
        }
        for file in files {
            let bytes: [UInt8]
            do {
                bytes = try SourceFile.read(file, confinedTo: folder)
            } catch {
                findings.append(Finding(.error, file: file, line: nil, error.reason, check: "load"))
                continue
            }
            if let syntax = syntaxFinding(file: file, source: bytes) {
                findings.append(syntax)
                continue
            }
            if String(validating: bytes, as: UTF8.self) == nil {
                findings.append(notUTF8Finding(file: file, bytes: bytes))
            }
            let source = String(decoding: bytes, as: UTF8.self)
            let tokens = LuaTokenizer.tokens(source)
            let (accesses, method) = GlobalScan.accesses(file: file, source: source)
            if method == .tokens, notes.isEmpty {
                notes.append(
                    "globals found by a token scan (luac5.4 is not installed); a typo that matches a local elsewhere may be missed"
                )
            }
            findings +=
                GlobalCheck.fieldFindings(file: file, tokens: tokens)
                + GlobalCheck.collectorFindings(file: file, tokens: tokens)
                + ActivityCallCheck.findings(file: file, tokens: tokens)
                + EarlyResultCheck.findings(file: file, tokens: tokens)
            sources.append((file, source, tokens, accesses))
        }
        let written = Set(sources.flatMap { $0.accesses.filter(\.isWrite).map(\.name) })
        for entry in sources {
            findings += GlobalCheck.findings(file: entry.file, accesses: entry.accesses, definedElsewhere: written)
        }
        if !findings.contains(where: { $0.check == "syntax" }) {
            findings += DeclarationCheck.load(folder: folder, gameFile: gameFile).1
            findings += DeclarationCheck.usageFindings(gameFile: gameFile, tokens: sources.flatMap(\.tokens))
        }
        // Without luacheck, nothing is said: a missing optional tool is not news on every run
        // (`edujam check --help` says what installing it adds).
        if settings.useLuacheck, Luacheck.isInstalled {
            let own = sources.map(\.file).filter { !Luacheck.isVendored($0, in: folder) }
            let theirs = own.flatMap { Luacheck.findings(file: $0) ?? [] }
            findings += Luacheck.newFindings(theirs, besides: findings)
        }
        if !findings.contains(where: { $0.severity == .error }), settings.fuzzRuns > 0 {
            let (fuzzFindings, note) = FuzzCheck.findings(
                folder: folder, runs: settings.fuzzRuns, timeLimit: settings.fuzzTimeLimit, jobs: settings.jobs)
            findings += fuzzFindings
            notes += [note].compactMap { $0 }
        }
        return Result(folder: folder, findings: sorted(findings), notes: notes)
    }

    /// `game.lua` and the game's modules, each file once: the files of its package
    /// (``GameFolderWalk``), so not `tests/`, whose bots see another API, nor a hidden folder's
    /// files (`.edujam/`'s editor definitions, `.git/`), which no game can load. A folder the walk
    /// refuses (past its bounds, or past a package's limits) gives `game.lua` alone and the reason.
    static func luaFiles(in folder: String) -> (files: [String], refusal: String?) {
        let game = (folder as NSString).appendingPathComponent("game.lua")
        do {
            let walked = try GameFolderWalk.files(in: folder)
            var seen: Set<GameFolderWalk.Identity> = []  // each file checked once, whatever the paths to it
            let modules = walked.filter { $0.relative != "game.lua" && seen.insert($0.identity).inserted }
            return ([game] + modules.map(\.path), nil)
        } catch .folderPastBounds(_, let reason) {  // the finding names the folder already
            return ([game], reason)
        } catch {
            return ([game], error.description)
        }
    }

    /// Lua runs a source that is not UTF-8 as it is (8-bit clean), but what the game says
    /// reaches the student as UTF-8: a Latin-1 `é` shows as U+FFFD. Usually an editor set to Latin-1.
    static func notUTF8Finding(file: String, bytes: [UInt8]) -> Finding {
        let lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        let line = lines.firstIndex { String(validating: $0, as: UTF8.self) == nil }.map { $0 + 1 }
        return Finding(
            .warning, file: file, line: line, "not UTF-8 text: what the game says with these bytes shows as '\u{FFFD}'",
            hint: "save the file as UTF-8 in your editor", check: "encoding")
    }

    /// A compile error, located, with Lua's own message.
    static func syntaxFinding(file: String, source: [UInt8]) -> Finding? {
        do {
            _ = try Sandbox().load(source, name: file)
            return nil
        } catch let error as SandboxError {
            let failure = error.failure
            return Finding(
                .error, file: file, line: failure?.line, failure?.message ?? error.description,
                hint: "Lua could not read this line; the mistake is often just before it (a missing `end`, `)` or `,`)",
                check: "syntax")
        } catch {
            return Finding(.error, file: file, line: nil, "\(error)", check: "syntax")
        }
    }

    static func sorted(_ findings: [Finding]) -> [Finding] {
        findings.sorted { a, b in
            (a.severity, a.file, a.line ?? 0) < (b.severity, b.file, b.line ?? 0)
        }
    }
}

/// A short monkey run: the failures a student could hit by typing anything.
enum FuzzCheck {
    /// The findings, and a note when the time limit cut the runs or the shrinking short.
    static func findings(folder: String, runs: Int, timeLimit: Duration, jobs: Int) -> ([Finding], String?) {
        guard let game = try? GameUnderTest(folder: folder) else { return ([], nil) }
        let summary = Fuzzer.fuzz(game, runs: runs, seed: 1, timeLimit: timeLimit, jobs: jobs)
        let gameFile = (folder as NSString).appendingPathComponent("game.lua")
        var note: String?
        if summary.ranOutOfTime {
            let seconds = timeLimit.components.seconds
            note =
                "\(game.name): the \(seconds) s random-input budget ran out after \(summary.runs) of \(summary.plannedRuns) runs"
                + (summary.findings.isEmpty ? "" : ", findings shrunk as far as it allowed")
                + " (--fuzz-seconds N for more)"
        }
        return (
            summary.findings.map { finding in
                let failure = finding.failure ?? ScriptFailure(message: "\(finding.outcome.rawValue)")
                var result = DeclarationCheck.scriptFinding(
                    .runtime(failure), folder: folder, fallbackFile: gameFile, check: "fuzz")
                result.message = "with random input (seed \(finding.seed)): " + failure.message
                result.hint = "this .play case replays it; paste it into tests/ and fix the game until it passes"
                result.detail = [result.detail ?? "", finding.transcript].filter { !$0.isEmpty }.joined(separator: "\n")
                return result
            }, note
        )
    }
}
