import Foundation
import GameContent
import Playtest
import Runtime
import Testing
import Tracking

@testable import Authoring

/// `edujam new`: the scaffold loads, declares, plays to finished, and its own tests pass.
@Suite struct ScaffoldTests {
    /// A fresh games folder holding a scaffolded game.
    final class TempGames {
        let games = NSTemporaryDirectory() + "edujam-new-" + UUID().uuidString
        deinit { try? FileManager.default.removeItem(atPath: games) }
    }

    @Test func createsTheFilesWithIdAndTitleFromTheName() throws {
        let temp = TempGames()
        var options = Scaffold.Options(name: "my-quiz")
        options.topic = "math"
        let files = try Scaffold.create(options, in: temp.games)
        #expect(
            files.map { ($0 as NSString).lastPathComponent } == [
                "game.lua", "quiz.play", "student.bot.lua", "edujam.lua", ".luarc.json",
            ])
        let declaration = try Catalog.declaration(ofGameIn: temp.games + "/my-quiz")
        #expect(declaration.id == "MY-QUIZ" && declaration.title == "My Quiz")
        #expect(declaration.type == .quiz && declaration.topic == .math)
    }

    @Test func playsToFinishedWithScriptedAnswers() throws {
        let temp = TempGames()
        try Scaffold.create(Scaffold.Options(name: "quiz"), in: temp.games)
        let clock = RunClock.virtual()
        let store = try TrackingStore.inMemory(
            rootIdentifier: "org.example", rootTitle: "Example", clock: { clock.date() })
        let channel = Answers(["5", "6", " Green "])
        let report = try GamePlayer.play(
            folder: temp.games + "/quiz", store: store, channel: channel, clock: clock,
            options: PlayOptions())
        #expect(report.outcome == .finished)
        let correct = report.record.items.first { $0.identifier == "correct" }
        #expect(correct?.score == 2 && correct?.maxScore == 3)
        #expect(report.record.primaryItem == "correct")
        #expect(channel.said.contains("You got 2 of 3 right."))
    }

    /// The template sets its result only when the run finishes: a copied pattern must not
    /// report a score (or a "failed") for a student who just left.
    @Test func aStudentWhoLeavesGetsProgressButNoScore() throws {
        let temp = TempGames()
        try Scaffold.create(Scaffold.Options(name: "quiz"), in: temp.games)
        let clock = RunClock.virtual()
        let store = try TrackingStore.inMemory(
            rootIdentifier: "org.example", rootTitle: "Example", clock: { clock.date() })
        let report = try GamePlayer.play(
            folder: temp.games + "/quiz", store: store, channel: Answers(["5"]), clock: clock,
            options: PlayOptions())
        #expect(report.outcome == .quit)
        #expect(report.record.items.isEmpty, "\(report.record.items)")
        #expect(report.record.primaryItem == nil)
        #expect(report.record.progress > 0.3 && report.record.progress < 0.4)
    }

    @Test func passesItsOwnTranscriptsAndBot() throws {
        let temp = TempGames()
        try Scaffold.create(Scaffold.Options(name: "quiz"), in: temp.games)
        var settings = TestSuite.Settings()
        settings.fuzzRuns = 50
        var outcomes: [TestOutcome] = []
        try TestSuite.discover([temp.games + "/quiz"]).run(settings) { outcomes.append($0) }
        #expect(outcomes.count == 5, "three transcript cases, the bot, the fuzz")
        let failures = outcomes.compactMap(\.failure)
        #expect(failures.isEmpty, "\(failures)")
    }

    @Test func passesCheckWithoutFindings() throws {
        let temp = TempGames()
        try Scaffold.create(Scaffold.Options(name: "quiz"), in: temp.games)
        var settings = GameChecker.Settings()
        settings.fuzzRuns = 50
        let result = GameChecker.check(folder: temp.games + "/quiz", settings: settings)
        #expect(result.findings.isEmpty, "\(result.findings)")
    }

    /// The editor files are the generator's output, and no part of the game: not published, not
    /// checked, not loadable.
    @Test func writesTheEditorDefinitionsOutsideTheGame() throws {
        let temp = TempGames()
        try Scaffold.create(Scaffold.Options(name: "quiz"), in: temp.games)
        let folder = temp.games + "/quiz"
        for (path, text) in EditorDefinitions.files {
            #expect(try String(contentsOfFile: folder + "/" + path, encoding: .utf8) == text, "\(path)")
        }
        #expect(try GamePackage.read(folder: folder).paths == ["game.lua"])
        #expect(GameChecker.luaFiles(in: folder).files == [folder + "/game.lua"])
        let game = try String(contentsOfFile: folder + "/game.lua", encoding: .utf8)
        #expect(game.contains("---@type edujam.Game\nlocal game = {"))
    }

    /// A declaration mistake in the scaffold's `local game = { ... }` is found at its line.
    @Test func aDeclarationMistakeInTheTypedTableIsLocated() throws {
        let temp = TempGames()
        try Scaffold.create(Scaffold.Options(name: "quiz"), in: temp.games)
        let file = temp.games + "/quiz/game.lua"
        let source = try String(contentsOfFile: file, encoding: .utf8)
        try source.replacingOccurrences(of: "type = \"quiz\"", with: "type = \"qiuz\"")
            .write(toFile: file, atomically: true, encoding: .utf8)
        var settings = GameChecker.Settings()
        settings.fuzzRuns = 0
        let finding = try #require(GameChecker.check(folder: temp.games + "/quiz", settings: settings).findings.first)
        let line = source.split(separator: "\n", omittingEmptySubsequences: false).firstIndex {
            $0.contains("type = \"quiz\"")
        }
        #expect(finding.message.hasPrefix("type: unknown type 'qiuz'"))
        #expect(finding.line == line.map { $0 + 1 })
    }

    @Test(arguments: ["../up", "my quiz", "9lives", "", "a/b", "quiz.lua", "café"])
    func refusesAnInvalidName(_ name: String) {
        let temp = TempGames()
        #expect(throws: Scaffold.Refusal.self) { try Scaffold.create(Scaffold.Options(name: name), in: temp.games) }
        #expect(!FileManager.default.fileExists(atPath: temp.games + "/up"))
    }

    @Test func refusesAnExistingGame() throws {
        let temp = TempGames()
        try Scaffold.create(Scaffold.Options(name: "quiz"), in: temp.games)
        try "-- mine".write(toFile: temp.games + "/quiz/game.lua", atomically: true, encoding: .utf8)
        #expect(throws: Scaffold.Refusal.self) { try Scaffold.create(Scaffold.Options(name: "quiz"), in: temp.games) }
        let kept = try String(contentsOfFile: temp.games + "/quiz/game.lua", encoding: .utf8)
        #expect(kept == "-- mine")
    }

    @Test func refusesAnUnknownTopicOrTypeWithAHint() {
        var options = Scaffold.Options(name: "quiz")
        options.topic = "maths"
        #expect { try Scaffold.create(options, in: TempGames().games) } throws: {
            "\($0)".contains("did you mean 'math'?")
        }
        options.topic = nil
        options.type = "levle"
        #expect { try Scaffold.create(options, in: TempGames().games) } throws: {
            "\($0)".contains("did you mean 'level'?")
        }
    }
}

/// Replies with the given answers, then ends input; keeps what was said.
final class Answers: PlayChannel {
    var answers: [String]
    private(set) var said: [String] = []

    init(_ answers: [String]) { self.answers = answers }

    func handle(_ event: RunEvent) -> Reply? {
        switch event {
        case .say(let text):
            said.append(text)
            return nil
        case .ask, .choose: return answers.isEmpty ? nil : Reply(answers.removeFirst(), thinking: 1)
        default: return nil
        }
    }
}
