/// Lets what must not wait for a long piece of work happen in its middle.
///
/// Work that runs on the loop's thread for tens of milliseconds (a form
/// judging 256 fields, a pattern matching a long value) calls `breathe()`
/// between its steps. At most once every `interval` that runs the registered
/// breathers — work that touches none of the state the long work uses, such
/// as answering `Peer.Ping` and queueing the calls that came meanwhile —
/// so another client waits for one breath, not for the whole call.
///
/// A breather must not run anything that could change state the caller of
/// `breathe()` is in the middle of changing: what would (a reply's handler,
/// a signal's) it keeps for a later turn of the loop. Breathing does not
/// nest: a breather that itself breathes returns at once.
public final class Breathing: @unchecked Sendable {
    // Safe because every member is used on the loop's thread only, as
    // MainLoop's own state: `breathe`, `add` and the returned disposables
    // check it.

    /// The breathing of the loop's thread.
    public static let shared = Breathing()

    /// The longest time between two breaths of a piece of work that calls
    /// `breathe()` often enough: 2 ms.
    public static let interval: Int64 = 2_000_000

    private var breathers: [Int: () -> Void] = [:]
    private var nextID = 0
    private let clock: () -> MonotonicClock.Instant
    private var last: MonotonicClock.Instant
    private var isBreathing = false

    /// The loop's breathing, timed by `clock` (the monotonic clock; a test
    /// gives one it advances itself).
    init(clock: @escaping () -> MonotonicClock.Instant = MonotonicClock.now) {
        self.clock = clock
        last = clock()
    }

    /// Runs the breathers when `interval` has passed since the last breath;
    /// otherwise costs a clock read. Cheap enough to call every ~100 µs of
    /// work. Off the loop's thread (work another thread does) it does nothing.
    public func breathe() {
        guard MainLoop.shared.isCurrent, !breathers.isEmpty else { return }
        let now = clock()
        guard !isBreathing, now.nanoseconds(since: last) >= Breathing.interval else { return }
        isBreathing = true
        defer {
            isBreathing = false
            last = clock()
        }
        for id in breathers.keys.sorted() {
            breathers[id]?()
        }
    }

    /// Adds `breather` until the returned disposable is disposed.
    public func add(_ breather: @escaping () -> Void) -> Disposable {
        precondition(MainLoop.shared.isCurrent, "Breathing.add must be called on the main thread")
        let id = nextID
        nextID += 1
        breathers[id] = breather
        return Disposables.create { [weak self] in
            self?.breathers[id] = nil
        }
    }
}
