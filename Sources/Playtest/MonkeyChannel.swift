import Runtime

/// A student who types anything: numbers, words, empty lines, very long lines,
/// Unicode, control characters; thinks for no time or for minutes; and may leave early.
/// At a menu it mostly picks one of the options, and sometimes types anything there too.
///
/// Every choice comes from the run's seed, so the same seed types the same lines.
final class MonkeyChannel: PlayChannel {
    /// The most lines one run types before input ends, so a game that asks forever still stops.
    static let maximumInputs = 200

    private var dice: Dice
    private(set) var replies: [Reply] = []

    init(seed: Int) { dice = Dice(seed: seed) }

    /// How often the monkey answers a menu with one of its numbers. A monkey that typed
    /// anything at menus too would almost never get through a multiple-choice quiz, and
    /// a bug on its last screen would go unseen; the rest of the time it types anything.
    static let validChoiceChance = 0.85

    func handle(_ event: RunEvent) -> Reply? {
        switch event {
        case .ask:
            return type { line() }
        case .choose(_, let options):
            return type { dice.chance(Self.validChoiceChance) ? String(dice.int(1...options.count)) : line() }
        case .say, .item, .progress, .end:
            return nil
        }
    }

    /// A reply with `text`, or nil when the monkey leaves (2% per prompt, or after the most inputs).
    private func type(_ text: () -> String) -> Reply? {
        guard replies.count < Self.maximumInputs, !dice.chance(0.02) else { return nil }
        let reply = Reply(text(), thinking: thinking())
        replies.append(reply)
        return reply
    }

    private static let words = [
        "hint", "HINT", "cat", "quit", "exit", "yes", "no", "help", "abc", "nil", "true", "%d", "%s",
    ]
    private static let unicode = ["café", "🙂", "数字", "١٢", "e\u{301}", "\u{200B}", "Ⅻ", "１２", "🇫🇷", "\u{FEFF}7"]
    private static let controls = [
        "\u{1}", "\u{7}", "\u{1B}[2J", "\t", "\u{0}", "\u{8}\u{8}", "\u{1B}[31mred", "\u{7F}",
    ]

    /// One line, drawn from a spread of kinds a student (or a cat on the keyboard) might type.
    private func line() -> String {
        switch dice.int(0...11) {
        case 0, 1, 2: return String(dice.int(-20...200))
        case 3: return dice.pick(Self.words)
        case 4: return ""
        case 5: return String(repeating: " ", count: dice.int(1...6))
        case 6: return Self.repeated(dice.pick(["9", "a", "x ", "🙂", "1"]), count: dice.int(100...6000))
        case 7: return dice.pick(Self.unicode)
        case 8: return dice.pick(Self.controls) + (dice.chance(0.5) ? String(dice.int(0...20)) : "")
        case 9: return dice.pick(["12abc", "-5", "+3", "1e5", "0x10", "3.5", " 7 ", "007", "1,000", "--1"])
        case 10: return String(repeating: "9", count: dice.int(10...40))
        default: return dice.pick(Self.words) + " " + String(dice.int(0...99))
        }
    }

    /// `String(repeating: piece, count: count)`, written into one buffer: the standard library's
    /// appends the piece `count` times, each append checking the string's capacity and ASCII
    /// flags, which was a sixth of a fuzz run's time (bench/README.md, `fuzz/scaling`).
    static func repeated(_ piece: String, count: Int) -> String {
        let bytes = Array(piece.utf8)
        guard count > 0, !bytes.isEmpty else { return "" }
        let total = bytes.count * count
        return String(unsafeUninitializedCapacity: total) { buffer in
            let start = buffer.baseAddress!
            bytes.withUnsafeBufferPointer { start.initialize(from: $0.baseAddress!, count: $0.count) }
            var filled = bytes.count
            while filled < total {  // the copies made so far, copied after themselves: doubling
                let more = min(filled, total - filled)
                (start + filled).initialize(from: start, count: more)
                filled += more
            }
            return total
        }
    }

    /// Mostly a few seconds; sometimes none; sometimes minutes (to run timers out).
    private func thinking() -> Double {
        switch dice.int(0...9) {
        case 0, 1: return 0
        case 2: return Double(dice.int(30...300))
        default: return Double(dice.int(1...5))
        }
    }
}
