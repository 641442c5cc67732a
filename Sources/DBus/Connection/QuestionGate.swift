import RxCoreEssentials

/// Bounds the calls a server has in flight to its clients, as the bus
/// counts them. A bus counts each call a connection sends until its reply
/// comes — from the callee, or the bus's own `NoReply` once its
/// `reply_timeout` passes or the callee leaves — and past
/// `max_replies_per_connection` (128 on the system bus) it refuses every
/// further call of that connection. A call the server gives up on (its own
/// timeout, or a newer question making it moot) still counts there, so a
/// client that never answers, asked often enough, would switch off every
/// other client's remote features.
///
/// So a call to a client is sent only while the client has fewer than
/// `Bounds.perClient` calls in flight, its uid (other than 0, which is held
/// to the total only, as to the memory budget) fewer than `perUID`, and all
/// clients fewer than `total`; a call given up on keeps its place until the
/// bus answers it (or `abandonedLifetime` passes). The others wait, in the
/// order they were asked; one disposed while it waits is never sent (a
/// newer question about the same field replaces it that way), and one that
/// waits past its own timeout ends as a call that got no reply would.
public final class QuestionGate {
    /// How many calls may be in flight.
    public struct Bounds: Sendable, Equatable {
        /// To one client connection.
        public var perClient: Int
        /// To all connections of one uid other than 0.
        public var perUID: Int
        /// To all clients: well under the bus's `max_replies_per_connection`,
        /// leaving room for the server's own calls to the bus.
        public var total: Int

        public init(perClient: Int = 16, perUID: Int, total: Int) {
            self.perClient = perClient
            self.perUID = perUID
            self.total = total
        }

        /// For the system bus, whose limit is 128 a connection and whose
        /// clients are of many uids.
        public static let systemBus = Bounds(perUID: 32, total: 96)
        /// For a session bus (50,000 a connection), whose clients share a uid.
        public static let sessionBus = Bounds(perUID: 4_096, total: 4_096)
    }

    /// How long a call given up on keeps its place when the bus never
    /// answers it (a bus whose `reply_timeout` is longer than this).
    static let abandonedLifetime: Int64 = 300_000_000_000

    public let bounds: Bounds

    private struct InFlight {
        let destination: String
        let group: ClientGroup
        var abandonedTimer: LoopTimer?
    }

    private final class Waiting {
        let destination: String
        let send: () -> Void
        var isDone = false
        init(destination: String, send: @escaping () -> Void) {
            self.destination = destination
            self.send = send
        }
    }

    /// The group of a client connection (`ClientGroup`): its uid's, when
    /// the server knows it.
    private let groupOf: (String) -> ClientGroup
    private var inFlight: [UInt32: InFlight] = [:]
    private var byDestination: [String: Int] = [:]
    private var byGroup: [ClientGroup: Int] = [:]
    private var waiting: [Waiting] = []

    public init(bounds: Bounds, groupOf: @escaping (String) -> ClientGroup) {
        self.bounds = bounds
        self.groupOf = groupOf
    }

    /// Calls in flight to all clients, as the bus counts them.
    public var callsInFlight: Int { inFlight.count }

    private func hasRoom(for destination: String) -> Bool {
        let group = groupOf(destination)
        return inFlight.count < bounds.total
            && byDestination[destination, default: 0] < bounds.perClient
            && (group == .uid(0) || byGroup[group, default: 0] < bounds.perUID)
    }

    /// Runs `send` now if the bounds allow a call to `destination`, else
    /// when they do; disposing the result before then means it never runs.
    func admit(to destination: String, _ send: @escaping () -> Void) -> Disposable {
        if hasRoom(for: destination) && !waiting.contains(where: { $0.destination == destination && !$0.isDone }) {
            send()
            return Disposables.create()
        }
        let entry = Waiting(destination: destination, send: send)
        waiting.append(entry)
        return Disposables.create { [weak self, weak entry] in
            entry?.isDone = true
            self?.waiting.removeAll { $0.isDone }
        }
    }

    /// A call numbered `serial` was sent to `destination`: it counts until `answered`.
    func sent(_ serial: UInt32, to destination: String) {
        let group = groupOf(destination)
        inFlight[serial] = InFlight(destination: destination, group: group)
        byDestination[destination, default: 0] += 1
        byGroup[group, default: 0] += 1
    }

    /// The server gave up on call `serial` before its reply: it still counts
    /// until the bus answers it, at most `abandonedLifetime`.
    func abandoned(_ serial: UInt32) {
        guard inFlight[serial] != nil, inFlight[serial]?.abandonedTimer == nil else { return }
        inFlight[serial]?.abandonedTimer = MainLoop.shared.addTimer(after: QuestionGate.abandonedLifetime) { [weak self] in
            self?.answered(serial)
        }
    }

    /// A reply or error to call `serial` came (or its place lapsed): the
    /// next waiting calls that now fit are sent, in order.
    func answered(_ serial: UInt32) {
        guard let call = inFlight.removeValue(forKey: serial) else { return }
        call.abandonedTimer?.dispose()
        byDestination.decrementCount(of: call.destination)
        byGroup.decrementCount(of: call.group)
        var index = 0
        while index < waiting.count {
            let next = waiting[index]
            guard !next.isDone, hasRoom(for: next.destination) else {
                index += 1
                continue
            }
            next.isDone = true
            waiting.remove(at: index)
            next.send()
        }
    }

    /// Why a call waited past its timeout without being sent.
    func notSent(to destination: String, within milliseconds: Int64) -> DBusError {
        DBusError(name: DBusError.Name.noReply, message: "not asked within \(milliseconds) ms: \(destination) has \(byDestination[destination, default: 0]) calls unanswered, its \(groupOf(destination)) \(byGroup[groupOf(destination), default: 0]), all clients \(inFlight.count) (at most \(bounds.perClient), \(bounds.perUID) and \(bounds.total) may be)")
    }
}
