import Foundation

/// A parsed `.play` file: one or more test cases, each a fresh playthrough.
///
/// The format is described in `docs/playtesting.md`; ``TranscriptParser`` reads it.
public struct Transcript: Sendable {
    /// The file the transcript came from, for messages.
    public var file: String
    /// The cases, in file order.
    public var cases: [TranscriptCase]

    /// Creates a transcript from its cases.
    public init(file: String, cases: [TranscriptCase]) {
        self.file = file
        self.cases = cases
    }
}

/// One `* name` case: how to launch the game, what the student types, what must be seen.
public struct TranscriptCase: Sendable {
    /// The text after `*`.
    public var name: String
    /// The line of the `*` line (1-based).
    public var line: Int
    /// The last line that belongs to the case, so `--update` can rewrite it in place.
    public var endLine: Int
    /// `seed:`; 0 when not given.
    public var seed = 0
    /// `student:`; "student" when not given.
    public var student = "student"
    /// `level:`; nil leaves the game's level menu to the first input.
    public var level: String?
    /// Checks on the output before the first input is typed (up to and including the first prompt).
    public var opening: [OutputCheck] = []
    /// The inputs, each with the checks on the output it caused.
    public var turns: [Turn] = []
    /// `report:` lines, checked once the run has ended.
    public var reportChecks: [ReportCheck] = []

    /// Creates an empty case.
    public init(name: String, line: Int) {
        self.name = name
        self.line = line
        self.endLine = line
    }

    /// Every output check with the index of the segment it applies to (0 = opening).
    public var segmentChecks: [(segment: Int, check: OutputCheck)] {
        opening.map { (0, $0) } + turns.enumerated().flatMap { index, turn in turn.checks.map { (index + 1, $0) } }
    }
}

/// One `> line` input and the checks that follow it.
public struct Turn: Sendable, Equatable {
    /// What the student types, without the newline.
    public var text: String
    /// Virtual seconds of thinking before typing (`@N`, default 1).
    public var thinking: Double
    /// The line of the `>` line.
    public var line: Int
    /// Checks on the output after this input, up to and including the next prompt.
    public var checks: [OutputCheck] = []

    /// Creates an input.
    public init(text: String, thinking: Double = 1, line: Int, checks: [OutputCheck] = []) {
        self.text = text
        self.thinking = thinking
        self.line = line
        self.checks = checks
    }
}

/// A check on one segment of output. Each is tried against every line of the segment.
public struct OutputCheck: Sendable, Equatable {
    /// What is looked for.
    public enum Kind: Sendable, Equatable {
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
    public var kind: Kind
    /// The line in the `.play` file.
    public var line: Int

    /// Creates a check.
    public init(_ kind: Kind, line: Int) {
        self.kind = kind
        self.line = line
    }

    /// The check as written in a `.play` file.
    public var source: String {
        switch kind {
        case .contains(let text): return TranscriptParser.escaped(text)
        case .lacks(let text): return "!" + text
        case .matches(let pattern): return "/" + pattern + "/"
        case .lacksMatch(let pattern): return "!/" + pattern + "/"
        }
    }
}

/// A `report: key = value` (or `!=`) line, checked against the run's record.
public struct ReportCheck: Sendable, Equatable {
    /// `outcome`, `progress`, `primary`, `done`, or an item identifier.
    public var key: String
    /// The expected value as written: `7`, `7/10`, `true`, `finished`.
    public var expected: String
    /// True for `!=`.
    public var negated: Bool
    /// The line in the `.play` file.
    public var line: Int

    /// Creates a report check.
    public init(key: String, expected: String, negated: Bool = false, line: Int) {
        self.key = key
        self.expected = expected
        self.negated = negated
        self.line = line
    }

    /// The keys that name a field of the run rather than an item.
    public static let fields: Set<String> = ["outcome", "progress", "primary", "done"]

    /// The check as written in a `.play` file.
    public var source: String { "report: \(key) \(negated ? "!=" : "=") \(expected)" }
}
