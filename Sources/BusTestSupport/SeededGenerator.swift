import Foundation

/// A reproducible random number generator for tests (SplitMix64). Its seed
/// comes from `RXWIDGETS_TEST_SEED` when set, else from the clock, and is
/// printed, so that any failing run can be replayed exactly.
public struct SeededGenerator: RandomNumberGenerator {
    /// The seed this generator started from.
    public let seed: UInt64
    private var state: UInt64

    /// A generator for the test named `test`; prints `test: seed N (RXWIDGETS_TEST_SEED=N replays it)`.
    public init(for test: String) {
        let given = ProcessInfo.processInfo.environment["RXWIDGETS_TEST_SEED"].flatMap { UInt64($0) }
        self.init(seed: given ?? UInt64(Date().timeIntervalSince1970 * 1_000_000))
        print("\(test): seed \(seed) (RXWIDGETS_TEST_SEED=\(seed) replays it)")
    }

    /// A generator starting from `seed`.
    public init(seed: UInt64) {
        self.seed = seed
        state = seed
    }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }
}
