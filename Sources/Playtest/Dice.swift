/// The fuzzer's own seeded generator (SplitMix64), so a fuzz run replays from its seed.
struct Dice {
    private var state: UInt64

    init(seed: Int) { state = UInt64(bitPattern: Int64(seed)) &* 0x2545_F491_4F6C_DD1D ^ 0x9E37_79B9_7F4A_7C15 }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A whole number in `range` (modulo bias does not matter for fuzzing).
    mutating func int(_ range: ClosedRange<Int>) -> Int {
        range.lowerBound + Int(next() % UInt64(range.upperBound - range.lowerBound + 1))
    }

    /// True with probability `p`.
    mutating func chance(_ p: Double) -> Bool { Double(next() >> 11) / Double(1 << 53) < p }

    mutating func pick<T>(_ list: [T]) -> T { list[int(0...list.count - 1)] }
}
