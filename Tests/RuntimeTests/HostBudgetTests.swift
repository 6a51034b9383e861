import Foundation
import Runtime
import Sandbox
import Testing
import Tracking

/// What a game hands the host is bounded: copies in bytes, shown text by the output budget,
/// stored text by Tracking's caps in bytes and characters.
@Suite struct HostBudgetTests {
    /// Plays `source` as a game.lua in a fresh temporary folder, answering with `answers`.
    static func play(_ source: String, answers: [String] = []) throws -> (RunReport, ScriptedChannel) {
        let folder = NSTemporaryDirectory() + "edujam-budget-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try source.write(toFile: folder + "/game.lua", atomically: true, encoding: .utf8)
        let clock = RunClock.virtual()
        let store = try TrackingStore.inMemory(
            rootIdentifier: "org.example.budget", rootTitle: "Budget", clock: { clock.date() })
        var options = PlayOptions()
        options.student = "ana"
        options.saving = .atEnd
        let channel = ScriptedChannel(answers)
        let report = try GamePlayer.play(folder: folder, store: store, channel: channel, clock: clock, options: options)
        return (report, channel)
    }

    /// A game whose play runs `body`, with `s` (64 KiB) and `refs` (300 references to it) in scope.
    static func game(_ body: String, declaration: String = "") -> String {
        """
        local s = ("x"):rep(64 << 10)
        local refs = {}
        for i = 1, 300 do refs[i] = s end
        return { id = "HOSTILE", title = "Hostile", \(declaration) play = function()
          activity.start()
          \(body)
        end }
        """
    }

    static let tooMuchText = "holds more than 8388608 bytes of text (each reference to a string counts)"

