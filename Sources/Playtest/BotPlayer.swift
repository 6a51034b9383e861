import Foundation
import Runtime
import Sandbox
import Tracking

/// How one bot playthrough went.
struct BotResult {
    /// The bot file.
    var file: String
    /// The seed played.
    var seed: Int
    /// The level played, or nil when the bot answered the menu.
    var level: String?
    /// Why it failed (a failed `assert` in `check`, a bot error, a game error); nil when it passed.
    var failure: String?
    /// The run's report, when the game could be started.
    var report: RunReport?
    /// What the bot typed, so a failure can be replayed as a `.play` case.
    var replies: [Reply]

    /// Whether the playthrough passed.
    var passed: Bool { failure == nil }

    /// `math.bot.lua seed 17 (LEVEL-2): message`.
    var explanation: String {
        "\(file): seed \(seed)\(level.map { " (\($0))" } ?? ""): \(failure ?? "passed")"
    }
}

/// Plays a game with a bot answering, one playthrough per seed and level.
enum BotPlayer {
    /// The most answers one playthrough may take before the bot is stopped:
    /// a game and a bot that keep asking and answering would otherwise never end.
    static let maximumAnswers = 10_000

    /// Plays every seed (on every level) of `bot`.
    /// - Parameter progress: called after each playthrough, with the number done and the total.
    static func run(
        _ bot: BotScript, on game: GameUnderTest,
        progress: (Int, Int) -> Void = { _, _ in }
    ) -> [BotResult] {
        let plays = bot.seeds.flatMap { seed in bot.levels.map { (seed, $0) } }
        return plays.enumerated().map { index, play in
            defer { progress(index + 1, plays.count) }
            return self.play(bot, on: game, seed: play.0, level: play.1)
        }
    }

    /// One playthrough.
    static func play(_ bot: BotScript, on game: GameUnderTest, seed: Int, level: String?) -> BotResult {
        let channel = BotChannel(bot: bot)
        var result = BotResult(file: bot.file, seed: seed, level: level, failure: nil, report: nil, replies: [])
        _ = bot.takePrinted()
        do {
            result.report = try game.play(channel: channel, seed: seed, student: bot.student, level: level)
        } catch {
            result.failure = "the game could not be played: \(error)"
            return result
        }
        result.replies = channel.replies
        let report = result.report!
        if let problem = channel.problem {
            result.failure = problem
        } else if [.error, .limit].contains(report.outcome) {
            result.failure =
                "the game stopped with \(report.outcome.rawValue): \(report.failure.map { "\($0)" } ?? "no detail")"
        } else {
            do {
                _ = try bot.call({ $0.check }, [.table(BotReport.table(report))])
            } catch let error as SandboxError {
                result.failure = "check failed: \(error.failure.map { "\($0)" } ?? "\(error)")"
            } catch {
                result.failure = "check failed: \(error)"
            }
        }
        if result.failure != nil {
            let printed = bot.takePrinted()
            if !printed.isEmpty {
                result.failure! += "\n  bot printed:\n" + printed.suffix(10).map { "  | " + $0 }.joined(separator: "\n")
            }
        }
        return result
    }
}

/// The channel between a game and a bot: collects what is said, asks the bot at each prompt.
final class BotChannel: PlayChannel {
    let bot: BotScript
    private(set) var replies: [Reply] = []
    /// Set when the bot failed or ran on too long; input then ends.
    private(set) var problem: String?
    private var output: [String] = []

    init(bot: BotScript) { self.bot = bot }

    func handle(_ event: RunEvent) -> Reply? {
        switch event {
        case .say(let text):
            output.append(text)
        case .ask(let prompt):
            return answer(prompt, options: nil)
        case .choose(let prompt, let options):
            return answer(prompt, options: options)
        case .item, .progress, .end:
            break
        }
        return nil
    }

    private func answer(_ prompt: String, options: [String]?) -> Reply? {
        guard problem == nil else { return nil }
        guard replies.count < BotPlayer.maximumAnswers else {
            problem = "the bot answered \(BotPlayer.maximumAnswers) times and the game went on asking; stopped"
            return nil
        }
        var arguments: [LuaValue] = [.string(prompt), .string(output.joined(separator: "\n"))]
        if let options { arguments.append(.table(LuaTable(sequence: options.map { .string($0) }))) }
        output.removeAll()
        let results: [LuaValue]
        do {
            results = try bot.call({ $0.answer }, arguments)
        } catch let error as SandboxError {
            problem = "answer failed at prompt '\(prompt)': \(error.failure.map { "\($0)" } ?? "\(error)")"
            return nil
        } catch {
            problem = "answer failed at prompt '\(prompt)': \(error)"
            return nil
        }
        let text: String
        switch results.first ?? .nil {
        case .nil, .boolean(false): return nil
        case .string(let s): text = s
        case .integer(let i): text = String(i)
        case .number(let d): text = TeacherNumber.exact(d)
        case let other:
            problem = "answer returned a \(other.typeName) at prompt '\(prompt)'; return a string, a number or nil"
            return nil
        }
        var thinking = bot.think
        // Only a number is a think time: `return assert(word, "message")` returns the message second.
        if results.count > 1, let seconds = results[1].numberValue {
            guard Reply.thinkingRange.contains(seconds) else {
                problem =
                    "answer returned the think time \(results[1]) at prompt '\(prompt)'; \(Reply.thinkingRangeText)"
                return nil
            }
            thinking = seconds
        }
        let reply = Reply(text, thinking: thinking)
        replies.append(reply)
        return reply
    }
}

/// A run's record as the `report` table a bot's `check` receives.
enum BotReport {
    static func table(_ report: RunReport) -> LuaTable {
        let r = report.record
        var t = LuaTable()
        t["student"] = .string(r.student)
        t["identifierPath"] = .table(LuaTable(sequence: r.identifierPath.map { .string($0) }))
        t["title"] = .string(r.title)
        t["outcome"] = .string(r.outcome.rawValue)
        t["done"] = .boolean(r.done)
        t["startedAt"] = .string(r.startedAt)
        t["durationSeconds"] = .number(r.durationSeconds)
        t["progress"] = .number(r.progress)
        if let primary = r.primaryItem { t["primaryItem"] = .string(primary) }
        var items = LuaTable()
        for item in r.items { items[item.identifier] = .table(itemTable(item)) }
        t["items"] = .table(items)
        t["seed"] = .integer(report.seed)
        if let failure = report.failure { t["failure"] = .string("\(failure)") }
        return t
    }

    private static func itemTable(_ item: ItemRecord) -> LuaTable {
        var t = LuaTable()
        t["identifier"] = .string(item.identifier)
        t["title"] = .string(item.title)
        t["kind"] = .string(item.kind.rawValue)
        switch item.item.value {  // the keys of the item's JSON (docs/playtesting.md)
        case .quantity(let number):
            t["value"] = .number(number)
        case .binary(let flag, let type):
            t["value"] = .boolean(flag)
            t["valueType"] = .string(type.rawValue)
        case .score(let score, let maxScore):
            t["score"] = .number(score)
            t["maxScore"] = .number(maxScore)
        }
        return t
    }
}
