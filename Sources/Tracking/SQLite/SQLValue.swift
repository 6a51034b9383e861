/// A value bound to a statement parameter.
///
/// Every write goes through parameters, never string interpolation, so student names and titles
/// can hold any text without changing the SQL.
package enum SQLValue {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)

    /// Wraps an optional string, mapping nil to SQL NULL.
    package static func text(_ value: String?) -> SQLValue { value.map { .text($0) } ?? .null }

    /// Wraps an optional integer, mapping nil to SQL NULL.
    package static func integer(_ value: Int?) -> SQLValue { value.map { .integer(Int64($0)) } ?? .null }

    /// Wraps an optional double, mapping nil to SQL NULL.
    package static func real(_ value: Double?) -> SQLValue { value.map { .real($0) } ?? .null }

    /// Stores a Boolean as 0 or 1.
    package static func bool(_ value: Bool) -> SQLValue { .integer(value ? 1 : 0) }
}
