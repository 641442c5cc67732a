import DBus
import RxCoreEssentials

/// The property changes of a widget that may change thousands of times a
/// second (a progress a process drives in a tight loop), sent at most once
/// per `interval`: the first change after a quiet interval goes out with
/// its call, the later ones are gathered and sent together when the
/// interval has passed — the latest values, since `PropertiesChanged`
/// reads them as it is sent. A signal of the widget first sends what is
/// gathered and the changes of the call emitting it (state before events,
/// API rule 1), and so does the widget leaving the bus. On the loop only.
final class CoalescedChanges {
    /// The shortest time between two `PropertiesChanged` of the widget: 16 ms.
    static let interval: Int64 = 16_000_000

    private var names: [String] = []
    private var lastSent: MonotonicClock.Instant?
    private var timer: LoopTimer?
    /// Whether the call being handled emits a signal: its changes are sent
    /// with it, ahead of the signal, whatever the interval.
    private var sendsWithTheCall = false
    private let send: ([String]) -> Void

    /// Changes sent with `send`, given the properties' names.
    init(send: @escaping ([String]) -> Void) {
        self.send = send
    }

    deinit {
        timer?.dispose()
    }

    /// Properties changed: sent now when the interval since the last
    /// sending has passed, else at its end.
    func changed(_ changed: [String]) {
        for name in changed where !names.contains(name) {
            names.append(name)
        }
        if sendsWithTheCall {
            sendsWithTheCall = false
            return flush()
        }
        guard timer == nil else { return }
        let now = MonotonicClock.now()
        if let lastSent, now.nanoseconds(since: lastSent) < CoalescedChanges.interval {
            timer = MainLoop.shared.addTimer(after: CoalescedChanges.interval - now.nanoseconds(since: lastSent)) { [weak self] in
                self?.timer = nil
                self?.flush()
            }
            return
        }
        flush()
    }

    /// The call being handled emits a signal: what was gathered is sent
    /// now, and the call's own changes as soon as it reports them.
    func sendWithTheCall() {
        flush()
        sendsWithTheCall = true
    }

    /// Sends what was gathered, now.
    func flush() {
        timer?.dispose()
        timer = nil
        guard !names.isEmpty else { return }
        let gathered = names
        names = []
        lastSent = MonotonicClock.now()
        send(gathered)
    }
}
