import CDBus
import Glibc
import RxCoreEssentials

/// Drives a libdbus connection from `MainLoop.shared`: its write watch
/// becomes a loop source, its timeouts loop timers; and it hands over, in
/// dispatch jobs, the messages the connection reads itself
/// (`Connection+Receiving`) and what libdbus still makes itself.
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
    /// libdbus's watch for writing; its watch for reading is never handled.
    private var writeWatch: OpaquePointer?

    /// Messages received and not yet handed over, in order; nil marks
    /// where the stream ended.
    private var incoming: [(message: Message, bytes: Int, descriptors: Int)?] = []
    private var incomingHead = 0
    /// Hands over one message received (`Connection.route`).
    var route: ((Message) -> Void)?
    /// Tells that the stream ended after the messages before.
    var end: (() -> Void)?
    /// Reads what the socket holds now into `incoming`.
    var readSocket: (() -> Void)?
    /// Told when reading should pause (false) or may go on (true).
    var onAllowance: ((Bool) -> Void)?
    /// What may be received and not yet handed over before reading pauses.
    var receivedAllowance = (bytes: 63 << 20, descriptors: 4_096)
    /// What is received and not yet handed over.
    private var receivedBytes = 0
    private var receivedDescriptors = 0
    private var isPaused = false
    /// Large replies being read off the loop: nothing after them is handed
    /// over until they are (`holdRouting`).
    private var routingHolds = 0

    /// How many messages one dispatch job handles before yielding to the
    /// loop. An object server only queues the calls it is handed (they run
    /// in turns, later), so handing over costs microseconds a message.
    private static let dispatchBatch = 1_024

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
        writeWatch = nil
        incoming = []
        incomingHead = 0
        self.connection = nil
    }

    // MARK: Receiving

    /// Whether reading may go on (what waits is within the allowance).
    var mayReceive: Bool { !isPaused }

    /// Queues a message received, to be handed over in order.
    func enqueue(_ message: Message, bytes: Int, descriptors: Int) {
        incoming.append((message, bytes, descriptors))
        hold(bytes: bytes, descriptors: descriptors)
        scheduleDispatch()
    }

    /// Queues the end of the stream, after what was received before.
    func enqueueEnd() {
        incoming.append(nil)
        scheduleDispatch()
    }

    /// Takes the reply to the call numbered `serial` out of what waits to be
    /// handed over, if it is there.
    func takeQueuedReply(to serial: UInt32) -> Message? {
        guard let index = incoming[incomingHead...].firstIndex(where: { entry in
            guard let message = entry?.message, message.kind == .methodReturn || message.kind == .error else { return false }
            return message.replySerial == serial
        }), let entry = incoming.remove(at: index) else { return nil }
        release(bytes: entry.bytes, descriptors: entry.descriptors)
        return entry.message
    }

    /// Counts bytes and descriptors received and not yet handed over.
    func hold(bytes: Int, descriptors: Int) {
        receivedBytes += bytes
        receivedDescriptors += descriptors
        guard !isPaused, receivedBytes > receivedAllowance.bytes || receivedDescriptors > receivedAllowance.descriptors else { return }
        isPaused = true
        onAllowance?(false)
    }

    /// Counts them handed over (or dropped).
    func release(bytes: Int, descriptors: Int) {
        receivedBytes -= bytes
        receivedDescriptors -= descriptors
        guard isPaused, receivedBytes <= receivedAllowance.bytes / 2, receivedDescriptors <= receivedAllowance.descriptors / 2 else { return }
        isPaused = false
        onAllowance?(true)
    }

    // MARK: Watches

    func addWatch(_ watch: OpaquePointer) {
        // The connection reads the socket itself.
        guard dbus_watch_get_flags(watch) & DBUS_WATCH_READABLE.rawValue == 0 else { return }
        writeWatch = watch
        let source = loop.addSource(fd: dbus_watch_get_unix_fd(watch), events: LoopBridge.events(of: watch)) { revents in
            var flags: UInt32 = 0
            if revents & Int16(POLLOUT) != 0 { flags |= DBUS_WATCH_WRITABLE.rawValue }
            if revents & Int16(POLLERR | POLLNVAL) != 0 { flags |= DBUS_WATCH_ERROR.rawValue }
            // A hang-up is the reader's to find, after what the bus sent before it.
            guard flags != 0 else { return }
            dbus_watch_handle(watch, flags)
        }
        sources[watch] = source
    }

    /// Writes what libdbus has queued, as far as the socket takes it now.
    func flushWrites() {
        guard let writeWatch, dbus_watch_get_enabled(writeWatch) != 0 else { return }
        dbus_watch_handle(writeWatch, DBUS_WATCH_WRITABLE.rawValue)
    }

    func removeWatch(_ watch: OpaquePointer) {
        sources.removeValue(forKey: watch)?.dispose()
        if watch == writeWatch {
            writeWatch = nil
        }
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
    /// True while the loop's dispatch job hands over what the connection
    /// received: `afterDispatch` follows.
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
        // What libdbus made itself: a `Disconnected` after a failed write.
        while dbus_connection_get_dispatch_status(connection) == DBUS_DISPATCH_DATA_REMAINS {
            dispatching = true
            _ = dbus_connection_dispatch(connection)
            dispatching = false
        }
        for _ in 0..<LoopBridge.dispatchBatch {
            guard routingHolds == 0 else { return }
            guard incomingHead < incoming.count else {
                incoming.removeAll(keepingCapacity: true)
                incomingHead = 0
                drainUnlessBusy()
                return
            }
            let next = incoming[incomingHead]
            incoming[incomingHead] = nil
            incomingHead += 1
            dispatching = true
            if let next {
                release(bytes: next.bytes, descriptors: next.descriptors)
                route?(next.message)
            } else {
                end?()
            }
            dispatching = false
            guard !deliveries.isEmpty, !isHoldingDeliveries else { continue }
            // A delivery may wait for a reply in a nested loop: that loop must
            // find the messages still queued, so their dispatch is scheduled
            // before the delivery runs.
            if incomingHead < incoming.count {
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
        guard connection != nil, !dispatching else { return }
        readSocket?()
        flushWrites()
        if incomingHead < incoming.count || dbus_connection_get_dispatch_status(connection!) == DBUS_DISPATCH_DATA_REMAINS {
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
        // Writes the answers to `Peer` calls now rather than on the next turn.
        flushWrites()
        isHoldingDeliveries = false
        if !deliveries.isEmpty {
            loop.enqueue { [weak self] in self?.drainUnlessBusy() }
        }
    }

    /// Hands over nothing more until `resumeRouting`: a message being read
    /// off the loop is handed over first.
    func holdRouting() {
        routingHolds += 1
    }

    /// Hands over again what came after the message `holdRouting` held for.
    func resumeRouting() {
        routingHolds -= 1
        if routingHolds == 0 {
            scheduleDispatch()
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
