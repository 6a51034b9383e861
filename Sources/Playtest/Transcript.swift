import Foundation

/// A parsed `.play` file: one or more test cases, each a fresh playthrough.
///
/// The format is described in `docs/playtesting.md`; ``TranscriptParser`` reads it.
struct Transcript: Sendable {
    /// The file the transcript came from, for messages.
    var file: String
    /// The cases, in file order.
    var cases: [TranscriptCase]
}

/// One `* name` case: how to launch the game, what the student types, what must be seen.
struct TranscriptCase: Sendable {
    /// The text after `*`.
    var name: String
    /// The line of the `*` line (1-based).
    var line: Int
    /// The last line that belongs to the case, so `--update` can rewrite it in place.
    var endLine: Int
    /// `seed:`; 0 when not given.
    var seed = 0
    /// `student:`; "student" when not given.
    var student = "student"
    /// `level:`; nil leaves the game's level menu to the first input.
    var level: String?
    /// Checks on the output before the first input is typed (up to and including the first prompt).
    var opening: [OutputCheck] = []
    /// The inputs, each with the checks on the output it caused.
    var turns: [Turn] = []
    /// `report:` lines, checked once the run has ended.
    var reportChecks: [ReportCheck] = []

    /// Creates an empty case.
    init(name: String, line: Int) {
        self.name = name
        self.line = line
        self.endLine = line
    }

    /// Every output check with the index of the segment it applies to (0 = opening).
    var segmentChecks: [(segment: Int, check: OutputCheck)] {
        opening.map { (0, $0) } + turns.enumerated().flatMap { index, turn in turn.checks.map { (index + 1, $0) } }
    }
}

/// One `> line` input and the checks that follow it.
struct Turn: Sendable, Equatable {
    /// What the student types, without the newline.
    var text: String
    /// Virtual seconds of thinking before typing (`@N`, default 1).
    var thinking: Double
    /// The line of the `>` line.
    var line: Int
    /// Checks on the output after this input, up to and including the next prompt.
    var checks: [OutputCheck] = []

    /// Creates an input.
    init(text: String, thinking: Double = 1, line: Int, checks: [OutputCheck] = []) {
        self.text = text
        self.thinking = thinking
        self.line = line
        self.checks = checks
    }
}

/// A check on one segment of output. Each is tried against every line of the segment.
struct OutputCheck: Sendable, Equatable {
    /// What is looked for.
    enum Kind: Sendable, Equatable {
        /// Plain text: some line must contain it.
        case contains(String)
        /// `!text`: no line may contain it.
        case lacks(String)
        /// `/regex/`: some line must match.
        case matches(String)
        /// `!/regex/`: no line may match.
        case lacksMatch(String)
    }

    /// What is looked for.
    var kind: Kind
    /// The line in the `.play` file.
    var line: Int

    /// Creates a check.
    init(_ kind: Kind, line: Int) {
        self.kind = kind
        self.line = line
    }

    /// The check as written in a `.play` file.
    var source: String {
        switch kind {
        case .contains(let text): return TranscriptParser.escaped(text)
        case .lacks(let text): return "!" + TranscriptText.visible(text)
        case .matches(let pattern): return "/" + pattern + "/"
        case .lacksMatch(let pattern): return "!/" + pattern + "/"
        }
    }
}

/// A `report: key = value` (or `!=`) line, checked against the run's record.
struct ReportCheck: Sendable, Equatable {
    /// `outcome`, `progress`, `primary`, `done`, or an item identifier.
    var key: String
    /// The expected value as written: `7`, `7/10`, `true`, `finished`.
    var expected: String
    /// True for `!=`.
    var negated: Bool
    /// The line in the `.play` file.
    var line: Int

    /// Creates a report check.
    init(key: String, expected: String, negated: Bool = false, line: Int) {
        self.key = key
        self.expected = expected
        self.negated = negated
        self.line = line
    }

    /// The keys that name a field of the run rather than an item.
    static let fields: Set<String> = ["outcome", "progress", "primary", "done"]

    /// The check as written in a `.play` file.
    var source: String { "report: \(key) \(negated ? "!=" : "=") \(expected)" }
}
