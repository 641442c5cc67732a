import FoundationEssentials

/// How two virtual times compare.
public enum VirtualTimeComparison: Sendable {
    /// The first is earlier.
    case lessThan
    /// They are the same time.
    case equal
    /// The first is later.
    case greaterThan
}

/// What a `VirtualTimeScheduler` counts time in, and how that maps to dates
/// and intervals (RxSwift's `VirtualTimeConverterType`).
public protocol VirtualTimeConverterType {
    /// A point of virtual time.
    associatedtype VirtualTimeUnit
    /// A span of virtual time.
    associatedtype VirtualTimeIntervalUnit

    /// The date a virtual time stands for.
    func convertFromVirtualTime(_ virtualTime: VirtualTimeUnit) -> RxTime
    /// The virtual time a date stands for.
    func convertToVirtualTime(_ time: RxTime) -> VirtualTimeUnit
    /// The seconds a virtual interval stands for.
    func convertFromVirtualTimeInterval(_ virtualTimeInterval: VirtualTimeIntervalUnit) -> TimeInterval
    /// The virtual interval of `timeInterval` seconds (infinite for `.never`).
    func convertToVirtualTimeInterval(_ timeInterval: TimeInterval) -> VirtualTimeIntervalUnit
    /// `time` moved by `offset`.
    func offsetVirtualTime(_ time: VirtualTimeUnit, offset: VirtualTimeIntervalUnit) -> VirtualTimeUnit
    /// How `lhs` compares with `rhs`.
    func compareVirtualTime(_ lhs: VirtualTimeUnit, _ rhs: VirtualTimeUnit) -> VirtualTimeComparison
}

/// A scheduler whose clock only moves when its queued actions run, in the
/// units of its `Converter`: time-based code runs instantly and repeatably
/// (RxSwift's `VirtualTimeScheduler`; `TestScheduler` counts integer ticks,
/// `HistoricalScheduler` dates).
open class VirtualTimeScheduler<Converter: VirtualTimeConverterType>: SchedulerType {
    /// A point of this scheduler's virtual time.
    public typealias VirtualTime = Converter.VirtualTimeUnit
    /// A span of this scheduler's virtual time.
    public typealias VirtualTimeInterval = Converter.VirtualTimeIntervalUnit

    /// The current virtual time.
    public private(set) var clock: VirtualTime
    /// How virtual time maps to dates and intervals.
    public let converter: Converter
    private var queue: PriorityQueue<VirtualTimeAction<VirtualTime>>
    private var sequence = 0
    private var isRunning = false

    /// A scheduler starting at `initialClock`.
    public init(initialClock: VirtualTime, converter: Converter) {
        clock = initialClock
        self.converter = converter
        queue = PriorityQueue { a, b in
            switch converter.compareVirtualTime(a.time, b.time) {
            case .lessThan: return true
            case .equal: return a.sequence < b.sequence
            case .greaterThan: return false
            }
        }
    }

    /// The virtual time as a date.
    public var now: RxTime {
        converter.convertFromVirtualTime(clock)
    }

    /// The time at which an action asked for at `time` actually runs; a
    /// subclass may move it (the test scheduler runs "now" one tick later).
    open func adjustScheduledTime(_ time: VirtualTime) -> VirtualTime {
        time
    }

    /// Runs `action` at the current virtual time (as adjusted).
    public func schedule<StateType>(_ state: StateType, action: @escaping (StateType) -> Disposable) -> Disposable {
        scheduleRelative(state, dueTime: .nanoseconds(0), action: action)
    }

    /// Runs `action` `dueTime` after the current virtual time.
    public func scheduleRelative<StateType>(_ state: StateType, dueTime: RxTimeInterval, action: @escaping (StateType) -> Disposable) -> Disposable {
        let seconds: TimeInterval = dueTime == .never ? .infinity : dueTime.rxSeconds
        let time = converter.offsetVirtualTime(clock, offset: converter.convertToVirtualTimeInterval(seconds))
        return scheduleAbsoluteVirtual(state, time: adjustScheduledTime(time), action: action)
    }

    /// Runs `action` `dueTime` virtual units after the current time, unadjusted.
    public func scheduleRelativeVirtual<StateType>(_ state: StateType, dueTime: VirtualTimeInterval, action: @escaping (StateType) -> Disposable) -> Disposable {
        scheduleAbsoluteVirtual(state, time: converter.offsetVirtualTime(clock, offset: dueTime), action: action)
    }

    /// Runs `action` at virtual time `time`, unadjusted (as RxSwift's: only
    /// `schedule` and `scheduleRelative` pass through `adjustScheduledTime`);
    /// actions at the same time run in the order they were scheduled.
    public func scheduleAbsoluteVirtual<StateType>(_ state: StateType, time: VirtualTime, action: @escaping (StateType) -> Disposable) -> Disposable {
        sequence += 1
        let item = ScheduledItem(state: state, action: action)
        queue.push(VirtualTimeAction(time: time, sequence: sequence, item: item))
        return item
    }

