import Foundation
import Testing

@testable import Authoring

/// `edujam check`: one fixture game per mistake, each reported at its line with a hint.
@Suite struct CheckTests {
    @Test func aGoodGameHasNoFindings() {
        let result = check("good", fuzzRuns: 50, luacheck: true)
        #expect(result.findings.isEmpty, "\(result.findings)")
    }

    @Test func syntaxErrorIsLocatedWithLuasMessage() throws {
        let result = check("syntax")
        let finding = try #require(result.errors.first)
        #expect(result.errors.count == 1, "nothing else is judged in a file that does not compile")
        #expect(finding.check == "syntax")
        #expect(finding.file.hasSuffix("syntax/game.lua"))
        #expect(finding.message.contains("'end' expected (to close 'function' at line 1)"))
        #expect(finding.line == 9, "Lua notices at the end of the file")
        #expect(finding.hint != nil)
    }

    @Test(arguments: [
        ("missing-id", "id: missing", 7),
        ("unknown-type", "type: unknown type 'qiuz'; did you mean 'quiz'?", 10),
        ("unknown-topic", "topic: unknown topic 'maths'; did you mean 'math'?", 10),
        ("duplicate-child", "contexts[2].id: 'LEVEL-1' is used twice", 12),
        ("missing-play", "play: missing", 1),
    ])
    func declarationMistakeIsLocated(_ game: String, _ message: String, _ line: Int) throws {
        let finding = try #require(check(game).errors.first { $0.check == "declaration" })
        #expect(finding.message.hasPrefix(message), "\(finding.message)")
        #expect(finding.line == line)
    }

    @Test func undefinedGlobalsSuggestTheName() throws {
        let result = check("undefined-global")
        let activity = try #require(result.finding("undefined global 'activty'"))
        #expect(activity.line == 2 && activity.hint == "did you mean 'activity'?")
        let say = try #require(result.finding("undefined global 'sya'"))
        #expect(say.line == 3 && say.hint == "did you mean 'say'?")
        #expect(say.severity == .error)
    }

