import Foundation

/// CSV as RFC 4180 defines it, written here (no outside package): comma-separated fields,
/// records ended by CRLF, fields quoted with `"` and a quote inside written twice.
///
/// Reading is tolerant where real exports differ and harmless: a UTF-8 byte-order mark,
/// LF or CR line ends, a missing final line end, blank lines. It is strict where guessing would
/// misread data: text after a closing quote, a quote never closed.
public enum CSV {
    /// One record and the line it starts on (1-based; a quoted field may span lines).
    public struct Record: Equatable, Sendable {
        /// The line the record starts on.
        public var line: Int
        /// Its fields, unquoted.
        public var fields: [String]
    }

    /// A malformed file. `line` is where the bad record starts.
    public struct SyntaxError: Error, Equatable, Sendable {
        public var line: Int
        public var message: String
    }

    /// Splits `text` into records. Blank lines are skipped.
    ///
    /// Works on UTF-8 bytes, not Characters or scalars: every byte the format gives a meaning
    /// (comma, quote, CR, LF) is ASCII, which never occurs inside another character's bytes in
    /// UTF-8, so each field is whole UTF-8 and a district's export of millions of fields reads in
    /// a fraction of the time.
    /// - Throws: ``SyntaxError`` for text after a closing quote or an unclosed quote.
    public static func records(_ text: String) throws -> [Record] {
        var text = text
        return try text.withUTF8 { try records(bytes: $0) }
    }

    /// ``records(_:)`` on the UTF-8 bytes of valid text.
    private static func records(bytes: UnsafeBufferPointer<UInt8>) throws -> [Record] {
        let quote = UInt8(ascii: "\"")
        let comma = UInt8(ascii: ",")
        let cr = UInt8(ascii: "\r")
        let lf = UInt8(ascii: "\n")
        let end = bytes.count
        var index = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0  // the byte-order mark U+FEFF
        var records: [Record] = []
        var fields: [String] = []
        var field: [UInt8] = []
        var line = 1
        var recordLine = 1
        var quoted = false
        var wasQuoted = false

        func endField() {
            fields.append(String(decoding: field, as: UTF8.self))
            field.removeAll(keepingCapacity: true)
            wasQuoted = false
        }
        func endRecord() {
            let blank = fields.isEmpty && field.isEmpty && !wasQuoted
            endField()
            if !blank { records.append(Record(line: recordLine, fields: fields)) }
            fields = []
        }

        while index < end {
            let byte = bytes[index]
            index += 1
            if quoted {
                if byte == quote {
                    if index < end, bytes[index] == quote {
                        field.append(quote)
                        index += 1
                    } else {
                        quoted = false
                        wasQuoted = true
                    }
                } else {
                    if byte == lf || (byte == cr && (index == end || bytes[index] != lf)) { line += 1 }
                    field.append(byte)
                }
                continue
            }
            switch byte {
            case comma:
                endField()
            case cr, lf:
                if byte == cr, index < end, bytes[index] == lf { index += 1 }
                endRecord()
                line += 1
                recordLine = line
            case quote where field.isEmpty && !wasQuoted:
                quoted = true
            default:
                if wasQuoted {
                    throw SyntaxError(
                        line: line,
                        message: "text after a closing quote (a quote inside a quoted field is written twice: \"\")")
                }
                field.append(byte)
            }
        }
        if quoted { throw SyntaxError(line: recordLine, message: "a quoted field is never closed") }
        if !field.isEmpty || !fields.isEmpty || wasQuoted { endRecord() }
        return records
    }

    /// One field as written: neutralised when a spreadsheet would read it as a formula, quoted
    /// when it holds a comma, a quote, a line break or edge spaces.
    ///
    /// A field whose first byte is `=`, `+`, `-`, `@`, a tab or a carriage return (OWASP's "CSV
    /// injection" list) gets a `'` in front, so a spreadsheet shows it as text instead of running
    /// `=HYPERLINK(…)`; a plain number (`-3`, `+2.5`) is left as it is. The first byte, not the
    /// first character: `=` followed by a combining mark or a variation selector is one Swift
    /// `Character` that is not `=`, and a spreadsheet still sees `=`.
    public static func field(_ text: String) -> String {
        var text = text
        if let first = text.utf8.first, formulaStarts.contains(first), !isPlainNumber(text) { text = "'" + text }
        // Scalars, not Characters: "\r\n" is one Character and would hide a lone "\n".
        let needsQuotes =
            text.unicodeScalars.contains { ",\"\r\n".unicodeScalars.contains($0) }
            || text.first == " " || text.last == " "
        return needsQuotes ? "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\"" : text
    }

    /// The bytes a spreadsheet may start a formula with: `=`, `+`, `-`, `@`, tab, carriage return.
    static let formulaStarts: Set<UInt8> = Set("=+-@\t\r".utf8)

    /// A decimal number such as `-3`, `+2.5` or `-1e-5`, which a spreadsheet reads as a number and
    /// never as a formula.
    static func isPlainNumber(_ text: String) -> Bool {
        text.utf8.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) || "+-.eE".utf8.contains($0) }
            && Double(text) != nil
    }

    /// Each record as one line of fields (``field(_:)``), without its line end: for text that
    /// goes to a terminal one line at a time (`edujam report --csv`).
    public static func lines(_ rows: [[String]]) -> [String] {
        rows.map { $0.map(field).joined(separator: ",") }
    }

    /// Records as RFC 4180 text: fields as ``field(_:)`` writes them, every record ended by CRLF.
    /// Every CSV file EduJam writes is written here.
    public static func text(_ rows: [[String]]) -> String {
        lines(rows).map { $0 + "\r\n" }.joined()
    }
}
