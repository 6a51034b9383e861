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
}
