/// PLACEHOLDER: whole Math Jam and Word Jam playthroughs driven by scripted
/// answers. It needs the game runtime (the Runtime module), which the bench
/// target does not depend on yet; whoever adds it replaces this file.
extension Row {
    static let playthroughs = Row(name: "playthroughs") { _ in
        [.placeholder("playthroughs", unit: "ms", target: Target(),
                      note: "not measured yet (needs the game runtime)")]
    }
}
