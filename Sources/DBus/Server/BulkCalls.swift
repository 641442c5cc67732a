import RxCoreEssentials

/// Calls large enough that reading them would hold the loop (a million
/// rows take hundreds of milliseconds to read and check): their bodies are
/// read, and their methods' `prepare` run, on a thread of their own, while
/// the loop serves everyone else; the call then runs on the loop as any
/// other, state first, and is answered. Until it has run, the calls that
/// come after it from the same client, and the calls on the same object,
/// wait behind it in the order they came (at most `heldPerSender` of one
/// client; beyond that they are refused), so no client can tell a bulk call
/// from one answered at once but by the time it takes. A call answered
/// later in order (`MethodCall.replyInOrder`) holds the calls behind it the
/// same way until its reply is sent.
///
/// Held calls count against the budgets of calls waiting their turn
/// (`FairCalls`): with those, at most `FairCalls.bytesPerSender` bytes of
/// one client (its first held call whatever its size) and
/// `FairCalls.totalBytes` of all clients wait; the rest are refused at once
/// with `LimitExceeded`, so a client that makes its own call wait (a
/// delegate that never answers) cannot pile up its later calls' bytes.
public final class BulkCalls {
    /// A call whose body may be larger than this is read off the loop:
    /// reading and checking 256 KiB of rows costs a few milliseconds.
    public static let threshold = 256 * 1_024
    /// Calls of one client that may wait behind bulk calls.
    public static let heldPerSender = 1_024

    /// One reader for every server of the process, below the loop's
    /// priority: on a busy CPU the loop and the bus bring the other
    /// clients' calls first (docs/architecture.md, "Work off the loop").
    private static let readerQueue = BackgroundQueue(label: "bulk-reader", nice: 5)
    private var reader: BackgroundQueue { BulkCalls.readerQueue }
    /// Bulk calls being read (and calls answered later in order), by client and by object.
    private var readingFrom: [String: Int] = [:]
    private var readingOn: [ObjectPath: Int] = [:]
    /// Calls waiting behind them, in the order they came.
    private var held: [(message: Message, uid: UInt32?, bytes: Int)] = []
    private var heldFrom: [String: (calls: Int, bytes: Int)] = [:]
    /// The bytes of all held calls.
    private(set) var heldBytes = 0

    /// Whether a call of `method` is large enough to be read off the loop:
    /// only arrays cost per element to read (a long string is one copy).
    func isBulk(_ message: Message, of method: Method) -> Bool {
        method.takesArrays && message.extent.bytes > BulkCalls.threshold
    }

    enum Arrival {
        /// Nothing is ahead of the call: run it.
        case ready
        /// It waits behind a bulk call.
        case held
        /// It cannot wait: its client, or all clients together, have their
        /// budget waiting already.
        case refused(String)
    }

    /// Whether a call can run now; one that cannot is kept (or refused).
    /// `waiting` is what waits in `FairCalls` besides: the caller's bytes
    /// and everyone's, counted against the same budgets.
    func arrive(_ message: Message, uid: UInt32?, waiting: (sender: Int, total: Int)) -> Arrival {
        guard !readingFrom.isEmpty else { return .ready }
        let sender = message.sender ?? ""
        // Behind a call of its own client that waits, a call waits too.
        guard readingFrom[sender] != nil || readingOn[Self.path(of: message)] != nil || heldFrom[sender] != nil else { return .ready }
        let mine = heldFrom[sender] ?? (0, 0)
        guard mine.calls < BulkCalls.heldPerSender else {
            return .refused("\(sender) has \(BulkCalls.heldPerSender) calls waiting behind its bulk calls; wait for their replies")
        }
        let bytes = message.extent.bytes
        if mine.calls > 0, mine.bytes + waiting.sender + bytes > FairCalls.bytesPerSender {
            return .refused("\(sender) has \(mine.calls) calls of \(mine.bytes + waiting.sender) bytes waiting behind a call of its own still running or being read; a client may have at most \(FairCalls.bytesPerSender) bytes waiting: wait for their replies")
        }
        if heldBytes + waiting.total + bytes > FairCalls.totalBytes {
            return .refused("the daemon has \(heldBytes + waiting.total) bytes of calls waiting, from all clients; at most \(FairCalls.totalBytes) may wait: try again later")
        }
        held.append((message, uid, bytes))
        heldFrom[sender] = (mine.calls + 1, mine.bytes + bytes)
        heldBytes += bytes
        return .held
    }

