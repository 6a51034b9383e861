import Runtime

/// The fuzzer's dice: the runtime's seeded generator, so a fuzz run replays from its seed.
struct Dice {
    private var random: SeededRandom

    init(seed: Int) { random = SeededRandom(seed: seed) }

    /// A whole number in `range`.
    mutating func int(_ range: ClosedRange<Int>) -> Int { random.integer(in: range.lowerBound, range.upperBound) }

    /// True with probability `p`.
    mutating func chance(_ p: Double) -> Bool { random.fraction() < p }

    mutating func pick<T>(_ list: [T]) -> T { list[int(0...list.count - 1)] }
}
