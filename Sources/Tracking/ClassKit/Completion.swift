/// What ClassKit's completion handlers `(value, error)` need from a `Result`: its two sides as optionals.
extension Result {
    /// The value, or nil after a failure.
    var value: Success? { try? get() }

    /// The error, or nil after a success.
    var error: Failure? {
        guard case .failure(let error) = self else { return nil }
        return error
    }
}
