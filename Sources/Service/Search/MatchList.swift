/// One part's matching rows, ranked as far as they were read: sorting a
/// million matches takes longer than anyone reads, so the best `headCount`
/// are ranked where the search ran, and deeper pages are ranked when a
/// `Matches` call first reaches them (each time twice as deep).
struct MatchList: Sendable {
    /// The matches; the first `ranked` of them in rank order, the rest
    /// each ranked after all of those.
    private(set) var keys: [MatchKey]
    private(set) var ranked: Int

    /// How many matches are ranked as the search ends.
    static let headCount = 1_024

    /// `keys`, in no order, with the best `headCount` ranked.
    init(unranked keys: [MatchKey]) {
        self.keys = keys
        ranked = 0
        rank(through: MatchList.headCount - 1)
    }

    var count: Int { keys.count }

    /// The rows matched, in no particular order (what a narrowed query searches).
    var rows: [Int32] { keys.map(\.row) }

    /// The match of rank `rank`, ranking more of them first when needed.
    mutating func key(atRank rank: Int) -> MatchKey {
        if rank >= ranked {
            self.rank(through: max(rank, 2 * ranked))
        }
        return keys[rank]
    }

    /// Ranks the matches through rank `last` (or all): the best of the
    /// unranked ones are selected, then sorted.
    private mutating func rank(through last: Int) {
        let end = min(keys.count, last + 1)
        guard end > ranked else { return }
        keys.withUnsafeMutableBufferPointer { keys in
            MatchList.select(keys, from: ranked, until: end)
            keys[ranked..<end].sort()
        }
        ranked = end
    }

    /// Moves the smallest `until - from` keys of `keys[from...]` into
    /// `keys[from..<until]` (Hoare's selection, expected linear time).
    private static func select(_ keys: UnsafeMutableBufferPointer<MatchKey>, from: Int, until: Int) {
        var low = from
        var high = keys.count - 1
        let target = until - 1
        guard target < high else { return }
        var generator = SplitMix(seed: UInt64(keys.count))
        while low < high {
            let pivot = keys[low + Int(generator.next() % UInt64(high - low + 1))]
            var left = low
            var right = high
            while left <= right {
                while keys[left] < pivot { left += 1 }
                while pivot < keys[right] { right -= 1 }
                if left <= right {
                    keys.swapAt(left, right)
                    left += 1
                    right -= 1
                }
            }
            if target <= right {
                high = right
            } else if target >= left {
                low = left
            } else {
                return
            }
        }
    }
}

/// A small, fast pseudo-random generator for choosing pivots: the same
/// list is always split the same way.
private struct SplitMix {
    var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
