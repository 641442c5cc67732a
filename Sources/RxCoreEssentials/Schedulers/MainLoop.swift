import CLinux
import Dispatch
import Glibc
import Synchronization

/// The one serial executor that owns all state: a single-threaded event loop
/// on the process's main thread, built on `poll(2)`.
///
/// It runs jobs, timers and file-descriptor sources, and sleeps in `poll`
/// with no timeout when none is due, so an idle process uses no CPU. Other
/// threads may only `post` jobs and `stop` the loop; everything else is for
/// the loop's own thread, the process's main thread.
public final class MainLoop: @unchecked Sendable {
    // Safe because the mutable state below is of two kinds: `posted` and
    // `stopRequested` are synchronized (Mutex, Atomic) and used from any
    // thread; every other var is touched only on the main thread, which each
    // public entry point that touches it checks with `requireLoopThread`.

    /// The loop of the process's main thread.
    public static let shared = MainLoop()

    private let wakeDescriptor: Int32
    private let posted = Mutex<[PostedJob]>([])
    private let stopRequested = Atomic<Bool>(false)

    private var jobs: [() -> Void] = []
    private var timers = TimerQueue()
    /// When the main queue was last asked to run the due timers (`askForTimerTurn`).
    private var requestedTimerTurn: MonotonicClock.Instant?
    private var sources: [Int: LoopSource] = [:]
    private var nextSourceID = 0
    /// Runs the work queued on `DispatchQueue.main` here, on its own thread,
    /// as a Darwin run loop does, so RxCocoa code that uses it works.
    private var mainQueue: LoopSource?
    /// Turns under way: a blocking call turns the loop inside a turn, and
    /// only the outermost is measured.
    private var turnDepth = 0
    /// What the turns inside the outermost one spent waiting in `poll`:
    /// the loop was not held then, and its length leaves it out.
    private var nestedWaiting: Int64 = 0
    private var longestTurnSoFar: Int64 = 0
    private var longTurnHandler: ((Int64) -> Void)?
    private var longTurnLength: Int64 = 100_000_000

    /// The longest an outermost turn has held the loop, in nanoseconds: from
    /// the end of its wait to its end, less what turns inside it (a blocking
    /// call's) waited. A call that arrived meanwhile waited that long for
    /// the loop at once, whatever it waited before and after.
    public var longestTurn: Int64 {
        requireLoopThread("longestTurn")
        return longestTurnSoFar
    }
    /// Called on the loop after an outermost turn that held it longer than
    /// `longTurnThreshold` nanoseconds, with how long it held it.
    public var onLongTurn: ((Int64) -> Void)? {
        get { longTurnHandler }
        set {
            requireLoopThread("onLongTurn")
            longTurnHandler = newValue
        }
    }
    public var longTurnThreshold: Int64 {
        get { longTurnLength }
        set {
            requireLoopThread("longTurnThreshold")
            longTurnLength = newValue
        }
    }

    private init() {
        wakeDescriptor = clinux_eventfd()
    }

    /// True when called on the loop's thread, the process's main thread.
    public var isCurrent: Bool {
        clinux_is_main_thread() != 0
    }

    private func requireLoopThread(_ operation: StaticString) {
        precondition(isCurrent, "MainLoop.\(operation) must be called on the main thread")
    }

    // MARK: Jobs

    /// Runs `job` on a later turn of the loop, after the jobs enqueued before
    /// it. For the loop's thread; other threads `post`.
    public func enqueue(_ job: @escaping () -> Void) {
        requireLoopThread("enqueue")
        jobs.append(job)
    }

    /// Runs `job` on the loop's thread; callable from any thread. The job is
    /// `sending`: the caller gives up everything it captures.
    public func post(_ job: sending @escaping () -> Void) {
        posted.withLock { $0.append(PostedJob(run: job)) }
        wake()
    }

    private func wake() {
        _ = clinux_eventfd_signal(wakeDescriptor)
    }

    // MARK: Timers

    /// Runs `action` after `nanoseconds`, then every `repeating` nanoseconds when given.
    /// Dispose the returned timer to cancel it.
    public func addTimer(after nanoseconds: Int64, repeating interval: Int64? = nil, _ action: @escaping () -> Void) -> LoopTimer {
        requireLoopThread("addTimer")
        let timer = LoopTimer(interval: interval, action: action)
        timers.insert(timer, at: MonotonicClock.now().adding(nanoseconds))
        return timer
    }

    // MARK: File descriptors

