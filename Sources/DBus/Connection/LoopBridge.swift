import CDBus
import Glibc
import RxCoreEssentials

/// Drives a libdbus connection from `MainLoop.shared`: its watches become
/// loop sources, its timeouts loop timers, and "data remains" a dispatch job.
///
/// libdbus calls the watch and timeout functions with the connection lock
/// held, so they only touch the loop, never the connection; dispatching
/// happens from a loop job, never from the dispatch-status callback.
final class LoopBridge {
    private let loop = MainLoop.shared
    private var sources: [OpaquePointer: LoopSource] = [:]
    private var timers: [OpaquePointer: LoopTimer] = [:]
    private var dispatchScheduled = false
    /// Signals and replies received, in order, to deliver once libdbus's
    /// dispatch has returned: a handler may then make a blocking call (which
    /// dispatches again), which inside libdbus's dispatch would deadlock.
    private var deliveries: [() -> Void] = []
    private var delivered = 0
    private var dispatching = false
    /// While a long call breathes (`breathe`): deliveries wait for a later
    /// turn, since a handler must not run in the middle of a call.
    private(set) var isHoldingDeliveries = false
    private var connection: OpaquePointer?

    /// How many messages one dispatch job handles before yielding to the
    /// loop. An object server only queues the calls it is handed (they run
    /// in turns, later), so handing over costs microseconds a message.
    private static let dispatchBatch = 1_024
    /// How many reads of a readable socket one turn of the loop makes.
    /// libdbus reads at most 2,048 bytes a time: at one read a turn, a call
    /// queued behind a 30 MB message waited for 15,000 turns of the loop, and
    /// at 128 reads a turn a Ping behind 3 MB of pipelined calls waited for a
    /// dozen turns, each as long as one of those calls. 4,096 reads (8 MiB)
    /// take about a millisecond.
    private static let readsPerTurn = 4_096

    func install(on connection: OpaquePointer) {
        self.connection = connection
        let data = Unmanaged.passUnretained(self).toOpaque()
        dbus_connection_set_watch_functions(connection, bridgeAddWatch, bridgeRemoveWatch, bridgeToggleWatch, data, nil)
        dbus_connection_set_timeout_functions(connection, bridgeAddTimeout, bridgeRemoveTimeout, bridgeToggleTimeout, data, nil)
        dbus_connection_set_dispatch_status_function(connection, bridgeDispatchStatus, data, nil)
        dbus_connection_set_wakeup_main_function(connection, bridgeWakeUp, data, nil)
        if dbus_connection_get_dispatch_status(connection) == DBUS_DISPATCH_DATA_REMAINS {
            scheduleDispatch()
        }
    }

    /// Stops driving the connection: no source, timer or job remains.
    func uninstall() {
        guard let connection else { return }
        dbus_connection_set_watch_functions(connection, nil, nil, nil, nil, nil)
        dbus_connection_set_timeout_functions(connection, nil, nil, nil, nil, nil)
        dbus_connection_set_dispatch_status_function(connection, nil, nil, nil)
        dbus_connection_set_wakeup_main_function(connection, nil, nil, nil)
        sources.values.forEach { $0.dispose() }
        timers.values.forEach { $0.dispose() }
        sources = [:]
        timers = [:]
        self.connection = nil
    }

    // MARK: Watches

    func addWatch(_ watch: OpaquePointer) {
        let fd = dbus_watch_get_unix_fd(watch)
        let source = loop.addSource(fd: fd, events: LoopBridge.events(of: watch)) { [weak self] revents in
            var flags: UInt32 = 0
            if revents & Int16(POLLIN) != 0 { flags |= DBUS_WATCH_READABLE.rawValue }
            if revents & Int16(POLLOUT) != 0 { flags |= DBUS_WATCH_WRITABLE.rawValue }
            if revents & Int16(POLLHUP) != 0 { flags |= DBUS_WATCH_HANGUP.rawValue }
            if revents & Int16(POLLERR | POLLNVAL) != 0 { flags |= DBUS_WATCH_ERROR.rawValue }
            dbus_watch_handle(watch, flags)
            guard flags == DBUS_WATCH_READABLE.rawValue else { return }
            self?.readOn(watch, fd: fd)
        }
        sources[watch] = source
    }

