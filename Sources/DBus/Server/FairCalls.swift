/// Calls received and not yet run, by client, served round-robin: libdbus
/// hands over calls in the order the bus sent them, so one client with
/// seconds of calls queued would otherwise hold every later client (and
/// the bus's answers about new clients) behind them. Receiving a call only
/// queues it, so the daemon reads on at memory speed, and each client's
/// next call takes its turn after one of every other client's — turns are
/// shared by uid first (`groupOf`), then by the uid's connections.
///
/// What waits is bounded — per client `perSender` calls and
/// `bytesPerSender` bytes (its first call is taken whatever its size), and
/// for all clients together `totalBytes` bytes and `callsWithDescriptors`
/// calls that carry Unix descriptors (each holds open descriptors of the
/// daemon's) — and the rest are refused at once. The total stays well below
/// what libdbus lets be received and not yet released
/// (`ObjectServer.receivedBytesAllowance`): past that it stops reading, and
/// the bus's answers about who the waiting clients are would never be read.
public final class FairCalls {
    /// Calls one client may have waiting.
    public static let perSender = 1_024
    /// Bytes of calls one client may have waiting beyond its first.
    public static let bytesPerSender = 64 << 20
    /// Bytes of calls all clients together may have waiting.
    public static let totalBytes = 768 << 20
    /// Calls carrying Unix descriptors all clients together may have waiting.
    public static let callsWithDescriptors = 16

    private struct Queue {
        var calls: [(message: Message, bytes: Int, descriptors: Bool)] = []
        var head = 0
        var bytes = 0
        var count: Int { calls.count - head }
    }

    private var queues: [String: Queue] = [:]
    /// Clients with calls waiting, in the order their turns come.
    private var rotation: [String] = []
    private var rotationHead = 0
    /// The client whose call `next` returned last, while it runs: it goes
    /// back into the rotation only at the next `next`, behind the clients
    /// whose first calls came while its call ran — one long call a turn,
    /// not two, before a newcomer is served.
    private var servedLast: String?

    /// Whether no call waits.
    var isEmpty: Bool { queues.isEmpty }

    /// The group a client's turns are shared in — its uid, as the server
    /// knows it; the client alone otherwise. A round serves one call of each
    /// group with calls ready before a second of any, and within a group the
    /// clients take turns: a uid that opens eight connections gets one
    /// turn, not eight, before another uid's call.
    var groupOf: (String) -> ClientGroup = { .connection($0) }
    /// The groups served in the round under way.
    private var servedThisRound: Set<ClientGroup> = []

    private var bytes = 0
    private var descriptorCalls = 0

    /// Why a call cannot wait: its client, or all clients together, have
    /// their budget waiting already.
    struct Refusal: Error, CustomStringConvertible {
        let reason: String
        var description: String { reason }
    }

    /// Queues a received call behind its client's earlier ones;
    /// `alsoWaiting` of the client's calls, and `alsoWaitingTotal` bytes of
    /// all clients' calls, wait elsewhere (behind a bulk call) and count
    /// against the same budgets.
    func enqueue(_ message: Message, from sender: String, bytes size: Int, alsoWaiting: (calls: Int, bytes: Int) = (0, 0), alsoWaitingTotal: Int = 0) throws {
        let waiting = queues[sender]
        let count = (waiting?.count ?? 0) + alsoWaiting.calls
        let senderBytes = (waiting?.bytes ?? 0) + alsoWaiting.bytes
        if count > 0 && (count >= FairCalls.perSender || senderBytes + size > FairCalls.bytesPerSender) {
            throw Refusal(reason: "\(sender) has \(count) calls (\(senderBytes) bytes) waiting to be served; a client may have at most \(FairCalls.perSender) calls or \(FairCalls.bytesPerSender) bytes waiting: wait for their replies")
        }
        let everyone = bytes + alsoWaitingTotal
        if everyone + size > FairCalls.totalBytes && everyone > 0 {
            throw Refusal(reason: "the daemon has \(everyone) bytes of calls waiting to be served, from all clients; at most \(FairCalls.totalBytes) may wait: try again later")
        }
        let descriptors = message.carriesDescriptors
        if descriptors && descriptorCalls >= FairCalls.callsWithDescriptors {
            throw Refusal(reason: "\(descriptorCalls) calls carrying file descriptors wait to be served; at most \(FairCalls.callsWithDescriptors) may wait: try again later")
        }
        // The client served last takes its place at the next `next`, behind
        // those whose calls came during its call, even when this call of
        // its own came during it too.
        if waiting == nil && sender != servedLast {
            rotation.append(sender)
        }
        queues[sender, default: Queue()].calls.append((message, size, descriptors))
        queues[sender]?.bytes += size
        bytes += size
        if descriptors { descriptorCalls += 1 }
    }

    /// The next call to run: the oldest of the next client in turn that
    /// `isReady` accepts (one whose uid is still being asked is passed over
    /// until it is known).
    func next(isReady: (String) -> Bool) -> (message: Message, sender: String)? {
        requeueServedLast()
        if let found = next(isReady: isReady, passingOver: servedThisRound) {
            return found
        }
        // Every group with a call ready had its turn: a new round.
        guard !servedThisRound.isEmpty else { return nil }
        servedThisRound.removeAll(keepingCapacity: true)
        return next(isReady: isReady, passingOver: [])
    }

    /// The oldest call of the next client in turn that `isReady` accepts and
    /// whose group is not in `served`.
    private func next(isReady: (String) -> Bool, passingOver served: Set<ClientGroup>) -> (message: Message, sender: String)? {
        let turns = rotation.count - rotationHead
        for _ in 0..<turns {
            let sender = rotation[rotationHead]
            rotationHead += 1
            // Read through the dictionary, never copied out: a copy would
            // make every change below copy the client's whole queue.
            guard isReady(sender), let head = queues[sender]?.head, let call = queues[sender]?.calls[head] else {
                rotation.append(sender)
                continue
            }
            let group = groupOf(sender)
            guard served.isEmpty || !served.contains(group) else {
                rotation.append(sender)
                continue
            }
            servedThisRound.insert(group)
            bytes -= call.bytes
            if call.descriptors { descriptorCalls -= 1 }
            servedLast = sender
            if queues[sender]?.count == 1 {
                queues[sender] = nil
            } else {
                queues[sender]?.head += 1
                queues[sender]?.bytes -= call.bytes
                if head + 1 > 64, (head + 1) * 2 > queues[sender]?.calls.count ?? 0 {
                    queues[sender]?.calls.removeFirst(head + 1)
                    queues[sender]?.head = 0
                }
            }
            compactRotation()
            return (call.message, sender)
        }
        compactRotation()
        return nil
    }

    /// The bytes of `sender`'s calls waiting, and of everyone's.
    func waitingBytes(from sender: String) -> (sender: Int, total: Int) {
        (queues[sender]?.bytes ?? 0, bytes)
    }

    /// Whether calls of `sender` wait.
    func hasCalls(from sender: String) -> Bool {
        queues[sender] != nil
    }

    /// Whether a call of a client `isReady` accepts waits.
    func hasReady(_ isReady: (String) -> Bool) -> Bool {
        servedLast.map { queues[$0] != nil && isReady($0) } ?? false || rotation[rotationHead...].contains(where: isReady)
    }

    private func requeueServedLast() {
        guard let sender = servedLast else { return }
        servedLast = nil
        if queues[sender] != nil {
            rotation.append(sender)
        }
    }

    private func compactRotation() {
        if rotationHead > 64 && rotationHead * 2 > rotation.count {
            rotation.removeFirst(rotationHead)
            rotationHead = 0
        }
    }
}
