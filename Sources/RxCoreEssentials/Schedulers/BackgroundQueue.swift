import CLinux
import Dispatch
import Glibc
import Synchronization

/// A serial queue on a thread of its own that yields the processor to the
/// loop: its thread runs at a lower priority (`nice`), so on a busy machine
/// — or with the daemon pinned to one CPU — the loop and the bus are served
/// first and background work (encoding a state file, reading a bulk call,
/// freeing replaced rows) takes what is left. Jobs run one at a time, in
/// the order given. A dispatch queue cannot do this: its threads are shared,
/// and an unprivileged thread cannot raise its priority back once lowered.
///
/// The thread lives as long as the process. When no thread can be started
/// (the process's thread limit reached), the queue says so in the log and
/// runs each job where it is given, until a later job can start the thread:
/// the work is done late, on the caller's thread, but never lost, and the
/// process does not stop.
public final class BackgroundQueue: Sendable {
    private let jobs = Mutex<[@Sendable () -> Void]>([])
    private let ready = DispatchSemaphore(value: 0)
    private let label: String
    private let nice: Int32
    /// Whether the thread runs, and whether failing to start it was logged.
    private let thread = Mutex((isRunning: false, failureLogged: false))

    /// A queue whose thread runs at `nice` (0 to 19; higher yields more).
    public init(label: String, nice: Int32) {
        self.label = label
        self.nice = nice
        _ = startIfNeeded()
    }

    /// Starts the queue's thread unless it runs; false when it cannot be started.
    private func startIfNeeded() -> Bool {
        thread.withLock { state in
            guard !state.isRunning else { return true }
            let start = Unmanaged.passRetained(Start(queue: self, label: label, nice: nice)).toOpaque()
            var thread = pthread_t()
            let created = pthread_create(&thread, nil, { context in
                let start = Unmanaged<Start>.fromOpaque(context!).takeRetainedValue()
                start.run()
            }, start)
            guard created == 0 else {
                Unmanaged<Start>.fromOpaque(start).release()
                guard !state.failureLogged else { return false }
                state.failureLogged = true
                Hooks.log("<4>rx: cannot start the \(label) thread (\(String(cString: strerror(created)))); its work runs on the caller's thread")
                return false
            }
            pthread_detach(thread)
            state.isRunning = true
            return true
        }
    }

    /// Runs `job` on the queue's thread after the jobs given before it.
    public func async(_ job: @escaping @Sendable () -> Void) {
        guard startIfNeeded() else {
            job()
            return
        }
        jobs.withLock { $0.append(job) }
        ready.signal()
    }

    /// Waits until every job given before has run.
    public func sync() {
        let done = DispatchSemaphore(value: 0)
        async { done.signal() }
        done.wait()
    }

    fileprivate func serve() -> Never {
        while true {
            ready.wait()
            let job = jobs.withLock { $0.removeFirst() }
            job()
        }
    }
}

/// What the new thread needs to start serving its queue.
private final class Start {
    let queue: BackgroundQueue
    let label: String
    let nice: Int32

    init(queue: BackgroundQueue, label: String, nice: Int32) {
        self.queue = queue
        self.label = label
        self.nice = nice
    }

    func run() -> Never {
        _ = clinux_set_thread_name(label)
        _ = clinux_set_thread_nice(nice)
        queue.serve()
    }
}
