/// Whom a client connection's share is counted with: the connections of
/// its uid, when the server knows it, or the connection alone. Turns to be
/// served (`FairCalls`) and calls in flight to clients (`QuestionGate`) are
/// shared by group, so a uid gains nothing by opening more connections.
public enum ClientGroup: Hashable, Sendable, CustomStringConvertible {
    case uid(UInt32)
    case connection(String)

    /// The group of the connection `name` whose uid is `uid`, when known.
    public init(_ name: String, uid: UInt32?) {
        self = uid.map(ClientGroup.uid) ?? .connection(name)
    }

    public var description: String {
        switch self {
        case .uid(let uid): return "uid \(uid)"
        case .connection(let name): return name
        }
    }
}

extension CredentialCache {
    /// The group of `sender`, by the uid the bus told.
    func group(of sender: String) -> ClientGroup {
        ClientGroup(sender, uid: uid(of: sender))
    }
}
