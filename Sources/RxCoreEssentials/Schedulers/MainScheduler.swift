import Dispatch
import FoundationEssentials
import Synchronization

/// The scheduler of the one serial main executor, `MainLoop.shared`.
///
/// On the main thread a scheduler made with `init()`, and `instance`, run an
/// action at once, unless that scheduler is already running or holding one
/// (then it waits for a later turn, so order is kept); elsewhere, and always for
/// `asyncInstance`, the action runs on a later turn of the loop. As in
/// RxSwift, each `MainScheduler()` counts its own nesting, so a `Binder`
/// (which makes its own) delivers at once inside another main-scheduler
/// action. Timed actions are loop timers: nothing polls.
public final class MainScheduler: SchedulerType, Sendable {
    /// The scheduler that runs actions at once when already on the main thread.
    public static let instance = MainScheduler(loop: .shared, runsSynchronously: true)

    /// The scheduler that always runs actions on a later turn of the loop.
    public static let asyncInstance = MainScheduler(loop: .shared, runsSynchronously: false)

    private let loop: MainLoop
    private let runsSynchronously: Bool
    private let nesting = Atomic<Int>(0)

    /// A scheduler of the main loop with its own nesting count.
    public convenience init() {
        self.init(loop: .shared, runsSynchronously: true)
    }

    private init(loop: MainLoop, runsSynchronously: Bool) {
        self.loop = loop
        self.runsSynchronously = runsSynchronously
    }

    /// Stops the program when called off the main thread: what binds to
    /// widgets (`drive`, `emit`) must run where they live.
    public static func ensureRunningOnMainThread(_ operation: StaticString = "this") {
        precondition(MainLoop.shared.isCurrent, "\(operation) must run on the main thread")
    }

    /// The wall-clock time.
    public var now: RxTime {
        Date()
    }

    /// Runs `action` on the main thread: at once when called there with no
    /// other action of this scheduler running or waiting, else after those,
    /// on a later turn (RxSwift's rule, so actions keep their order).
    public func schedule<StateType>(_ state: StateType, action: @escaping (StateType) -> Disposable) -> Disposable {
        let waiting = nesting.add(1, ordering: .relaxed).oldValue
        if runsSynchronously && loop.isCurrent && waiting == 0 {
            defer { nesting.subtract(1, ordering: .relaxed) }
            return action(state)
        }
        let job = ScheduledItem(state: state, action: action)
        loop.hand(TransferredJob {
            defer { self.nesting.subtract(1, ordering: .relaxed) }
            job.invoke()
        })
        return job
    }

    /// Runs `action` on the main thread after `dueTime`.
    public func scheduleRelative<StateType>(_ state: StateType, dueTime: RxTimeInterval, action: @escaping (StateType) -> Disposable) -> Disposable {
        let job = ScheduledItem(state: state, action: action)
        let nanoseconds = max(dueTime.rxNanoseconds, 0)
        loop.hand(TransferredJob { [loop] in
            guard !job.isDisposed else { return }
            job.attach(timer: loop.addTimer(after: nanoseconds) { job.invoke() })
            loop.askForTimerTurn()
        })
        return job
    }

    /// Runs `action` on the main thread after `startAfter`, then every `period`.
    public func schedulePeriodic<StateType>(_ state: StateType, startAfter: RxTimeInterval, period: RxTimeInterval, action: @escaping (StateType) -> StateType) -> Disposable {
        var current = state
        let job = ScheduledItem(state: (), repeats: true, action: { _ in
            current = action(current)
            return Disposables.create()
        })
        let start = max(startAfter.rxNanoseconds, 0)
        let interval = max(period.rxNanoseconds, 1)
        loop.hand(TransferredJob { [loop] in
            guard !job.isDisposed else { return }
            job.attach(timer: loop.addTimer(after: start, repeating: interval) { job.invoke() })
            loop.askForTimerTurn()
        })
        return job
    }
}

extension MainLoop {
    /// Runs a job on a later turn of the loop, from whatever thread.
    func hand(_ job: TransferredJob) {
        if isCurrent {
            enqueue(job.body)
        } else {
            post { job.body() }
        }
        // Whichever loop turns the main thread runs the job: this one runs
        // the main queue, and a Foundation run loop runs this request.
        DispatchQueue.main.async { MainLoop.shared.runWaitingJobs() }
    }
}

/// Hands a closure to the main loop from whatever thread schedules it.
struct TransferredJob: @unchecked Sendable {
    // Safe under the scheduler contract that RxSwift's MainScheduler also
    // relies on: whoever schedules an action hands it over and does not touch
    // what it captures concurrently; the action runs only on the main thread.
    let body: () -> Void
}