    @Test func globalWritesAreWarningsSuggestingLocal() throws {
        let result = check("global-write")
        #expect(result.errors.isEmpty, "\(result.errors)")
        let play = try #require(result.finding("assignment to global 'play'"))
        #expect(play.line == 1 && play.hint?.contains("local function play") == true)
        let score = try #require(result.finding("assignment to global 'score'"))
        #expect(score.line == 3, "reported once, at the first write")
        #expect(
            result.findings.allSatisfy { !$0.message.contains("undefined") },
            "reading a global the game sets is no typo")
    }

    @Test(arguments: [
        ("activity.quantity: argument #2 (the value) must be a number, got string", 3, nil as String?),
        (
            "activity.score: missing argument #3 (maxScore)", 4,
            "write it like activity.score(\"correct\", right, asked)"
        ),
        (
            "activity.binary: unknown value type 'passFial'", 5,
            "did you mean 'passFail'? use one of trueFalse, passFail, yesNo, correctIncorrect"
        ),
        ("activity.progress: argument #1 must be within 0..1", 6, nil),
        ("activity.binary: argument #4 (the title) must be a string, got number", 7, nil),
    ])
    func badActivityArgumentsAreSeenStatically(_ message: String, _ line: Int, _ hint: String?) throws {
        let finding = try #require(check("bad-arguments").finding(message))
        #expect(finding.line == line && finding.severity == .error)
        #expect(finding.hint == hint)
    }

    @Test func unknownFieldsSuggestTheName() throws {
        let result = check("unknown-field")
        let strat = try #require(result.finding("unknown field 'activity.strat'"))
        #expect(strat.line == 2 && strat.hint == "did you mean 'activity.start'?")
        let format = try #require(result.finding("unknown field 'string.fromat'"))
        #expect(format.line == 4 && format.hint == "did you mean 'string.format'?")
    }

    @Test func aGameThatNeverStartsOrReports() throws {
        let result = check("never-started")
        #expect(result.finding("never calls activity.start()")?.severity == .error)
        #expect(result.finding("never sets an item")?.severity == .error)
        #expect(result.finding("never calls activity.finish()")?.severity == .warning)
        #expect(result.finding("never calls activity.start()")?.line == 1)
    }

    @Test func withheldNamesAreWarnedAboutNotErrors() throws {
        let result = check("withheld")
        #expect(result.finding("'io' is not available to games") == nil, "io is the game's terminal")
        let function = try #require(result.finding("'os.getenv' is not available to games"))
        #expect(function.line == 15 && function.severity == .warning)
        #expect(result.finding("os.time") == nil, "the run's clock is there")
        #expect(result.finding("'io.popen' is not available to games")?.line == 4)
        #expect(result.finding("string.dump") == nil, "a game has string.dump")
        #expect(result.finding("'os.execute' is not available to games")?.line == 5)
        #expect(result.finding("'collectgarbage(\"setpause\")' is not available to games")?.line == 6)
        #expect(result.finding("collectgarbage(\"stop\")") == nil, "a game may stop the collector")
        #expect(result.finding("'collectgarbage(\"generational\")' is not available to games")?.line == 7)
        #expect(result.finding("collectgarbage(\"count\")") == nil)
        #expect(result.errors.isEmpty, "\(result.errors)")
    }

    @Test func anErrorWhileLoadingShowsTheLine() throws {
        let finding = try #require(check("load-error").errors.first { $0.check == "load" })
        #expect(finding.line == 2)
        #expect(finding.message.contains("attempt to index a nil value (local 'settings')"))
        #expect(finding.detail?.contains("2 | local rounds = settings.rounds") == true, "\(finding.detail ?? "")")
    }

    @Test func aModulesMistakeIsFoundInTheModule() throws {
        let finding = try #require(check("with-module").finding("undefined global 'pritn'"))
        #expect(finding.file.hasSuffix("with-module/words.lua") && finding.line == 4)
        #expect(finding.hint == "did you mean 'print'?")
    }

    @Test func fuzzingFindsACrashOnOddInput() throws {
        let result = check("fuzz-crash", fuzzRuns: 100)
        let finding = try #require(result.errors.first { $0.check == "fuzz" })
        #expect(finding.line == 7)
        #expect(finding.message.hasPrefix("with random input (seed "))
        #expect(finding.detail?.contains("report: outcome != error") == true, "a .play case to paste")
    }

    @Test func fuzzingWaitsForStaticErrorsToBeFixed() {
        #expect(!check("never-started", fuzzRuns: 100).findings.contains { $0.check == "fuzz" })
    }

    @Test func luacheckFindingsAreFoldedInWithoutDuplicates() throws {
        guard Luacheck.isInstalled else { return }
        let result = check("undefined-global", luacheck: true)
        #expect(result.findings.filter { $0.message.contains("'sya'") }.count == 1, "\(result.findings)")
        let unused = check("global-write", luacheck: true)
        #expect(!unused.findings.contains { $0.check == "luacheck W111" }, "our own write warning covers it")
    }

    /// luacheck judges the author's files only; `check`'s own findings cover the vendored ones too.
    @Test(.enabled(if: Luacheck.isInstalled, "needs luacheck (Debian package lua-check), not installed here"))
    func luacheckSkipsVendoredFilesButOurFindingsDoNot() throws {
        let result = check("vendored", luacheck: true)
        let luacheck = result.findings.filter { $0.check.hasPrefix("luacheck") }
        #expect(luacheck.map { ($0.file as NSString).lastPathComponent } == ["helpers.lua"], "\(luacheck)")
        let typo = try #require(result.finding("undefined global 'sya'"))
        #expect(typo.severity == .error && typo.file.hasSuffix("lib/messy.lua") && typo.line == 13)
        let withheld = try #require(result.finding("'os.getenv' is not available to games"))
        #expect(withheld.file.hasSuffix("lib/messy.lua") && withheld.line == 10)
    }

    @Test func vendoredFilesAreThoseUnderLibOrVendor() {
        #expect(Luacheck.isVendored("games/q/lib/json.lua", in: "games/q"))
        #expect(Luacheck.isVendored("games/q/vendor/pl/utils.lua", in: "games/q/"))
        #expect(!Luacheck.isVendored("games/q/lib.lua", in: "games/q"))
        #expect(!Luacheck.isVendored("games/q/words/lib/x.lua", in: "games/q"))
        #expect(!Luacheck.isVendored("games/q/game.lua", in: "games/q"))
    }

    @Test func errorsComeFirstAndExitStatusFollowsThem() {
        let result = check("global-write")
        #expect(!result.hasErrors)
        #expect(check("syntax").hasErrors)
        let mixed = check("never-started").findings
        #expect(mixed.first?.severity == .error && mixed.last?.severity == .warning)
    }
}

