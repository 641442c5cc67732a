import Synchronization

/// Makes the scheduler `Driver` and `Signal` deliver on: a fresh
/// `MainScheduler()` for each use, as RxCocoa's, so one shared sequence's
/// delivery nested inside another's runs at once instead of waiting behind
/// everything queued on a shared scheduler.
public enum SharingScheduler {
    // The maker is swapped only by `mock`, on the thread that runs the
    // test; `UncheckedTransfer` carries the closure into the lock.
    private static let maker = Mutex(UncheckedTransfer<() -> SchedulerType>({ MainScheduler() }))

    /// Makes the scheduler of the next shared sequence.
    public private(set) static var make: () -> SchedulerType {
        get { maker.withLock { $0.value } }
        set { maker.withLock { $0 = UncheckedTransfer(newValue) } }
    }

    /// Runs `action` with every shared sequence made in it delivering on
    /// `scheduler` (for tests on a `TestScheduler`); the maker before is
    /// restored after, also when `action` throws.
    public static func mock(scheduler: SchedulerType, action: () throws -> Void) rethrows {
        try mock(makeScheduler: { scheduler }, action: action)
    }

    /// Runs `action` with every shared sequence made in it delivering on a
    /// scheduler of `makeScheduler`; the maker before is restored after.
    public static func mock(makeScheduler: @escaping () -> SchedulerType, action: () throws -> Void) rethrows {
        let original = make
        make = makeScheduler
        defer { make = original }
        try action()
    }
}