    /// Runs every queued action in time order, moving the clock to each, until
    /// none is left or `stop()` is called.
    public func start() {
        run(until: nil)
    }

    /// Runs the actions due up to `virtualTime`, then sets the clock to it.
    public func advanceTo(_ virtualTime: VirtualTime) {
        run(until: virtualTime)
        if converter.compareVirtualTime(virtualTime, clock) == .greaterThan {
            clock = virtualTime
        }
    }

    /// Moves the clock forward without running anything.
    public func sleep(_ virtualInterval: VirtualTimeInterval) {
        let later = converter.offsetVirtualTime(clock, offset: virtualInterval)
        if converter.compareVirtualTime(later, clock) == .greaterThan {
            clock = later
        }
    }

    /// Makes `start()` or `advanceTo(_:)` return after the current action.
    public func stop() {
        isRunning = false
    }

    private func run(until limit: VirtualTime?) {
        isRunning = true
        while isRunning, let next = queue.peek() {
            if let limit, converter.compareVirtualTime(next.time, limit) == .greaterThan { break }
            _ = queue.pop()
            guard !next.item.isDisposed else { continue }
            if converter.compareVirtualTime(next.time, clock) == .greaterThan {
                clock = next.time
            }
            next.item.invoke()
        }
        isRunning = false
    }
}

/// An action queued on a virtual-time scheduler, with its place in the queue.
private struct VirtualTimeAction<Time> {
    let time: Time
    let sequence: Int
    let item: ScheduledItem
}

/// Integer ticks of `resolution` seconds: the test scheduler's virtual time.
public struct TestSchedulerVirtualTimeConverter: VirtualTimeConverterType {
    /// Seconds per tick.
    public let resolution: Double

    /// Ticks of `resolution` seconds.
    public init(resolution: Double) {
        self.resolution = resolution
    }

    public func convertFromVirtualTime(_ virtualTime: Int) -> RxTime {
        Date(timeIntervalSince1970: Double(virtualTime) * resolution)
    }

    public func convertToVirtualTime(_ time: RxTime) -> Int {
        Self.ticks(time.timeIntervalSince1970 / resolution)
    }

    public func convertFromVirtualTimeInterval(_ virtualTimeInterval: Int) -> TimeInterval {
        Double(virtualTimeInterval) * resolution
    }

    /// Whole ticks, rounded to the nearest, at least 0; infinity is `Int.max`.
    public func convertToVirtualTimeInterval(_ timeInterval: TimeInterval) -> Int {
        max(Self.ticks(timeInterval / resolution), 0)
    }

    /// `time` + `offset`, `Int.max` when that overflows.
    public func offsetVirtualTime(_ time: Int, offset: Int) -> Int {
        let (sum, overflow) = time.addingReportingOverflow(offset)
        return overflow ? Int.max : sum
    }

    public func compareVirtualTime(_ lhs: Int, _ rhs: Int) -> VirtualTimeComparison {
        lhs < rhs ? .lessThan : lhs == rhs ? .equal : .greaterThan
    }

    private static func ticks(_ value: Double) -> Int {
        let rounded = value.rounded()
        if rounded >= Double(Int.max) { return Int.max }
        if rounded <= Double(Int.min) { return Int.min }
        return Int(rounded)
    }
}

/// Dates and seconds: the historical scheduler's virtual time.
public struct HistoricalSchedulerTimeConverter: VirtualTimeConverterType {
    /// The converter.
    public init() {}

    public func convertFromVirtualTime(_ virtualTime: RxTime) -> RxTime {
        virtualTime
    }

    public func convertToVirtualTime(_ time: RxTime) -> RxTime {
        time
    }

    public func convertFromVirtualTimeInterval(_ virtualTimeInterval: TimeInterval) -> TimeInterval {
        virtualTimeInterval
    }

    public func convertToVirtualTimeInterval(_ timeInterval: TimeInterval) -> TimeInterval {
        timeInterval
    }

    /// `time` moved by `offset` seconds (`distantFuture` for an infinite offset).
    public func offsetVirtualTime(_ time: RxTime, offset: TimeInterval) -> RxTime {
        offset.isFinite ? time.addingTimeInterval(offset) : .distantFuture
    }

    public func compareVirtualTime(_ lhs: RxTime, _ rhs: RxTime) -> VirtualTimeComparison {
        lhs < rhs ? .lessThan : lhs == rhs ? .equal : .greaterThan
    }
}

/// RxSwift's `HistoricalScheduler`: virtual time in dates, for replaying
/// recorded data on its own timeline.
public final class HistoricalScheduler: VirtualTimeScheduler<HistoricalSchedulerTimeConverter> {
    /// A scheduler whose clock starts at `initialClock` (the epoch by default).
    public init(initialClock: RxTime = Date(timeIntervalSince1970: 0)) {
        super.init(initialClock: initialClock, converter: HistoricalSchedulerTimeConverter())
    }
}
