/// `random(m, n)` for games, and every other seeded choice EduJam makes (the fuzzer's):
/// SplitMix64, so a run replays exactly from its seed.
public struct SeededRandom: Sendable {
    private var state: UInt64

    public init(seed: Int) { state = UInt64(bitPattern: Int64(seed)) ^ 0x9E37_79B9_7F4A_7C15 }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A whole number in `low...high`, without modulo bias.
    public mutating func integer(in low: Int, _ high: Int) -> Int {
        let span = UInt64(bitPattern: Int64(high &- low)) &+ 1
        if span == 0 { return Int(bitPattern: UInt(next())) }  // the full 64-bit range
        let limit = UInt64.max - UInt64.max % span
        var draw = next()
        while draw >= limit { draw = next() }
        return low &+ Int(bitPattern: UInt(draw % span))
    }

    /// A number in `0..<1`.
    public mutating func fraction() -> Double { Double(next() >> 11) / Double(1 << 53) }
}
