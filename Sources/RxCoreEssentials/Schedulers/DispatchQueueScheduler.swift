import Dispatch
import FoundationEssentials

/// One scheduled action of a dispatch-queue scheduler: run at most once on
/// the queue, or never once disposed, whichever thread disposes it.
package final class DispatchScheduledItem: Cancelable, @unchecked Sendable {
    // Safe because `action` and `result` are only touched holding `lock`,
    // and the action itself runs on the scheduler's queue, as the scheduler
    // contract (RxSwift's too) says: whoever schedules hands the action over.
    private let lock = RecursiveLock()
    private var action: (() -> Disposable)?
    private var result: Disposable?
    private var disposed = false

    package init<State>(state: State, action: @escaping (State) -> Disposable) {
        self.action = { action(state) }
    }

    package var isDisposed: Bool {
        lock.perform { disposed }
    }

    package func run() {
        guard let action = lock.perform({ () -> (() -> Disposable)? in
            defer { self.action = nil }
            return disposed ? nil : self.action
        }) else { return }
        let produced = action()
        let disposeNow = lock.perform { () -> Bool in
            if disposed { return true }
            result = produced
            return false
        }
        if disposeNow {
            produced.dispose()
        }
    }

    package func dispose() {
        let produced = lock.perform { () -> Disposable? in
            disposed = true
            action = nil
            defer { result = nil }
            return result
        }
        produced?.dispose()
    }
}

/// What the two dispatch-queue schedulers share: actions run on `queue`,
/// timed ones on a dispatch timer allowed `leeway` of lateness.
public class DispatchQueueScheduler: SchedulerType, @unchecked Sendable {
    // Safe because the stored properties are an immutable DispatchQueue and
    // an immutable interval.
    /// The queue actions run on.
    public let queue: DispatchQueue
    /// How late the system may fire a timed action, to save wake-ups.
    public let leeway: DispatchTimeInterval

    init(queue: DispatchQueue, leeway: DispatchTimeInterval) {
        self.queue = queue
        self.leeway = leeway
    }

    /// The wall-clock time.
    public var now: RxTime {
        Date()
    }

    /// Runs `action` on the queue, asynchronously.
    public func schedule<StateType>(_ state: StateType, action: @escaping (StateType) -> Disposable) -> Disposable {
        let item = DispatchScheduledItem(state: state, action: action)
        queue.async { item.run() }
        return item
    }

    /// Runs `action` on the queue after `dueTime`.
    public func scheduleRelative<StateType>(_ state: StateType, dueTime: RxTimeInterval, action: @escaping (StateType) -> Disposable) -> Disposable {
        let item = DispatchScheduledItem(state: state, action: action)
        let timer = DispatchSource.makeTimerSource(queue: queue)
        timer.schedule(deadline: .now() + dueTime, leeway: leeway)
        // The handler holds the timer until it fires once; cancelling it then
        // releases both.
        timer.setEventHandler {
            item.run()
            timer.cancel()
        }
        timer.resume()
        return item
    }
}

/// RxSwift's `SerialDispatchQueueScheduler`: actions run one at a time, in
/// order, on a serial queue (its own, targeting the given one).
public final class SerialDispatchQueueScheduler: DispatchQueueScheduler, @unchecked Sendable {
    // Safe for the base class's reason: it adds no stored property.
    /// A scheduler on a new serial queue named `internalSerialQueueName` that targets `queue`.
    public init(queue: DispatchQueue, internalSerialQueueName: String, leeway: DispatchTimeInterval = .nanoseconds(0)) {
        super.init(queue: DispatchQueue(label: internalSerialQueueName, target: queue), leeway: leeway)
    }

    /// A scheduler on a new serial queue.
    public init(internalSerialQueueName: String, leeway: DispatchTimeInterval = .nanoseconds(0)) {
        super.init(queue: DispatchQueue(label: internalSerialQueueName), leeway: leeway)
    }

    /// A scheduler on a new serial queue targeting the global queue of `qos`.
    public convenience init(qos: DispatchQoS, internalSerialQueueName: String = "rx.global_dispatch_queue.serial", leeway: DispatchTimeInterval = .nanoseconds(0)) {
        self.init(queue: DispatchQueue.global(qos: qos.qosClass), internalSerialQueueName: internalSerialQueueName, leeway: leeway)
    }
}

/// RxSwift's `ConcurrentDispatchQueueScheduler`: actions may run at once, on
/// a concurrent queue.
public final class ConcurrentDispatchQueueScheduler: DispatchQueueScheduler, @unchecked Sendable {
    // Safe for the base class's reason: it adds no stored property.
    /// A scheduler on `queue`.
    public override init(queue: DispatchQueue, leeway: DispatchTimeInterval = .nanoseconds(0)) {
        super.init(queue: queue, leeway: leeway)
    }

    /// A scheduler on the global queue of `qos`.
    public convenience init(qos: DispatchQoS, leeway: DispatchTimeInterval = .nanoseconds(0)) {
        self.init(queue: DispatchQueue.global(qos: qos.qosClass), leeway: leeway)
    }
}