    /// Reads on while the socket holds more and libdbus still wants it
    /// (it stops reading while too many received bytes wait for dispatch).
    private func readOn(_ watch: OpaquePointer, fd: Int32) {
        for _ in 1..<LoopBridge.readsPerTurn {
            var pending: Int32 = 0
            guard sources[watch] != nil, dbus_watch_get_enabled(watch) != 0,
                  dbus_watch_get_flags(watch) & DBUS_WATCH_READABLE.rawValue != 0,
                  ioctl(fd, UInt(FIONREAD), &pending) == 0, pending > 0 else { return }
            dbus_watch_handle(watch, DBUS_WATCH_READABLE.rawValue)
        }
    }

    func removeWatch(_ watch: OpaquePointer) {
        sources.removeValue(forKey: watch)?.dispose()
    }

    func toggleWatch(_ watch: OpaquePointer) {
        sources[watch]?.events = LoopBridge.events(of: watch)
    }

    private static func events(of watch: OpaquePointer) -> Int16 {
        guard dbus_watch_get_enabled(watch) != 0 else { return 0 }
        let flags = dbus_watch_get_flags(watch)
        var events: Int16 = 0
        if flags & DBUS_WATCH_READABLE.rawValue != 0 { events |= Int16(POLLIN) }
        if flags & DBUS_WATCH_WRITABLE.rawValue != 0 { events |= Int16(POLLOUT) }
        return events
    }

    // MARK: Timeouts

    func addTimeout(_ timeout: OpaquePointer) {
        timers.removeValue(forKey: timeout)?.dispose()
        guard dbus_timeout_get_enabled(timeout) != 0 else { return }
        let interval = Int64(dbus_timeout_get_interval(timeout)) * 1_000_000
        timers[timeout] = loop.addTimer(after: interval, repeating: interval) {
            dbus_timeout_handle(timeout)
        }
    }

    func removeTimeout(_ timeout: OpaquePointer) {
        timers.removeValue(forKey: timeout)?.dispose()
    }

    // MARK: Dispatch

    /// Runs after each dispatch job of the loop (not after a `pump`'s, which
    /// happen inside a server's turn): a server serves the calls just
    /// received in the same turn instead of a poll later.
    var afterDispatch: (() -> Void)?
    /// True while the loop's dispatch job hands over what libdbus received:
    /// `afterDispatch` follows.
    private(set) var isInDispatchJob = false

    func scheduleDispatch() {
        guard !dispatchScheduled else { return }
        dispatchScheduled = true
        loop.enqueue { [weak self] in
            guard let self else { return }
            isInDispatchJob = true
            dispatch()
            isInDispatchJob = false
            afterDispatch?()
        }
    }

    private func dispatch() {
        dispatchScheduled = false
        guard let connection else { return }
        for _ in 0..<LoopBridge.dispatchBatch {
            dispatching = true
            let status = dbus_connection_dispatch(connection)
            dispatching = false
            let remains = status == DBUS_DISPATCH_DATA_REMAINS
            guard !deliveries.isEmpty, !isHoldingDeliveries else {
                if remains { continue }
                return
            }
            // A delivery may wait for a reply in a nested loop: that loop must
            // find the messages still queued, so their dispatch is scheduled
            // before the delivery runs (libdbus reports no new status for them).
            if remains {
                scheduleDispatch()
            }
            drainDeliveries()
            return
        }
        scheduleDispatch()
    }

    /// Reads what the socket holds now, writes what waits to be sent, and
    /// hands over what was received — between two long pieces of work, so
    /// that what came meanwhile (a `Ping`, a call to queue, the bus's answer
    /// about a client) does not wait for the loop's next turn.
    func pump() {
        guard let connection, !dispatching else { return }
        var fd: Int32 = -1
        guard dbus_connection_get_unix_fd(connection, &fd) != 0 else { return }
        var pending: Int32 = 0
        for _ in 0..<LoopBridge.readsPerTurn {
            guard ioctl(fd, UInt(FIONREAD), &pending) == 0, pending > 0 else { break }
            let before = pending
            dbus_connection_read_write(connection, 0)
            // libdbus may have stopped reading (too much received and alive).
            guard ioctl(fd, UInt(FIONREAD), &pending) == 0, pending < before else { break }
        }
        // libdbus writes as it sends; only what the socket would not take
        // yet waits, and only then is a poll worth its system call.
        if pending == 0, dbus_connection_has_messages_to_send(connection) != 0 {
            dbus_connection_read_write(connection, 0)
        }
        if dbus_connection_get_dispatch_status(connection) == DBUS_DISPATCH_DATA_REMAINS {
            dispatch()
        }
        // What a breath held (the bus's answer about a new client, say) is
        // handed over between calls too, not only on the loop's next turn.
        drainUnlessBusy()
    }

