/// A timer of `MainLoop`; dispose it to cancel.
public final class LoopTimer: Cancelable {
    let interval: Int64?
    private var action: (() -> Void)?

    init(interval: Int64?, action: @escaping () -> Void) {
        self.interval = interval
        self.action = action
    }

    /// True once cancelled, or fired when not repeating.
    public var isDisposed: Bool {
        action == nil
    }

    func fire() {
        guard let action else { return }
        if interval == nil {
            self.action = nil
        }
        action()
    }

    /// Cancels the timer.
    public func dispose() {
        action = nil
    }
}

/// Timers ordered by deadline, then by insertion; cancelled timers are skipped.
struct TimerQueue {
    private struct Entry {
        let deadline: MonotonicClock.Instant
        let sequence: UInt64
        let timer: LoopTimer
    }

    private var heap = PriorityQueue<Entry> { a, b in
        a.deadline < b.deadline || (a.deadline == b.deadline && a.sequence < b.sequence)
    }
    private var sequence: UInt64 = 0

    mutating func insert(_ timer: LoopTimer, at deadline: MonotonicClock.Instant) {
        sequence += 1
        heap.push(Entry(deadline: deadline, sequence: sequence, timer: timer))
    }

    /// The earliest deadline of a live timer.
    var nextDeadline: MonotonicClock.Instant? {
        mutating get {
            dropCancelled()
            return heap.peek()?.deadline
        }
    }

    /// Removes and returns a live timer due at `now`.
    mutating func popDue(at now: MonotonicClock.Instant) -> LoopTimer? {
        dropCancelled()
        guard let first = heap.peek(), first.deadline <= now else { return nil }
        return heap.pop()?.timer
    }

    private mutating func dropCancelled() {
        while let first = heap.peek(), first.timer.isDisposed {
            _ = heap.pop()
        }
    }
}