    @Test(arguments: [
        ("choose('pick', refs)", "argument #2 to 'choose'"),
        ("ask(refs)", "argument #1 to 'ask'"),
        ("choose('pick', { 'a', { refs } })", "argument #2 to 'choose'"),
        ("ask({ refs, refs })", "argument #1 to 'ask'"),
        ("return refs", "the returned value"),
        ("return table.unpack(refs)", "the returned value"),
    ])
    func copiesPastTheByteBudgetEndTheRunNamingTheValue(_ body: String, _ what: String) throws {
        let (report, channel) = try Self.play(Self.game(body), answers: ["1"])
        #expect(report.outcome == .error)
        #expect(
            report.failure?.message.hasPrefix("value too large: \(what) ") == true,
            "\(String(describing: report.failure))")
        #expect(
            channel.events.allSatisfy { if case .choose = $0 { false } else if case .ask = $0 { false } else { true } },
            "nothing was shown")
    }

    /// What `ask` shows of its argument (a string as it is, cleaned for the terminal; any other
    /// value as its description) and what it returns of a reply (cut at the reply cap).
    @Test func askShowsItsPromptAndCutsTheReply() throws {
        let long = String(repeating: "y", count: Limits.replyBytes + 10)
        let body = """
            local a = ask("plain?") local b = ask(42) local c = ask(1.5) local d = ask(true)
            local e = ask("esc\\27[2J\\tcaf\\u{E9}") local f = ask("cut?")
            print(a, b, c, d, e, #f)
            """
        let (report, channel) = try Self.play(
            Self.game(body), answers: ["one", "two", "three", "four", "fünf", long])
        #expect(report.outcome == .quit, "\(String(describing: report.failure))")
        let prompts = channel.events.compactMap { if case .ask(let prompt) = $0 { prompt } else { nil } }
        #expect(prompts == ["plain?", "42", "1.5", "true", "esc?[2J\tcaf\u{E9}", "cut?"])
        #expect(channel.said == ["one two three four fünf \(Limits.replyBytes)"])
    }

    @Test func aDeclarationPastTheByteBudgetIsNotLoaded() throws {
        let error = #expect(throws: GameLoadError.self) {
            try Self.play(Self.game("", declaration: "keywords = refs,"))
        }
        guard case .script(_, let cause) = error else {
            Issue.record("got \(String(describing: error))")
            return
        }
        #expect(cause == .tooLarge("the returned value " + Self.tooMuchText))
    }

    @Test func promptsAndOptionsSpendTheOutputBudget() throws {
        let answers = Array(repeating: "1", count: 40)
        let flood = "for i = 1, 40 do ask(('p'):rep(64 << 10)) end"
        let (asked, askChannel) = try Self.play(Self.game(flood), answers: answers)
        #expect(asked.outcome == .limit)
        #expect(asked.failure?.message == "output limit exceeded (1048576 bytes)")
        #expect(shownBytes(askChannel) <= 1 << 20)

        let menus = "for i = 1, 40 do choose('pick', { ('o'):rep(32 << 10), ('o'):rep(32 << 10) }) end"
        let (chosen, chooseChannel) = try Self.play(Self.game(menus), answers: answers)
        #expect(chosen.outcome == .limit)
        #expect(shownBytes(chooseChannel) <= 1 << 20)

        let mixed = "print(('x'):rep(1000000)) ask(('p'):rep(100000))"
        let (both, bothChannel) = try Self.play(Self.game(mixed), answers: answers)
        #expect(both.outcome == .limit, "print and prompts share one budget")
        #expect(shownBytes(bothChannel) == 0)
    }

    private func shownBytes(_ channel: ScriptedChannel) -> Int {
        channel.events.reduce(0) { total, event in
            switch event {
            case .ask(let prompt): return total + prompt.utf8.count
            case .choose(let prompt, let options):
                return total + options.reduce(prompt.utf8.count) { $0 + $1.utf8.count }
            default: return total
            }
        }
    }

    /// One letter with 2,000 combining marks: one character, 4,001 bytes.
    static let stackedMarks = #""a" .. ("\u{301}"):rep(2000)"#
    /// 200 toned thumbs: 200 characters, 1,600 bytes.
    static let toned = #"("👍🏽"):rep(200)"#

    @Test(arguments: [
        (stackedMarks, "title is 4001 bytes; the most is 1024"),
        (toned, "title is 1600 bytes; the most is 1024"),
        ("('t'):rep(257)", "title is 257 characters; the most is 256"),
    ])
    func itemTitlesAreCappedInBytesAndCharacters(_ title: String, _ reason: String) throws {
        let (report, _) = try Self.play(Self.game("activity.quantity('score', 1, \(title))"))
        #expect(report.outcome == .error)
        #expect(report.failure?.message == "bad argument #3 to 'quantity' (\(reason))")
    }

    @Test(arguments: [
        ("title = \(stackedMarks),", "title", "is 4001 bytes; the most is 1024"),
        ("title = \(toned),", "title", "is 1600 bytes; the most is 1024"),
        ("summary = ('👍🏽'):rep(2001),", "summary", "is 16008 bytes; the most is 16000"),
        ("keywords = { 'sums', ('k'):rep(65) },", "keywords[2]", "is 65 characters; the most is 64"),
        ("keywords = { 'sums', \(stackedMarks) },", "keywords[2]", "is 4001 bytes; the most is 256"),
        (
            "keywords = { 'a','b','c','d','e','f','g','h','i','j','k','l','m','n','o','p','q','r','s','t','u','v','w','x','y','z','A','B','C','D','E','F','G' },",
            "keywords", "has 33 entries; the most is 32"
        ),
    ])
    func declaredTextIsCappedByTrackingsRule(_ field: String, _ name: String, _ reason: String) throws {
        let source =
            "return { id = 'TEXT', \(field.hasPrefix("title") ? "" : "title = 'Text',") \(field) play = function() end }"
        let error = #expect(throws: GameLoadError.self) { try Self.play(source) }
        guard case .declaration(let declaration) = error else {
            Issue.record("got \(String(describing: error))")
            return
        }
        #expect(declaration.field == name)
        #expect(declaration.message == reason)
    }
}
