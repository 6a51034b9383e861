import Foundation
import Runtime
import Sandbox

/// A bot file (`*.bot.lua`) loaded in a sandbox of its own, apart from the game's.
///
/// The file returns a table: `seeds`, `think`, `level` or `levels`, `student`,
/// `answer(prompt, output, options)` and `check(report)`; `docs/playtesting.md`
/// describes each.
final class BotScript {
    /// A bot file that cannot be used.
    struct LoadError: Error, CustomStringConvertible {
        /// The bot file.
        var file: String
        /// What is wrong.
        var message: String
        var description: String { "\(file): \(message)" }
    }

    /// The bot file's path.
    let file: String
    /// The seeds to play, one playthrough each (per level).
    let seeds: [Int]
    /// Virtual seconds per answer unless `answer` returns its own.
    let think: Double
    /// The levels to play each seed on; `[nil]` leaves the menu to `answer`.
    let levels: [String?]
    /// Who plays.
    let student: String

    private let source: [UInt8]
    private(set) var sandbox: Sandbox
    private(set) var answer: LuaFunction
    private(set) var check: LuaFunction?
    /// What the bot printed since the last ``takePrinted()``, to show with a failure.
    private let printed = PrintBuffer()

    /// The most seeds one bot may ask for, so a typo cannot start a run of hours.
    static let maximumSeeds = 100_000

    /// Loads and checks a bot file.
    /// - Throws: ``LoadError`` naming the file and the field that is wrong.
    init(file: String) throws {
        self.file = file
        do {
            source = try SourceFile.read(file)
        } catch {
            throw LoadError(file: file, message: error.reason)
        }
        let table: LuaTable
        (sandbox, table, answer, check) = try Self.load(source, file: file, printed: printed)
        seeds = try Self.seeds(table["seeds"], file: file)
        think = try Self.think(table["think"], file: file)
        student = table["student"].stringValue ?? "student"
        if let list = table["levels"].tableValue {
            levels = list.sequence.compactMap(\.stringValue)
        } else {
            levels = [table["level"].stringValue]
        }
    }

    private static func load(_ source: [UInt8], file: String, printed: PrintBuffer) throws
        -> (Sandbox, LuaTable, LuaFunction, LuaFunction?)
    {
        let sandbox = try Sandbox(output: { printed.lines.append($0) })
        let value: LuaValue
        do {
            value = try sandbox.run(source, name: (file as NSString).lastPathComponent).first ?? .nil
        } catch {
            throw LoadError(file: file, message: "\(error)")
        }
        guard let table = value.tableValue else {
            throw LoadError(
                file: file,
                message: "a bot returns a table: return { seeds = {1, 100}, answer = function(prompt, output) ... end }"
            )
        }
        guard let answer = table["answer"].functionValue else {
            throw LoadError(
                file: file,
                message: "answer: a function(prompt, output, options) returning the line to type is required")
        }
        let check = table["check"].functionValue
        if table["check"] != .nil && check == nil {
            throw LoadError(file: file, message: "check: must be a function(report)")
        }
        return (sandbox, table, answer, check)
    }

    /// `seeds = 7` is one seed; `{1, 500}` (two numbers) is the range 1...500; three or more numbers are a list.
    /// Every seed is a whole number in ``PlayOptions/seedRange``, checked before any arithmetic on it.
    private static func seeds(_ value: LuaValue, file: String) throws -> [Int] {
        if value == .nil { return [0] }
        if value.numberValue != nil { return [try seed(value, file: file)] }
        guard let list = value.tableValue?.sequence, !list.isEmpty else {
            throw LoadError(
                file: file, message: "seeds: a number, a range {first, last}, or a list of three or more seeds")
        }
        let numbers = try list.map { try seed($0, file: file) }
        if numbers.count == 2 {
            // Both ends are within ±2^53, so the difference cannot overflow.
            guard numbers[0] <= numbers[1], numbers[1] - numbers[0] < maximumSeeds else {
                throw LoadError(
                    file: file,
                    message:
                        "seeds: the range {\(numbers[0]), \(numbers[1])} must go up and hold at most \(maximumSeeds) seeds"
                )
            }
            return Array(numbers[0]...numbers[1])
        }
        return numbers
    }

    /// One seed: an integer, or a float without a fraction, in ``PlayOptions/seedRange``.
    private static func seed(_ value: LuaValue, file: String) throws -> Int {
        let range = PlayOptions.seedRange
        switch value {
        case .integer(let n) where range.contains(n):
            return n
        // false for NaN and infinities
        case .number(let d) where d == d.rounded() && abs(d) <= Double(range.upperBound):
            return Int(d)
        case .integer, .number:
            throw LoadError(
                file: file,
                message: "seeds: \(value) is not a whole number from \(range.lowerBound) to \(range.upperBound)")
        default:
            throw LoadError(file: file, message: "seeds: a seed is a number, got a \(value.typeName)")
        }
    }

    /// `think`: seconds per answer, 1 when absent, within ``Reply/thinkingRange``.
    private static func think(_ value: LuaValue, file: String) throws -> Double {
        if value == .nil { return 1 }
        guard let seconds = value.numberValue, Reply.thinkingRange.contains(seconds) else {
            throw LoadError(file: file, message: "think: \(Reply.thinkingRangeText), got \(value)")
        }
        return seconds
    }

    /// Calls a bot function; a bot that hit a limit gets a fresh sandbox for the next seed.
    func call(_ pick: (BotScript) -> LuaFunction?, _ arguments: [LuaValue]) throws -> [LuaValue] {
        if sandbox.isFinished {
            (sandbox, _, answer, check) = try Self.load(source, file: file, printed: printed)
        }
        guard let function = pick(self) else { return [] }
        return try sandbox.call(function, arguments)
    }

    /// The bot's printed lines since the last call, cleared.
    func takePrinted() -> [String] {
        defer { printed.lines.removeAll() }
        return printed.lines
    }
}

/// Holds a bot's prints; a class so the sandbox's output closure can fill it.
final class PrintBuffer {
    var lines: [String] = []
}
