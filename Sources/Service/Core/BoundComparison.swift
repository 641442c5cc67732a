/// A bind's new rows compared, off the loop, with the rows bound when the
/// call's reading began: a million equal rows take the loop a few hundred
/// milliseconds to compare, and a bind of the same rows changes nothing
/// (docs/behaviour.md, "All widgets"). The answer holds while those rows
/// are still bound — the very array: the comparison keeps it alive, so any
/// change since made a new one — and otherwise the loop compares.
///
/// `@unchecked Sendable`: made on the reader thread and handed to the loop
/// once (in a bulk call's outcome); only the loop calls `equals`, which
/// lets go of the rows it kept, so the bind's own discarding (off the loop)
/// is the one that frees them, not the end of the call on the loop.
final class BoundComparison<Element: Sendable>: @unchecked Sendable {
    private var bound: [Element]?
    private let equal: Bool

    /// `new` compared with `bound` by `equal`.
    init<New>(_ new: New, with bound: [Element], by equal: (New, [Element]) -> Bool) {
        self.bound = bound
        self.equal = equal(new, bound)
    }

    /// Whether the new rows equal `current`, when `current` is the array
    /// compared; nil when something replaced it meanwhile. Asked once: the
    /// rows kept for it are let go of.
    func equals(_ current: [Element]) -> Bool? {
        defer { bound = nil }
        guard let bound else { return nil }
        return bound.withUnsafeBufferPointer { compared in
            current.withUnsafeBufferPointer { now in
                compared.baseAddress == now.baseAddress && compared.count == now.count
            }
        } ? equal : nil
    }
}
