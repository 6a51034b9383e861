import Runtime
import Testing

@testable import Playtest

@Suite struct TranscriptParserTests {
    @Test func readsEveryLineKind() throws {
        let text = """
            # a comment
            * first case
            seed: 42
            student: ana
            level: LEVEL-2
            Welcome
            > 12
            Correct
            /Score: \\d+/
            !Wrong
            !/^Oops/
            > 7 @5
            >
            report: score = 7
            report: correct = 7/10
            report: outcome != error

            * second
            > x
            """
        let transcript = try TranscriptParser.parse(text, file: "t.play")
        #expect(transcript.cases.count == 2)
        let first = transcript.cases[0]
        #expect(first.name == "first case" && first.line == 2 && first.endLine == 16)
        #expect(first.seed == 42 && first.student == "ana" && first.level == "LEVEL-2")
        #expect(first.opening == [OutputCheck(.contains("Welcome"), line: 6)])
        #expect(first.turns.map(\.text) == ["12", "7", ""])
        #expect(first.turns.map(\.thinking) == [1, 5, 1])
        #expect(
            first.turns[0].checks == [
                OutputCheck(.contains("Correct"), line: 8), OutputCheck(.matches("Score: \\d+"), line: 9),
                OutputCheck(.lacks("Wrong"), line: 10), OutputCheck(.lacksMatch("^Oops"), line: 11),
            ])
        #expect(
            first.reportChecks == [
                ReportCheck(key: "score", expected: "7", line: 14),
                ReportCheck(key: "correct", expected: "7/10", line: 15),
                ReportCheck(key: "outcome", expected: "error", negated: true, line: 16),
            ])
        #expect(transcript.cases[1].seed == 0 && transcript.cases[1].level == nil)
    }

    @Test func escapesMakeLiteralChecks() throws {
        let text = "* c\n\\> not an input\n\\*** banner ***\n\\report: x\n\\# hash\n\\seed: 1\n\\\\slash\n"
        let checks = try TranscriptParser.parse(text, file: "t.play").cases[0].opening.map(\.kind)
        #expect(
            checks == [
                .contains("> not an input"), .contains("*** banner ***"), .contains("report: x"),
                .contains("# hash"), .contains("seed: 1"), .contains("\\slash"),
            ])
    }

    @Test func inputKeepsSpacesAndTrailingTimeOnlyAsTime() throws {
        let text = "* c\n>   padded\n> a@5\n> a @5 @1\n> @2.5\n"
        let turns = try TranscriptParser.parse(text, file: "t.play").cases[0].turns
        #expect(turns.map(\.text) == ["  padded", "a@5", "a @5", ""])
        #expect(turns.map(\.thinking) == [1, 1, 1, 2.5])
    }

    @Test(arguments: [
        ("seed: 1\n* c\n", 1, "expected '* name'"),
        ("* c\n> 1\nseed: 3\n", 3, "case options"),
        ("* c\nseed: x\n", 2, "whole number"),
        ("*\n", 1, "needs a name"),
        ("* c\n/Score\n", 2, "between slashes"),
        ("* c\n/(unclosed/\n", 2, "not a valid regular expression"),
        ("* c\nreport: score 7\n", 2, "report: key = value"),
        ("* c\nreport: outcome = won\n", 2, "outcome is one of"),
        ("* c\n!\n", 2, "must not appear"),
        ("* c\n\\\n", 2, "escapes"),
        ("# only comments\n", 1, "no test cases"),
        // Numbers out of range (a think time of 1.7e308, one that reads as infinity, a seed past 2^53).
        (
            "* c\n> 1 @17" + String(repeating: "0", count: 307) + "\n", 2,
            "a think time is a number of seconds from 0 to 86400"
        ),
        ("* c\n> 1\n> 2 @" + String(repeating: "9", count: 400) + "\n", 3, "a think time is"),
        ("* c\n> 1 @86401\n", 2, "@86401: a think time is"),
        ("* c\nseed: 9007199254740993\n", 2, "seed: needs a whole number from -9007199254740992 to 9007199254740992"),
        ("* c\nseed: -9223372036854775808\n", 2, "seed: needs a whole number from"),
    ])
    func malformedFilesNameTheLine(text: String, line: Int, message: String) {
        #expect {
            try TranscriptParser.parse(text, file: "bad.play")
        } throws: { error in
            guard let error = error as? TranscriptError else { return false }
            return error.file == "bad.play" && error.line == line && error.message.contains(message)
        }
    }

    @Test func writerOutputReadsBack() throws {
        let replies = [Reply("12", thinking: 2.5), Reply(""), Reply("x @3")]
        let text = TranscriptWriter.testCase(
            name: "round trip", seed: 9, level: "L", replies: replies,
            segments: [["*** hi ***", "1 + 1 = ?"], ["> ok"], [], ["end"]], record: nil)
        let parsed = try TranscriptParser.parse(text, file: "w.play").cases[0]
        #expect(parsed.turns.map(\.text) == ["12", "", "x @3"])
        #expect(parsed.turns.map(\.thinking) == [2.5, 1, 1])
        #expect(parsed.opening.map(\.kind) == [.contains("*** hi ***"), .contains("1 + 1 = ?")])
        #expect(parsed.turns[0].checks.map(\.kind) == [.contains("> ok")])
        #expect(parsed.seed == 9 && parsed.level == "L")
    }
}