/// `check` reads sources as `play` does: as their bytes, after checking the file.
@Suite struct CheckSourceFileTests {
    /// The good fixture copied into a temporary folder, to change one file.
    final class Copy {
        let folder = NSTemporaryDirectory() + "edujam-check-" + UUID().uuidString
        init() throws { try FileManager.default.copyItem(atPath: fixture("good"), toPath: folder) }
        deinit { try? FileManager.default.removeItem(atPath: folder) }
    }

    private func check(_ folder: String) -> GameChecker.Result {
        var settings = GameChecker.Settings()
        settings.fuzzRuns = 0
        settings.useLuacheck = false
        return GameChecker.check(folder: folder, settings: settings)
    }

    @Test func latin1SourceIsCheckedAndWarnedAbout() throws {
        let copy = try Copy()
        let file = copy.folder + "/game.lua"
        var source = try Data(contentsOf: URL(fileURLWithPath: file))
        let question = try #require(source.range(of: Data("2 + 2 = ?".utf8)))
        source.replaceSubrange(question, with: Data("caf".utf8) + Data([0xE9]))
        try source.write(to: URL(fileURLWithPath: file))
        let result = check(copy.folder)
        #expect(result.errors.isEmpty, "Lua runs it: \(result.errors)")
        let warning = try #require(result.finding("not UTF-8 text"))
        #expect(warning.severity == .warning && warning.check == "encoding" && warning.line == 4)
    }

    @Test func fifoModuleIsAnErrorNotAHang() throws {
        let copy = try Copy()
        #expect(mkfifo(copy.folder + "/words.lua", 0o600) == 0)
        let finding = try #require(check(copy.folder).errors.first { $0.file.hasSuffix("words.lua") })
        #expect(finding.message == "is a FIFO, not a regular file")
        #expect(finding.check == "load")
    }
}

/// `check --jobs N`: the random-input findings are the same, in the same order, for any N.
@Suite struct CheckJobsTests {
    /// Playtest's fixture with several distinct failures under random input.
    private static let manyBugs = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../PlaytestTests/Fixtures/games/many-bugs-jam").standardizedFileURL.path

    private func findings(jobs: Int) -> [String] {
        var settings = GameChecker.Settings()
        settings.fuzzRuns = 200
        settings.useLuacheck = false
        settings.jobs = jobs
        let result = GameChecker.check(folder: Self.manyBugs, settings: settings)
        return result.findings.map { "\($0)\n\($0.detail ?? "")" } + result.notes
    }

    @Test func theFindingsAreTheSameForAnyNumberOfJobs() {
        let one = findings(jobs: 1)
        #expect(one.filter { $0.contains("with random input (seed ") }.count >= 4, "\(one)")
        #expect(findings(jobs: 2) == one)
        #expect(findings(jobs: 4) == one)
    }
}

/// `check` warns where a game sets a result and then asks again: a student who leaves there
/// keeps a result for a round they did not finish.
@Suite struct EarlyResultCheckTests {
    @Test func aResultSetBeforeTheGameAsksAgainIsAWarningAtItsLine() {
        let result = check("early-result")
        let early = result.findings.filter { $0.check == "early-result" }
        // Line 15: a score inside the question loop; 17: a verdict before `choose`. Not 19 (a
        // yes/no answer is no verdict), nor 20 (the `ask` after it is inside another function).
        #expect(early.map(\.line) == [15, 17], "\(early)")
        #expect(early.allSatisfy { $0.severity == .warning })
        #expect(early.first?.message.contains("(ask at line 12)") == true, "\(early)")
        #expect(early.last?.message.contains("(choose at line 18)") == true, "\(early)")
        #expect(early.first?.hint?.contains("just before activity.finish()") == true)
    }

    @Test func theShippedGamesSetTheirResultsOnlyAtTheEnd() {
        let games = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../games").standardizedFileURL
        for game in ["math-jam", "word-jam"] {
            var settings = GameChecker.Settings()
            settings.fuzzRuns = 0
            settings.useLuacheck = false
            let result = GameChecker.check(folder: games.appendingPathComponent(game).path, settings: settings)
            #expect(result.findings.filter { $0.check == "early-result" }.isEmpty, "\(game): \(result.findings)")
        }
    }
}
