/// RxCocoa's scheduler for subscribing to controls: on the main thread an
/// action runs at once, always (unlike `MainScheduler.instance`, which waits
/// a turn when it is already running one); from another thread it runs on a
/// later turn of the main loop, or of Foundation's run loop when that is
/// what turns the main thread (XCTest's waits). `ControlEvent` and `ControlProperty`
/// subscribe through it, so a control is only ever touched on its thread.
public final class ConcurrentMainScheduler: SchedulerType, Sendable {
    /// The one instance.
    public static let instance = ConcurrentMainScheduler()

    private init() {}

    /// The main scheduler's clock.
    public var now: RxTime {
        MainScheduler.instance.now
    }

    /// Runs `action` now on the main thread, else on the main loop's next turn.
    public func schedule<StateType>(_ state: StateType, action: @escaping (StateType) -> Disposable) -> Disposable {
        if MainLoop.shared.isCurrent {
            return action(state)
        }
        let job = ScheduledItem(state: state, action: action)
        MainLoop.shared.hand(TransferredJob { job.invoke() })
        return job
    }

    /// As `MainScheduler`'s.
    public func scheduleRelative<StateType>(_ state: StateType, dueTime: RxTimeInterval, action: @escaping (StateType) -> Disposable) -> Disposable {
        MainScheduler.instance.scheduleRelative(state, dueTime: dueTime, action: action)
    }

    /// As `MainScheduler`'s.
    public func schedulePeriodic<StateType>(_ state: StateType, startAfter: RxTimeInterval, period: RxTimeInterval, action: @escaping (StateType) -> StateType) -> Disposable {
        MainScheduler.instance.schedulePeriodic(state, startAfter: startAfter, period: period, action: action)
    }
}
