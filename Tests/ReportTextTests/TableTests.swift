import Classroom
import ReportText
import Runtime
import Testing

/// Tables fit the width they are given: the named columns give way with an ellipsis, the result a
/// reader looks for last, and outside text never breaks a line.
@Suite struct TableTests {
    private let header = ["student", "activity", "result"]

    @Test func namesGiveWayAndTheResultStaysWhole() {
        let rows = [[String(repeating: "n", count: 40), String(repeating: "a", count: 40), "score 150"]]
        let table = Format.table(header: header, rows: rows, width: 60, shrinking: [1], lastToShrink: [0, 2])
        let lines = table.split(separator: "\n").map(String.init)
        #expect(lines.allSatisfy { Terminal.width(of: $0) <= 60 }, "\(lines)")
        #expect(lines[1].hasSuffix("score 150") && lines[1].contains("…"), "\(lines)")
    }

    @Test func aTableThatFitsIsNotCut() {
        let rows = [["ana", "LEVEL-1", "score 3"]]
        let table = Format.table(header: header, rows: rows, width: 80, shrinking: [0, 1])
        #expect(table == "student  activity  result\nana      LEVEL-1   score 3")
        #expect(Format.naturalWidth(header: header, rows: rows) == 26)
    }

    @Test func aCellIsOneLineWhateverItHolds() {
        let table = Format.table(header: header, rows: [["a\nb", "c\u{1B}[2J", "d"]], width: 80, shrinking: [])
        #expect(table.split(separator: "\n").count == 2 && !table.contains("\u{1B}"), "\(table)")
    }

    @Test func aFindingIsNeverCut() {
        let reason = "mismatch: " + String(repeating: "r", count: 100)
        let check = AttemptCheck(
            id: 1, uuid: "7f0c2a1b-0000", student: String(repeating: "s", count: 30),
            identifierPath: ["org.edujam.games", "MATH-JAM"], state: .mismatch,
            difference: String(reason.dropFirst(10)),
            checkedAt: "2026-12-07T10:00:00Z")
        let lines = CheckTable.render([check], width: 60).split(separator: "\n")
        #expect(lines.last?.hasSuffix(reason) == true && lines.last?.hasPrefix("7f0c2a1b") == true, "\(lines)")
    }

    @Test func durationsReadAsAClock() {
        #expect(Format.duration(75) == "1:15")
        #expect(Format.duration(3_725) == "1:02:05")
        #expect(Format.duration(.infinity) == Format.duration(.greatestFiniteMagnitude))
    }
}
