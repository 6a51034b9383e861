/// One row of a result, read by column number: what the row decoders shared by the engines
/// (``ContextRow``, the runs and histories) need, from SQLite's ``Statement`` or PostgreSQL's ``PGRow``.
package protocol SQLRow {
    /// Column `index` as text, or nil when it is NULL.
    func text(_ index: Int32) -> String?
    /// Column `index` as an integer (a Boolean as 1 or 0).
    func int(_ index: Int32) -> Int64
    /// Column `index` as a double.
    func double(_ index: Int32) -> Double
    /// Whether column `index` is NULL.
    func isNull(_ index: Int32) -> Bool
}

extension SQLRow {
    /// Reads column `index` as a double that must be finite (and within `range`, if given):
    /// both engines store infinities, which no report can print or encode.
    /// - Throws: ``TrackingError/corruptRow(_:)`` naming `column` and the value.
    package func finite(_ index: Int32, _ column: String, in range: ClosedRange<Double>? = nil) throws -> Double {
        let value = double(index)
        guard value.isFinite, range?.contains(value) ?? true else {
            throw TrackingError.corruptRow("\(column) = \(value)")
        }
        return value
    }

    /// Reads column `index` as a double, or nil when it is NULL.
    package func optionalDouble(_ index: Int32) -> Double? { isNull(index) ? nil : double(index) }

    /// Reads column `index` as an integer, or nil when it is NULL.
    func optionalInt(_ index: Int32) -> Int? { isNull(index) ? nil : Int(int(index)) }
}
