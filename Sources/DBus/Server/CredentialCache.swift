/// The Unix uids (and processes) of the clients calling a server, asked of the bus once per
/// client without blocking, as soon as its first call is received (not when
/// it is served: the answer must not wait behind other clients' calls). A
/// client the bus cannot vouch for (it left before the answer, the bus
/// refused to say) is settled without a uid, which callers treat as "not
/// allowed"; its next call after those asks again.
final class CredentialCache {
    private enum Resolution {
        case asking
        case known(UInt32, pid: UInt32?)
        case unknown
    }

    private let connection: Connection
    private var resolutions: [String: Resolution] = [:]
    /// Called when a client's uid is settled.
    var onSettled: ((String) -> Void)?

    init(connection: Connection) {
        self.connection = connection
    }

    /// Asks the bus for the sender's uid unless it is known or being asked.
    func ask(about sender: String) {
        switch resolutions[sender] {
        case .asking?, .known?: return
        case .unknown?, nil: break
        }
        resolutions[sender] = .asking
        // The bus answers every GetConnectionCredentials, and the answer is
        // read at once (calls ahead of it only wait in FairCalls); the
        // deadline is a safety net no backlog reaches.
        connection.unixCredentials(of: sender, timeoutMilliseconds: 300_000) { [weak self] result in
            guard let self, case .asking? = resolutions[sender] else { return }
            resolutions[sender] = (try? result.get()).map { Resolution.known($0.uid, pid: $0.pid) } ?? .unknown
            onSettled?(sender)
        }
    }

    /// Whether the sender's calls can run: its uid is known, or the bus
    /// could not tell it.
    func isSettled(_ sender: String) -> Bool {
        switch resolutions[sender] {
        case .known?, .unknown?: return true
        case .asking?, nil: return false
        }
    }

    /// The sender's uid, when the bus told it.
    func uid(of sender: String) -> UInt32? {
        if case .known(let uid, _)? = resolutions[sender] { return uid }
        return nil
    }

    /// The sender's process id, when the bus told it.
    func processID(of sender: String) -> UInt32? {
        if case .known(_, let pid)? = resolutions[sender] { return pid }
        return nil
    }

    /// The clients known to be of one of `uids`, in a stable order.
    func senders(withUIDs uids: Set<UInt32>) -> [String] {
        resolutions.compactMap { name, resolution in
            if case .known(let uid, _) = resolution, uids.contains(uid) { return name }
            return nil
        }.sorted()
    }

    /// Forgets a client that left the bus.
    func forget(_ name: String) {
        resolutions[name] = nil
    }
}
