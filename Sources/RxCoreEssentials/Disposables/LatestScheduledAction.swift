/// The pending action of a pump that schedules one action at a time
/// (`observe(on:)`, `delay`), kept for disposal. An action's handle is set
/// once `schedule` returns, which on a concurrent scheduler can be after
/// that action ran and scheduled the next: a handle reserved earlier never
/// replaces, or disposes, one reserved later.
final class LatestScheduledAction: Disposable {
    // Every field is only touched holding `lock`.
    private let lock = RecursiveLock()
    private var reserved: UInt64 = 0
    private var latest: (number: UInt64, action: Disposable)?
    private var isDisposed = false

    /// A number for the action about to be scheduled.
    func reserve() -> UInt64 {
        lock.perform {
            reserved += 1
            return reserved
        }
    }

    /// Keeps `action`, scheduled under `number`, unless a later one is kept;
    /// disposed at once after `dispose()`.
    func set(_ action: Disposable, number: UInt64) {
        let disposesNow = lock.perform { () -> Bool in
            guard !isDisposed else { return true }
            if (latest?.number ?? 0) < number {
                latest = (number, action)
            }
            return false
        }
        if disposesNow {
            action.dispose()
        }
    }

    /// Disposes the kept action and any set later.
    func dispose() {
        let action = lock.perform { () -> Disposable? in
            isDisposed = true
            defer { latest = nil }
            return latest?.action
        }
        action?.dispose()
    }
}
