/// Large values the loop lets go of, freed on a thread of their own:
/// freeing a million rows takes tens of milliseconds that no other client
/// should wait.
public enum Discard {
    private static let queue = BackgroundQueue(label: "discard", nice: 19)

    /// Takes `value` over; its last reference, unless another holder keeps
    /// one, goes on the discarding thread.
    public static func later<Value: Sendable>(_ value: consuming Value) {
        let carried = value
        queue.async { withExtendedLifetime(carried) {} }
    }
}
