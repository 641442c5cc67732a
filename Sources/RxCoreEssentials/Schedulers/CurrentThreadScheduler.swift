import Glibc

/// Runs actions on the calling thread, as a trampoline: the outermost action
/// runs at once, and actions scheduled while one runs are queued and run, in
/// order, right after it, before `schedule` returns to the outermost caller.
///
/// Every subscription starts on it, so a synchronous source (`from`, `of`)
/// begins emitting only once the subscription is fully set up and can be
/// disposed: `Observable.from(1...).take(3)` ends.
public final class CurrentThreadScheduler: ImmediateSchedulerType, Sendable {
    /// The shared instance.
    public static let instance = CurrentThreadScheduler()

    private static let queueKey: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key, nil)
        return key
    }()

    private init() {}

    /// True when no action of this scheduler is running on the calling thread,
    /// so a new action would run at once.
    public static var isScheduleRequired: Bool {
        pthread_getspecific(queueKey) == nil
    }

    /// Runs `action` now, or queues it when another action is running on this thread.
    public func schedule<StateType>(_ state: StateType, action: @escaping (StateType) -> Disposable) -> Disposable {
        if let running = pthread_getspecific(Self.queueKey) {
            let queue = Unmanaged<TrampolineQueue>.fromOpaque(running).takeUnretainedValue()
            let item = ScheduledItem(state: state, action: action)
            queue.items.append(item.invoke)
            return item
        }
        let queue = TrampolineQueue()
        pthread_setspecific(Self.queueKey, Unmanaged.passUnretained(queue).toOpaque())
        defer { pthread_setspecific(Self.queueKey, nil) }
        let disposable = action(state)
        var next = 0
        while next < queue.items.count {
            let item = queue.items[next]
            next += 1
            item()
        }
        withExtendedLifetime(queue) {}
        return disposable
    }
}

/// The actions queued on one thread while an action of the trampoline runs.
private final class TrampolineQueue {
    var items: [() -> Void] = []
}
