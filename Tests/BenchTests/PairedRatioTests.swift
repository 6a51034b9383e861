import Testing

@testable import edujam_bench

/// How the benchmark judges a ratio (on a shared, noisy machine): the median of per-round ratios, the
/// spread that says how well that median is known, and a verdict that refuses to judge
/// a ratio too noisy to tell from its target.
@Suite struct PairedRatioTests {
    @Test func quartilesInterpolateBetweenRounds() {
        #expect(quantile([1, 2, 3, 4, 5], 0.5) == 3)
        #expect(quantile([1, 2, 3, 4], 0.5) == 2.5)
        #expect(quantile([1, 2, 3, 4, 5], 0.25) == 2)
        #expect(quantile([10], 0.75) == 10)
    }

    @Test func spreadIsTheMediansOwnInterquartileRange() {
        // 101 rounds evenly spread over 0.90...1.10: single rounds disagree by 0.10 (their
        // IQR), the median (1.00) is known to about 0.1 * 0.674 / sqrt(101) * 2 = 0.013.
        let ratios = (0...100).map { 0.9 + 0.2 * Double($0) / 100 }
        let paired = PairedRatio(ratios.shuffled())
        #expect(abs(paired.median - 1.0) < 1e-9)
        #expect(abs(paired.roundSpread - 0.10) < 1e-9)
        #expect(paired.spread > 0.011 && paired.spread < 0.016)
        #expect(!paired.isTooNoisy)
        // The same spread of single rounds over 9 rounds leaves the median too uncertain.
        let few = PairedRatio((0...8).map { 0.7 + 0.6 * Double($0) / 8 })
        #expect(few.isTooNoisy)
    }

    @Test func aNoisyRowIsNotJudged() {
        let noisy = PairedRatio([0.8, 1.3, 0.9, 1.2, 1.0])
        let steady = PairedRatio(Array(repeating: 1.2, count: 15))
        let target = Target(maxRatio: 1.05)
        func row(_ paired: PairedRatio, _ target: Target) -> Measurement {
            Measurement(name: "cpu/x", reference: 1, edujam: paired.median, unit: "ms", paired: paired, target: target)
        }
        #expect(row(noisy, target).verdict == "noisy")
        #expect(row(steady, target).verdict == "NO")
        #expect(row(PairedRatio(Array(repeating: 1.01, count: 15)), target).verdict == "yes")
        // A target on the value alone does not depend on the ratio's noise, nor does a ratio
        // bound far outside the spread.
        #expect(row(noisy, Target(maxValue: 5)).verdict == "yes")
        #expect(row(noisy, Target(maxRatio: 3)).verdict == "yes")
        #expect(row(noisy, Target(maxRatio: 0.1)).verdict == "NO")
    }

    @Test func roundsAreAddedUntilTheRatioIsSteady() throws {
        // Rounds spread evenly over 0.9...1.1 (a golden-ratio sequence): the median's spread
        // shrinks as 1/sqrt(n), below the steady mark after some tens of rounds.
        var round = 0.0
        let noisy: () throws -> Double = {
            round += 1
            return 0.9 + 0.2 * (round * 0.618_033_988_7).truncatingRemainder(dividingBy: 1)
        }
        let result = try interleaveUntilSteady(11...401, pair: (0, 1), [noisy, { 1.0 }])
        #expect(result.samples[0].count > 11 && result.samples[0].count < 401)
        #expect(result.paired(0, to: 1).spread <= PairedRatio.steadySpread)
        // A steady pair stops at the lower bound.
        let steady = try interleaveUntilSteady(11...401, pair: (0, 1), [{ 2.0 }, { 1.0 }])
        #expect(steady.samples[0].count == 11)
    }
}
