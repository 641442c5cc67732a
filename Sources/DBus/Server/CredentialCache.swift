/// The Unix uids of the clients calling a server, asked of the bus once per
/// client without blocking: a client's calls wait, in order, for its answer.
final class CredentialCache {
    private let connection: Connection
    private var uids: [String: UInt32] = [:]
    private var waiting: [String: [(Message, (UInt32?) -> Void)]] = [:]

    init(connection: Connection) {
        self.connection = connection
    }

    /// The sender's uid when known and none of its calls wait for it.
    func knownUID(of sender: String) -> UInt32? {
        waiting[sender] == nil ? uids[sender] : nil
    }

    /// Runs `body` with the sender's uid: at once when known, else after the
    /// bus answers (with nil when it cannot tell).
    func whenResolved(_ sender: String, _ message: Message, _ body: @escaping (UInt32?) -> Void) {
        if let uid = uids[sender], waiting[sender] == nil {
            body(uid)
            return
        }
        if waiting[sender] != nil {
            waiting[sender]?.append((message, body))
            return
        }
        waiting[sender] = [(message, body)]
        connection.unixUser(of: sender) { [weak self] result in
            guard let self else { return }
            let uid = try? result.get()
            if let uid {
                uids[sender] = uid
            }
            let queued = waiting.removeValue(forKey: sender) ?? []
            for (_, run) in queued {
                run(uid)
            }
        }
    }

    /// Forgets a client that left the bus.
    func forget(_ name: String) {
        uids[name] = nil
    }
}