    /// Calls `handler` with the returned `poll` events whenever `fd` is ready
    /// for any of `events` (`POLLIN`, `POLLOUT`; hang-up and error always count).
    /// Set the source's `events` to change them, to 0 to pause; dispose to remove.
    public func addSource(fd: Int32, events: Int16, handler: @escaping (Int16) -> Void) -> LoopSource {
        requireLoopThread("addSource")
        let id = nextSourceID
        nextSourceID += 1
        let source = LoopSource(fd: fd, events: events, handler: handler) { [weak self] in
            self?.sources[id] = nil
        }
        sources[id] = source
        return source
    }

    // MARK: Running

    /// Runs until `stop()` is called.
    public func run() {
        requireLoopThread("run")
        stopRequested.store(false, ordering: .sequentiallyConsistent)
        while !stopRequested.load(ordering: .sequentiallyConsistent) {
            turn(mayBlock: true, deadline: nil)
        }
    }

    /// Runs while `condition` holds, at most for `timeout`; returns whether
    /// `condition` stopped holding (false when the time ran out or `stop()` was called).
    @discardableResult
    public func run(while condition: () -> Bool, timeout: RxTimeInterval) -> Bool {
        requireLoopThread("run(while:timeout:)")
        stopRequested.store(false, ordering: .sequentiallyConsistent)
        let deadline = MonotonicClock.now().adding(timeout.rxNanoseconds)
        while condition() {
            if stopRequested.load(ordering: .sequentiallyConsistent) || MonotonicClock.now() >= deadline {
                return false
            }
            turn(mayBlock: true, deadline: deadline)
        }
        return true
    }

    /// Runs the jobs and timers that are due, and handles ready descriptors, without waiting.
    public func runPending() {
        requireLoopThread("runPending")
        turn(mayBlock: false, deadline: nil)
    }

    /// Makes `run()` return after its current turn; callable from any thread.
    public func stop() {
        stopRequested.store(true, ordering: .sequentiallyConsistent)
        wake()
    }

    /// One turn: wait (only when nothing is ready) for a descriptor, a wake-up
    /// or the next timer, then handle what is ready. Callers check their exit
    /// condition between turns, so nothing that a turn made true is slept on.
    private func turn(mayBlock: Bool, deadline: MonotonicClock.Instant?) {
        watchMainQueue()
        let timeout = mayBlock && jobs.isEmpty ? pollTimeout(until: deadline) : 0
        var descriptors = watchedDescriptors()
        let waitStart = turnDepth > 0 ? MonotonicClock.now() : nil
        let ready = poll(&descriptors, nfds_t(descriptors.count), timeout) > 0
        if let waitStart {
            nestedWaiting += MonotonicClock.now().nanoseconds(since: waitStart)
        }
        measuringTurn {
            if ready {
                handleReady(descriptors)
            }
            takePostedJobs()
            runJobs()
            runDueTimers()
        }
    }

    private func measuringTurn(_ work: () -> Void) {
        if turnDepth == 0 {
            nestedWaiting = 0
        }
        turnDepth += 1
        let start = MonotonicClock.now()
        work()
        turnDepth -= 1
        guard turnDepth == 0 else { return }
        let held = MonotonicClock.now().nanoseconds(since: start) - nestedWaiting
        longestTurnSoFar = max(longestTurnSoFar, held)
        if held > longTurnLength {
            longTurnHandler?(held)
        }
    }

    // MARK: Driven by another loop

    /// What a turn would wait for now, for a loop that does the waiting
    /// itself (GLib's main context, with this loop as one of its sources):
    /// the descriptors with their events, and the wait in milliseconds
    /// (-1: nothing is due; 0: work is ready now).
    public func pendingWait() -> (descriptors: [pollfd], timeout: Int32) {
        requireLoopThread("pendingWait")
        watchMainQueue()
        let ready = !jobs.isEmpty || posted.withLock { !$0.isEmpty }
        return (watchedDescriptors(), ready ? 0 : pollTimeout(until: nil))
    }

    /// The rest of a turn after another loop's wait: handles the descriptors
    /// of `ready` whose `revents` are set, then runs the jobs and the timers
    /// that are due. `stop()` does not apply: the other loop decides when to end.
    public func dispatch(ready: [pollfd]) {
        requireLoopThread("dispatch")
        measuringTurn {
            handleReady(ready)
            takePostedJobs()
            runJobs()
            runDueTimers()
        }
    }

