import FoundationEssentials

/// A scheduler whose clock is a tick count that only moves when the queued
/// actions run: time-based code runs instantly and repeatably in tests.
///
/// One tick lasts `resolution` seconds when converting intervals such as
/// `.seconds(5)` or `.milliseconds(300)`.
open class VirtualTimeScheduler: SchedulerType {
    /// The current virtual time, in ticks.
    public private(set) var clock: Int
    /// Seconds per tick.
    public let resolution: Double
    private var queue = PriorityQueue<VirtualTimeAction> { a, b in
        a.time < b.time || (a.time == b.time && a.sequence < b.sequence)
    }
    private var sequence = 0
    private var isRunning = false

    /// A scheduler starting at `initialClock` ticks of `resolution` seconds.
    public init(initialClock: Int = 0, resolution: Double = 1.0) {
        self.clock = initialClock
        self.resolution = resolution
    }

    /// The virtual time as a date: `clock × resolution` seconds after 1970.
    public var now: RxTime {
        Date(timeIntervalSince1970: Double(clock) * resolution)
    }

    /// The interval in whole ticks, rounded to the nearest; `.never` is `Int.max`.
    public func ticks(_ interval: RxTimeInterval) -> Int {
        if case .never = interval { return Int.max }
        let ticks = (interval.rxSeconds / resolution).rounded()
        return ticks >= Double(Int.max) ? Int.max : max(Int(ticks), 0)
    }

    /// The time at which an action asked for at `time` actually runs; a
    /// subclass may move it (the test scheduler runs "now" one tick later).
    open func adjustScheduledTime(_ time: Int) -> Int {
        time
    }

    /// Runs `action` at the current virtual time (as adjusted).
    public func schedule<StateType>(_ state: StateType, action: @escaping (StateType) -> Disposable) -> Disposable {
        scheduleAbsoluteVirtual(state, time: clock, action: action)
    }

    /// Runs `action` `dueTime` after the current virtual time.
    public func scheduleRelative<StateType>(_ state: StateType, dueTime: RxTimeInterval, action: @escaping (StateType) -> Disposable) -> Disposable {
        let delta = ticks(dueTime)
        let (time, overflow) = clock.addingReportingOverflow(delta)
        return scheduleAbsoluteVirtual(state, time: overflow ? Int.max : time, action: action)
    }

    /// Runs `action` at virtual time `time`; actions at the same time run in
    /// the order they were scheduled.
    public func scheduleAbsoluteVirtual<StateType>(_ state: StateType, time: Int, action: @escaping (StateType) -> Disposable) -> Disposable {
        sequence += 1
        let item = ScheduledItem(state: state, action: action)
        queue.push(VirtualTimeAction(time: adjustScheduledTime(time), sequence: sequence, item: item))
        return item
    }

    /// Runs every queued action in time order, moving the clock to each, until
    /// none is left or `stop()` is called.
    public func start() {
        run(until: nil)
    }

    /// Runs the actions due up to `virtualTime`, then sets the clock to it.
    public func advanceTo(_ virtualTime: Int) {
        run(until: virtualTime)
        if virtualTime > clock {
            clock = virtualTime
        }
    }

    /// Moves the clock forward without running anything.
    public func sleep(_ virtualInterval: Int) {
        clock += max(virtualInterval, 0)
    }

    /// Makes `start()` or `advanceTo(_:)` return after the current action.
    public func stop() {
        isRunning = false
    }

    private func run(until limit: Int?) {
        isRunning = true
        while isRunning, let next = queue.peek() {
            if let limit, next.time > limit { break }
            _ = queue.pop()
            guard !next.item.isDisposed else { continue }
            if next.time > clock {
                clock = next.time
            }
            next.item.invoke()
        }
        isRunning = false
    }
}

/// An action queued on a virtual-time scheduler, with its place in the queue.
private struct VirtualTimeAction {
    let time: Int
    let sequence: Int
    let item: ScheduledItem
}
