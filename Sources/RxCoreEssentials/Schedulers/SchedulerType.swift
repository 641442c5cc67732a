import Dispatch
import FoundationEssentials

/// A time span, as RxSwift uses it: `.seconds(1)`, `.milliseconds(300)`.
public typealias RxTimeInterval = DispatchTimeInterval

/// A point in time.
public typealias RxTime = Date

/// A scheduler that can run actions later.
public protocol SchedulerType: ImmediateSchedulerType {
    /// The scheduler's notion of now.
    var now: RxTime { get }

    /// Schedules `action` to run after `dueTime`.
    func scheduleRelative<StateType>(_ state: StateType, dueTime: RxTimeInterval, action: @escaping (StateType) -> Disposable) -> Disposable

    /// Runs `action` after `startAfter` and then every `period`, threading the state through.
    func schedulePeriodic<StateType>(_ state: StateType, startAfter: RxTimeInterval, period: RxTimeInterval, action: @escaping (StateType) -> StateType) -> Disposable
}

extension SchedulerType {
    /// Periodic scheduling built from `scheduleRelative`.
    public func schedulePeriodic<StateType>(_ state: StateType, startAfter: RxTimeInterval, period: RxTimeInterval, action: @escaping (StateType) -> StateType) -> Disposable {
        let serial = SerialDisposable()
        func tick(_ state: StateType, after delay: RxTimeInterval) {
            serial.disposable = scheduleRelative(state, dueTime: delay) { state in
                tick(action(state), after: period)
                return Disposables.create()
            }
        }
        tick(state, after: startAfter)
        return serial
    }
}

extension DispatchTimeInterval {
    /// The interval in nanoseconds, saturating at `Int64.max`; `.never` is `Int64.max`.
    public var rxNanoseconds: Int64 {
        switch self {
        case .seconds(let value): return Self.saturating(value, times: 1_000_000_000)
        case .milliseconds(let value): return Self.saturating(value, times: 1_000_000)
        case .microseconds(let value): return Self.saturating(value, times: 1_000)
        case .nanoseconds(let value): return Int64(value)
        case .never: return Int64.max
        @unknown default: return Int64.max
        }
    }

    /// The interval in seconds.
    public var rxSeconds: Double {
        Double(rxNanoseconds) / 1_000_000_000
    }

    private static func saturating(_ value: Int, times factor: Int64) -> Int64 {
        let (product, overflow) = Int64(value).multipliedReportingOverflow(by: factor)
        if overflow {
            return value < 0 ? Int64.min : Int64.max
        }
        return product
    }
}