    /// `pump` in the middle of a long call: `Peer` calls are answered and
    /// other calls queued (the server only queues what it receives), while
    /// replies and signals received wait until the call has returned (the
    /// next `pump` between calls, or the loop's next turn), where they run
    /// in the order received.
    func breathe() {
        guard !isHoldingDeliveries else { return }
        isHoldingDeliveries = true
        pump()
        if let connection {
            // Writes the answers to `Peer` calls now rather than on the next turn.
            dbus_connection_read_write(connection, 0)
        }
        isHoldingDeliveries = false
        if !deliveries.isEmpty {
            loop.enqueue { [weak self] in self?.drainUnlessBusy() }
        }
    }

    /// Runs `body` in the order received: at once outside a dispatch or a
    /// breath, else as soon as the dispatch returns or the breath's call has.
    func deliver(_ body: @escaping () -> Void) {
        deliveries.append(body)
        drainUnlessBusy()
    }

    /// Runs the queued deliveries unless libdbus is dispatching or a call breathes.
    private func drainUnlessBusy() {
        guard !dispatching, !isHoldingDeliveries, !deliveries.isEmpty else { return }
        drainDeliveries()
    }

    /// Runs the queued deliveries in order. A delivery that dispatches again
    /// (a blocking call) drains the later ones itself, still in order.
    private func drainDeliveries() {
        while delivered < deliveries.count {
            let next = deliveries[delivered]
            delivered += 1
            next()
        }
        deliveries.removeAll(keepingCapacity: true)
        delivered = 0
    }

    fileprivate static func bridge(_ data: UnsafeMutableRawPointer?) -> LoopBridge? {
        data.map { Unmanaged<LoopBridge>.fromOpaque($0).takeUnretainedValue() }
    }
}

private let bridgeAddWatch: DBusAddWatchFunction = { watch, data in
    guard let watch, let bridge = LoopBridge.bridge(data) else { return 0 }
    bridge.addWatch(watch)
    return 1
}

private let bridgeRemoveWatch: DBusRemoveWatchFunction = { watch, data in
    guard let watch else { return }
    LoopBridge.bridge(data)?.removeWatch(watch)
}

private let bridgeToggleWatch: DBusWatchToggledFunction = { watch, data in
    guard let watch else { return }
    LoopBridge.bridge(data)?.toggleWatch(watch)
}

private let bridgeAddTimeout: DBusAddTimeoutFunction = { timeout, data in
    guard let timeout, let bridge = LoopBridge.bridge(data) else { return 0 }
    bridge.addTimeout(timeout)
    return 1
}

private let bridgeRemoveTimeout: DBusRemoveTimeoutFunction = { timeout, data in
    guard let timeout else { return }
    LoopBridge.bridge(data)?.removeTimeout(timeout)
}

private let bridgeToggleTimeout: DBusTimeoutToggledFunction = { timeout, data in
    guard let timeout else { return }
    LoopBridge.bridge(data)?.addTimeout(timeout)
}

private let bridgeDispatchStatus: DBusDispatchStatusFunction = { _, status, data in
    if status == DBUS_DISPATCH_DATA_REMAINS {
        LoopBridge.bridge(data)?.scheduleDispatch()
    }
}

/// libdbus asks for a wake-up whenever it queues a message it read, and
/// whenever a send leaves bytes unwritten. On the loop's own thread the
/// loop is awake already, and libdbus tells it the rest through the
/// dispatch-status function (a message to dispatch) and the watches (bytes
/// to write): waking it cost an eventfd write, a read and a loop turn a call.
/// Only another thread's use of the connection needs the loop woken.
private let bridgeWakeUp: DBusWakeupMainFunction = { _ in
    guard !MainLoop.shared.isCurrent else { return }
    MainLoop.shared.post {}
}
