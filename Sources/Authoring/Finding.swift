/// One mistake `edujam check` found in a game, located and with a hint.
public struct Finding: Equatable, Sendable, Codable, CustomStringConvertible {
    /// How bad it is: an error fails `check`; a warning is printed only.
    public enum Severity: String, Sendable, Codable, Comparable {
        case error
        case warning

        public static func < (a: Severity, b: Severity) -> Bool { a == .error && b == .warning }
    }

    /// Error or warning.
    public var severity: Severity
    /// The file, as given to `check` (`games/quiz/game.lua`).
    public var file: String
    /// The line in `file`, when the mistake has one.
    public var line: Int?
    /// What is wrong, in one line.
    public var message: String
    /// How to fix it, when there is something to say.
    public var hint: String?
    /// Which check found it: `syntax`, `declaration`, `global`, `argument`, `luacheck W113`, ...
    public var check: String
    /// More lines to show below (a source excerpt, a traceback, a test case).
    public var detail: String?

    /// Creates a finding.
    public init(
        _ severity: Severity, file: String, line: Int?, _ message: String, hint: String? = nil,
        check: String, detail: String? = nil
    ) {
        self.severity = severity
        self.file = file
        self.line = line
        self.message = message
        self.hint = hint
        self.check = check
        self.detail = detail
    }

    /// `file:line: error: message`, then the hint and the detail, indented.
    public var description: String {
        let place = line.map { "\(file):\($0)" } ?? file
        var text = "\(place): \(severity.rawValue): \(message)"
        if let hint { text += "\n    hint: \(hint)" }
        if let detail, !detail.isEmpty {
            text +=
                "\n"
                + detail.split(separator: "\n", omittingEmptySubsequences: false).map { "    " + $0 }.joined(
                    separator: "\n")
        }
        return text
    }
}
