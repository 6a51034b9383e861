/// PLACEHOLDER: saving a run's tracking records to the SQLite store. It needs
/// the Tracking module, which the bench target does not depend on; whoever
/// adds the dependency replaces this file.
extension Row {
    static let store = Row(name: "store") { _ in
        [.placeholder("store", unit: "ms", target: Target(),
                      note: "not measured yet (needs the Tracking module)")]
    }
}
