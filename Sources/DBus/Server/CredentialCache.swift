/// The Unix uids of the clients calling a server, asked of the bus once per
/// client without blocking: a client's calls wait, in order, for the answer.
/// A client the bus cannot vouch for (it left before the answer, the bus
/// refused to say) resolves to nil, which callers treat as "not allowed".
final class CredentialCache {
    private let connection: Connection
    private var uids: [String: UInt32] = [:]
    private var waiting: [String: [(UInt32?) -> Void]] = [:]

    init(connection: Connection) {
        self.connection = connection
    }

    /// The sender's uid when known and none of its calls wait for it.
    func knownUID(of sender: String) -> UInt32? {
        waiting[sender] == nil ? uids[sender] : nil
    }

    /// Runs `body` with the sender's uid: at once when known, else after the
    /// bus answers (with nil when it cannot tell), after the sender's earlier calls.
    func whenResolved(_ sender: String, _ body: @escaping (UInt32?) -> Void) {
        if let uid = knownUID(of: sender) {
            body(uid)
            return
        }
        if waiting[sender] != nil {
            waiting[sender]?.append(body)
            return
        }
        waiting[sender] = [body]
        connection.unixUser(of: sender) { [weak self] result in
            guard let self else { return }
            let uid = try? result.get()
            if let uid {
                uids[sender] = uid
            }
            for run in waiting.removeValue(forKey: sender) ?? [] {
                run(uid)
            }
        }
    }

    /// Forgets a client that left the bus.
    func forget(_ name: String) {
        uids[name] = nil
    }
}
