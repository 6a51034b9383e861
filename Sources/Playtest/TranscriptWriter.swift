import Runtime
import Tracking

/// Writes a played session as a `.play` case, so one playthrough becomes a regression test.
public enum TranscriptWriter {
    /// The text of one case.
    ///
    /// - Parameters:
    ///   - name: the case name after `*`.
    ///   - seed, student, level: the case options (student omitted when it is the default).
    ///   - replies: what was typed, with think times.
    ///   - segments: the output per segment, as ``ScriptedChannel`` cuts it; each
    ///     non-blank line becomes a check under the input that caused it.
    ///   - record: the run's record, for the closing `report:` lines; nil for none.
    ///   - reportLines: extra report lines to end with (a fuzz finding's `outcome != error`).
    public static func testCase(
        name: String, seed: Int, student: String = "student", level: String?,
        replies: [Reply], segments: [[String]], record: RunRecord?,
        reportLines: [String] = []
    ) -> String {
        var lines = ["* " + name, "seed: \(seed)"]
        if student != "student" { lines.append("student: " + student) }
        if let level { lines.append("level: " + level) }
        lines += checks(segments.first ?? [])
        for (index, reply) in replies.enumerated() {
            lines.append(input(reply))
            lines += checks(index + 1 < segments.count ? segments[index + 1] : [])
        }
        if let record { lines += ReportValues.lines(for: record) }
        lines += reportLines
        return lines.joined(separator: "\n") + "\n"
    }

    /// `> text`, with `@seconds` when the thinking time is not the default 1. What a terminal
    /// would act on (an escape sequence, a line break, a carriage return) is written as
    /// `\u{HEX}` (``TranscriptText``): a student's reply is typed back exactly, and the file is
    /// plain text.
    static func input(_ reply: Reply) -> String {
        let text = TranscriptText.visible(reply.text)
        var line = text.isEmpty ? ">" : "> " + text
        let think = (reply.thinking * 100).rounded() / 100
        // A typed line that itself ends in "@N" gets an explicit time, so it reads back unchanged.
        let endsLikeTime = text.range(of: #"(^|\s)@\d+(\.\d+)?$"#, options: .regularExpression) != nil
        if think != 1 || endsLikeTime { line += " @" + TeacherNumber.exact(think) }
        return line
    }

    /// Every non-blank line, escaped where needed, as plain checks.
    static func checks(_ lines: [String]) -> [String] {
        lines.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }.map(TranscriptParser.escaped)
    }
}
