/// A bind's new rows compared, off the loop, with the rows bound when the
/// call's reading began: a million equal rows take the loop a few hundred
/// milliseconds to compare, and a bind of the same rows changes nothing
/// (docs/behaviour.md, "All widgets"). The answer holds while those rows are still bound — the
/// very array: the comparison keeps it alive, so any change since made a
/// new one — and otherwise the loop compares.
struct BoundComparison<Element: Sendable>: Sendable {
    private let bound: [Element]
    private let equal: Bool

    /// `new` compared with `bound` by `equal`.
    init<New>(_ new: New, with bound: [Element], by equal: (New, [Element]) -> Bool) {
        self.bound = bound
        self.equal = equal(new, bound)
    }

    /// Whether the new rows equal `current`, when `current` is the array
    /// compared; nil when something replaced it meanwhile.
    func equals(_ current: [Element]) -> Bool? {
        bound.withUnsafeBufferPointer { compared in
            current.withUnsafeBufferPointer { now in
                compared.baseAddress == now.baseAddress && compared.count == now.count
            }
        } ? equal : nil
    }
}
