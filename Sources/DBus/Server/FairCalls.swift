/// Calls received and not yet run, by client, served round-robin: libdbus
/// hands over calls in the order the bus sent them, so one client with
/// seconds of calls queued would otherwise hold every later client (and
/// the bus's answers about new clients) behind them. Receiving a call only
/// queues it, so the daemon reads on at memory speed, and each client's
/// next call takes its turn after one of every other client's.
///
/// What one client may have waiting is bounded — `perSender` calls and
/// `bytesPerSender` bytes (its first call is taken whatever its size) —
/// and the rest are refused at once, so a client cannot make the daemon
/// hold more for it than that.
public final class FairCalls {
    /// Calls one client may have waiting.
    public static let perSender = 1_024
    /// Bytes of calls one client may have waiting beyond its first.
    public static let bytesPerSender = 64 << 20

    private struct Queue {
        var calls: [(message: Message, bytes: Int)] = []
        var head = 0
        var bytes = 0
        var count: Int { calls.count - head }
    }

    private var queues: [String: Queue] = [:]
    /// Clients with calls waiting, in the order their turns come.
    private var rotation: [String] = []
    private var rotationHead = 0

    /// Whether no call waits.
    var isEmpty: Bool { queues.isEmpty }

    /// Why a call cannot wait: its client has its budget waiting already.
    struct Refusal: Error, CustomStringConvertible {
        let sender: String
        let count: Int
        let bytes: Int

        var description: String {
            "\(sender) has \(count) calls (\(bytes) bytes) waiting to be served; a client may have at most \(FairCalls.perSender) calls or \(FairCalls.bytesPerSender) bytes waiting: wait for their replies"
        }
    }

    /// Queues a received call behind its client's earlier ones.
    func enqueue(_ message: Message, from sender: String, bytes: Int) throws {
        var queue = queues[sender] ?? Queue()
        guard queue.count == 0 || (queue.count < FairCalls.perSender && queue.bytes + bytes <= FairCalls.bytesPerSender) else {
            throw Refusal(sender: sender, count: queue.count, bytes: queue.bytes)
        }
        if queue.count == 0 {
            rotation.append(sender)
        }
        queue.calls.append((message, bytes))
        queue.bytes += bytes
        queues[sender] = queue
    }

    /// The next call to run: the oldest of the next client in turn that
    /// `isReady` accepts (one whose uid is still being asked waits, and
    /// keeps its place).
    func next(isReady: (String) -> Bool) -> (message: Message, sender: String)? {
        let turns = rotation.count - rotationHead
        for _ in 0..<turns {
            let sender = rotation[rotationHead]
            rotationHead += 1
            guard isReady(sender), var queue = queues[sender] else {
                rotation.append(sender)
                continue
            }
            let call = queue.calls[queue.head]
            queue.head += 1
            queue.bytes -= call.bytes
            if queue.count == 0 {
                queues[sender] = nil
            } else {
                if queue.head > 64 && queue.head * 2 > queue.calls.count {
                    queue.calls.removeFirst(queue.head)
                    queue.head = 0
                }
                queues[sender] = queue
                rotation.append(sender)
            }
            compactRotation()
            return (call.message, sender)
        }
        compactRotation()
        return nil
    }

    /// Whether calls of `sender` wait.
    func hasCalls(from sender: String) -> Bool {
        queues[sender] != nil
    }

    /// Whether a call of a client `isReady` accepts waits.
    func hasReady(_ isReady: (String) -> Bool) -> Bool {
        rotation[rotationHead...].contains(where: isReady)
    }

    private func compactRotation() {
        if rotationHead > 64 && rotationHead * 2 > rotation.count {
            rotation.removeFirst(rotationHead)
            rotationHead = 0
        }
    }
}