    private func watchMainQueue() {
        guard mainQueue == nil else { return }
        // The descriptor is an eventfd libdispatch signals per wake-up:
        // reset it before running the queue, or poll would never sleep.
        let descriptor = Int32(clinux_main_queue_descriptor())
        mainQueue = addSource(fd: descriptor, events: Int16(POLLIN)) { _ in
            _ = clinux_eventfd_drain(descriptor)
            clinux_drain_main_queue()
        }
    }

    /// Runs the jobs waiting for the next turn now. For the main thread while
    /// something else turns it (Foundation's run loop under XCTest's waits,
    /// which drains `DispatchQueue.main` but knows nothing of this loop): the
    /// main scheduler asks for this through the main queue, so its work runs
    /// under either loop.
    func runWaitingJobs() {
        requireLoopThread("runWaitingJobs")
        takePostedJobs()
        runJobs()
    }

    /// Runs the timers that are due, for the main thread while something
    /// else turns it, as `runWaitingJobs`: the main scheduler asks for this
    /// through the main queue (`askForTimerTurn`).
    func runTimersDue() {
        requireLoopThread("runTimersDue")
        requestedTimerTurn = nil
        runDueTimers()
        askForTimerTurn()
    }

    /// Asks the main queue to run the due timers when the next one is due,
    /// so that they fire while Foundation's run loop turns the main thread
    /// (which drains the main queue but knows nothing of these timers). At
    /// most one request is pending unless a sooner timer came since; each
    /// turn asks for the next.
    func askForTimerTurn() {
        requireLoopThread("askForTimerTurn")
        guard let next = timers.nextDeadline else { return }
        if let requested = requestedTimerTurn, requested <= next { return }
        requestedTimerTurn = next
        let delay = max(next.nanoseconds(since: MonotonicClock.now()), 0)
        DispatchQueue.main.asyncAfter(deadline: .now() + .nanoseconds(Int(clamping: delay))) {
            MainLoop.shared.runTimersDue()
        }
    }

    private func takePostedJobs() {
        let handedOver = posted.withLock { queue -> [PostedJob] in
            let all = queue
            queue = []
            return all
        }
        for job in handedOver {
            jobs.append(job.run)
        }
    }

    private func runJobs() {
        // Jobs enqueued while these run wait for the next turn, so timers and
        // descriptors are never starved.
        let ready = jobs
        jobs = []
        for job in ready {
            job()
        }
    }

    private func runDueTimers() {
        let now = MonotonicClock.now()
        while let timer = timers.popDue(at: now) {
            if let interval = timer.interval {
                timers.insert(timer, at: now.adding(max(interval, 1)))
            }
            timer.fire()
        }
    }

    private func pollTimeout(until deadline: MonotonicClock.Instant?) -> Int32 {
        let wakeAt = [timers.nextDeadline, deadline].compactMap { $0 }.min()
        guard let wakeAt else { return -1 }
        let nanoseconds = wakeAt.nanoseconds(since: MonotonicClock.now())
        if nanoseconds <= 0 { return 0 }
        // Round up so a timer is never woken for before it is due.
        return Int32(clamping: (nanoseconds + 999_999) / 1_000_000)
    }

    /// The wake-up descriptor first, then every source that wants events.
    private func watchedDescriptors() -> [pollfd] {
        [pollfd(fd: wakeDescriptor, events: Int16(POLLIN), revents: 0)]
            + sources.values.filter { $0.events != 0 }.map { pollfd(fd: $0.fd, events: $0.events, revents: 0) }
    }

    /// Calls the handler of each source whose descriptor is ready in
    /// `descriptors`; a source removed by an earlier handler is skipped.
    private func handleReady(_ descriptors: [pollfd]) {
        var ready: [Int32: Int16] = [:]
        for descriptor in descriptors where descriptor.revents != 0 {
            ready[descriptor.fd, default: 0] |= descriptor.revents
        }
        guard !ready.isEmpty else { return }
        if ready[wakeDescriptor] != nil {
            _ = clinux_eventfd_drain(wakeDescriptor)
        }
        let always = Int16(POLLHUP | POLLERR | POLLNVAL)
        for source in sources.values where source.events != 0 {
            if let revents = ready[source.fd].map({ $0 & (source.events | always) }), revents != 0, !source.isDisposed {
                source.handler(revents)
            }
        }
    }
}

/// A job handed over from another thread.
private struct PostedJob: @unchecked Sendable {
    // Safe because `MainLoop.post` takes the closure as `sending`: the poster
    // keeps no access to what it captures, and only the loop's thread runs it.
    let run: () -> Void
}
