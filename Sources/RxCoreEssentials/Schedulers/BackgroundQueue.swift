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
/// The thread lives as long as the process.
public final class BackgroundQueue: Sendable {
    private let jobs = Mutex<[@Sendable () -> Void]>([])
    private let ready = DispatchSemaphore(value: 0)

    /// A queue whose thread runs at `nice` (0 to 19; higher yields more).
    public init(label: String, nice: Int32) {
        let start = Unmanaged.passRetained(Start(queue: self, label: label, nice: nice)).toOpaque()
        var thread = pthread_t()
        let created = pthread_create(&thread, nil, { context in
            let start = Unmanaged<Start>.fromOpaque(context!).takeRetainedValue()
            start.run()
        }, start)
        precondition(created == 0, "cannot start the \(label) thread: \(String(cString: strerror(created)))")
        pthread_detach(thread)
    }

    /// Runs `job` on the queue's thread after the jobs given before it.
    public func async(_ job: @escaping @Sendable () -> Void) {
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
