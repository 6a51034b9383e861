import Foundation

/// A mistake in a OneRoster folder: the file, the line (nil for the file as a whole) and what is
/// wrong. Printed as `users.csv:17: …`, like a compiler.
public struct OneRosterError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file name, such as `users.csv`.
    public var file: String
    /// The line the bad row starts on; nil when the whole file is at fault.
    public var line: Int?
    /// What is wrong.
    public var message: String

    public init(file: String, line: Int?, message: String) {
        self.file = file
        self.line = line
        self.message = message
    }

    public var description: String { "\(file):\(line.map { "\($0):" } ?? "") \(message)" }
}

/// One OneRoster CSV file, read by header name: columns may come in any order, extra columns
/// (`ext_*` or anything else) are ignored, header names match without regard to case or edge spaces.
struct OneRosterTable {
    /// One data row with its line.
    struct Row {
        let file: String
        /// Header name -> column index, shared by every row of the file: under each name
        /// lower-cased, and under each required column's own spelling, so the import's lookups
        /// (millions in a district's export) find theirs without lower-casing it first.
        let columns: [String: Int]
        let line: Int
        let fields: [String]

        /// The value of `column`, trimmed; empty when the column is absent or the cell blank.
        func value(_ column: String) -> String {
            guard let index = columns[column] ?? columns[column.lowercased()] else { return "" }
            let field = fields[index]
            // Most cells have no edge space: a district's export has millions, so skip Foundation's trim.
            guard !Self.hasVisibleEnds(field[...]), let first = field.first, let last = field.last,
                first.isWhitespace || last.isWhitespace
            else { return field }
            return field.trimmingCharacters(in: .whitespaces)
        }

        /// Whether `text` begins and ends with a visible ASCII byte (`!` to `~`): then it has no
        /// edge space to trim, known from two bytes instead of two Characters.
        static func hasVisibleEnds(_ text: Substring) -> Bool {
            guard let first = text.utf8.first, let last = text.utf8.last else { return false }
            return isVisibleASCII(first) && isVisibleASCII(last)
        }

        /// The value of a column that must not be blank.
        func required(_ column: String) throws -> String {
            let text = value(column)
            guard !text.isEmpty else { throw error("\(column) is empty; it is required") }
            return text
        }

        /// A comma-separated list (`orgSourcedIds`), each entry trimmed, blanks dropped.
        func list(_ column: String) -> [String] {
            value(column).split(separator: ",").map {
                Self.hasVisibleEnds($0) ? String($0) : $0.trimmingCharacters(in: .whitespaces)
            }.filter { !$0.isEmpty }
        }

        /// `status`: active (or blank, as bulk files leave it) or gone (`tobedeleted`, or 1.0's `inactive`).
        func isDeleted() throws -> Bool {
            switch value("status").lowercased() {
            case "", "active": return false
            case "tobedeleted", "inactive": return true
            case let other: throw error("status '\(other)' is not active or tobedeleted")
            }
        }

        /// A byte that is a whole character and not a space: `!` to `~`.
        private static func isVisibleASCII(_ byte: UInt8) -> Bool { byte > 0x20 && byte < 0x7F }

        func error(_ message: String) -> OneRosterError {
            OneRosterError(file: file, line: line, message: message)
        }
    }

    let file: String
    let rows: [Row]

    /// Reads `file` in `folder` and checks its header has every column in `required`.
    /// - Throws: ``OneRosterError`` for an unreadable file, bad CSV, a missing or repeated column,
    ///   or a row whose field count differs from the header's.
    init(folder: URL, file: String, required: [String]) throws {
        self.file = file
        let url = folder.appendingPathComponent(file)
        guard let data = try? Data(contentsOf: url) else {
            throw OneRosterError(file: file, line: nil, message: "cannot read \(url.path)")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw OneRosterError(file: file, line: nil, message: "not UTF-8 text")
        }
        let records: [CSV.Record]
        do { records = try CSV.records(text) } catch let error as CSV.SyntaxError {
            throw OneRosterError(file: file, line: error.line, message: error.message)
        }
        guard let header = records.first else {
            throw OneRosterError(file: file, line: nil, message: "empty file: no header row")
        }
        var columns: [String: Int] = [:]
        for (index, name) in header.fields.enumerated() {
            let key = name.trimmingCharacters(in: .whitespaces).lowercased()
            guard columns[key] == nil else {
                throw OneRosterError(
                    file: file, line: header.line, message: "column '\(name)' appears twice in the header")
            }
            columns[key] = index
        }
        for name in required {
            guard let index = columns[name.lowercased()] else {
                throw OneRosterError(file: file, line: header.line, message: "missing required column '\(name)'")
            }
            columns[name] = index
        }
        var rows: [Row] = []
        rows.reserveCapacity(records.count)
        let width = header.fields.count
        for record in records.dropFirst() {
            guard record.fields.count == width else {
                throw OneRosterError(
                    file: file, line: record.line,
                    message: "\(record.fields.count) fields, but the header has \(width)")
            }
            rows.append(Row(file: file, columns: columns, line: record.line, fields: record.fields))
        }
        self.rows = rows
    }
}