    /// What a bulk read came to: the arguments, and `prepare`'s result
    /// when the method has one and the arguments could be read.
    typealias Outcome = (arguments: Result<[DBusValue], any Error>, prepared: Result<any Sendable, any Error>?)

    /// Reads a bulk call's arguments and runs `prepare` on the reader
    /// thread, then calls `done` with the outcome on the loop.
    func read(_ message: Message, reading: InputReading, prepare: Method.Preparation?, done: @escaping (Outcome) -> Void) {
        readingFrom[message.sender ?? "", default: 0] += 1
        readingOn[Self.path(of: message), default: 0] += 1
        nextJob += 1
        let id = nextJob
        completions[id] = done
        let job = ReaderJob(message: message)
        let owner = LoopOwned(self)
        reader.async {
            let arguments = Result { try reading.arguments(of: job.message) }
            let prepared = prepare.flatMap { prepare in (try? arguments.get()).map { values in Result { try prepare(values) } } }
            let handover = Handover((arguments, prepared))
            MainLoop.shared.post {
                if let done = owner.value?.completions.removeValue(forKey: id), let outcome = handover.value {
                    done(outcome)
                }
                // A million arguments take tens of milliseconds to let go of:
                // taken straight into the discarding thread, no copy left here.
                Discard.later(handover.take())
            }
        }
    }

    /// A call answered later, in order, has begun: calls behind it wait as
    /// behind a bulk call, until `finished`.
    func begin(_ message: Message) {
        readingFrom[message.sender ?? "", default: 0] += 1
        readingOn[Self.path(of: message), default: 0] += 1
    }

    private var nextJob = 0
    private var completions: [Int: (Outcome) -> Void] = [:]

    /// Whether calls of `sender` are being read or wait behind bulk calls.
    func involves(_ sender: String) -> Bool {
        readingFrom[sender] != nil || heldFrom[sender] != nil
    }

    /// How many calls of `sender` wait behind bulk calls, and their bytes.
    func held(from sender: String) -> (calls: Int, bytes: Int) {
        heldFrom[sender] ?? (0, 0)
    }

    /// Whether any bulk call is being read (or call answered later in order waits).
    var isReading: Bool { !readingFrom.isEmpty }

    /// How many calls wait behind bulk calls.
    var heldCount: Int { held.count }

    /// A bulk call has run (or a call answered later, in order, was answered): the calls held behind it, in order, to be
    /// dispatched again (some may wait again, behind another bulk call).
    func finished(_ message: Message) -> [(message: Message, uid: UInt32?)] {
        readingFrom.decrementCount(of: message.sender ?? "")
        readingOn.decrementCount(of: Self.path(of: message))
        let waiting = held.map { ($0.message, $0.uid) }
        held = []
        heldFrom = [:]
        heldBytes = 0
        return waiting
    }


    private static func path(of message: Message) -> ObjectPath {
        ObjectPath(unchecked: message.path ?? "/")
    }
}

/// A received call carried to the reader thread.
///
/// `@unchecked Sendable`: while the reader reads this message (its kept
/// bytes through `WireReader`, or a smaller one through libdbus's iterator,
/// which may swap its byte order in place) no other thread touches it — the
/// loop only holds the reference until the job is posted back, and its
/// signature was read on the loop before.
struct ReaderJob: @unchecked Sendable {
    let message: Message
}

/// A value handed from the reader to the loop: `take` keeps no reference
/// behind, so the last one is wherever the taker lets it go.
///
/// `@unchecked Sendable`: `value` is set on the reader thread before the
/// job that reads and takes it is posted, and used on the loop only after;
/// posting (a mutex) orders the two.
final class Handover<Value: Sendable>: @unchecked Sendable {
    private(set) var value: Value?

    init(_ value: Value) {
        self.value = value
    }

    func take() -> Value? {
        defer { value = nil }
        return value
    }
}
