import Synchronization

/// Counts the live resources of the library: observables, sinks, observers,
/// subscriptions, subjects and delegate proxies.
///
/// A test reads `total` before and after building and releasing a pipeline;
/// a value that does not return to where it started is a leak.
public enum Resources {
    private static let counter = Atomic<Int32>(0)

    /// The number of live resources.
    public static var total: Int32 {
        counter.load(ordering: .relaxed)
    }

    /// Counts one more live resource; call from the resource's initializer.
    public static func increment() {
        counter.add(1, ordering: .relaxed)
    }

    /// Counts one resource fewer; call from the resource's deinitializer.
    public static func decrement() {
        counter.subtract(1, ordering: .relaxed)
    }
}
