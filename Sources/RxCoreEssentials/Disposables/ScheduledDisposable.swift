/// Disposes its disposable on `scheduler` (RxSwift's `ScheduledDisposable`):
/// for resources that must be released on their own thread.
public final class ScheduledDisposable: Cancelable {
    /// The scheduler the disposal runs on.
    public let scheduler: ImmediateSchedulerType
    private let lock = RecursiveLock()
    private var disposable: Disposable?

    /// Disposes `disposable` on `scheduler` when disposed.
    public init(scheduler: ImmediateSchedulerType, disposable: Disposable) {
        self.scheduler = scheduler
        self.disposable = disposable
    }

    /// True once disposal was asked for.
    public var isDisposed: Bool {
        lock.perform { disposable == nil }
    }

    /// Schedules the disposal (once).
    public func dispose() {
        let taken = lock.perform { () -> Disposable? in
            defer { disposable = nil }
            return disposable
        }
        guard let taken else { return }
        _ = scheduler.schedule(taken) { disposable in
            disposable.dispose()
            return Disposables.create()
        }
    }
}
