import CDBus
import RxCoreEssentials

/// An object exported at a path with its declared interfaces.
final class ExportedObject {
    let path: ObjectPath
    /// The declared interfaces.
    let interfaces: [Interface]
    /// The declared interfaces and the standard ones, built once.
    var served: [Interface] = []
    /// An empty signal message per "interface.member", its header built once:
    /// libdbus spends more setting a header's fields than copying a message.
    var signalHeaders: [SignalKey: WireSignal] = [:]
    /// The uids that may read the object (its properties, its signals); nil: everyone.
    var readers: Set<UInt32>?

    /// Whether a caller of `uid` may read the object: an unknown uid may
    /// not read a restricted one.
    func admits(_ uid: UInt32?) -> Bool {
        guard let readers else { return true }
        return uid.map(readers.contains) ?? false
    }

    /// Throws `AccessDenied` for a caller who may not read the object.
    func checkReader(_ uid: UInt32?) throws {
        guard !admits(uid) else { return }
        throw DBusError(name: DBusError.Name.accessDenied, message: "\(path) may be read by uid \(readers!.sorted().map(String.init).joined(separator: ", ")) only; the caller is \(uid.map { "uid \($0)" } ?? "of an unknown uid")")
    }

    /// A signal's interface and member, hashed as they are: joining them
    /// into one string allocated on every emit.
    struct SignalKey: Hashable {
        let interface: String
        let member: String
    }

    init(path: ObjectPath, interfaces: [Interface], readers: Set<UInt32>?) {
        self.path = path
        self.interfaces = interfaces
        self.readers = readers
    }
}

/// Serves objects on a connection: dispatches each incoming call to the
/// declared method, after checking the object, interface, method and exact
/// signature, and answers every call (a reply or an error, unless the caller
/// asked for none). `Introspectable`, `Properties`, `Peer` and
/// `ObjectManager` follow from the declarations.
///
/// What a call changes goes out before its reply, state first: property
/// changes of one call are coalesced into one `PropertiesChanged` per object
/// and interface and sent when the handler returns, then the signals the
/// handler emitted, in order, then the reply — so a client caching
/// properties already holds the new state when it hears the events.
///
/// Nothing it sends can get the connection cut by the bus: a reply over
/// `Connection.maximumMessageBytes` becomes a `limitExceededErrorName` error
/// naming the call, and property values that would not fit are announced as
/// invalidated (`PropertiesChanged`) or left out (`GetAll`,
/// `GetManagedObjects`, `InterfacesAdded`), largest first, to be read with `Get`.
public final class ObjectServer {
    /// The connection served.
    public let connection: Connection
    var objects: [ObjectPath: ExportedObject] = [:]
    var managerRoots: Set<ObjectPath> = []
    var pendingChanges: [(path: ObjectPath, interface: String, names: [String])] = []
    var callDepth = 0
    /// The clients whose calls are running, innermost last: a `Peer` call
    /// of theirs that comes meanwhile waits for the call's reply.
    var runningSenders: [String] = []
    /// Signals emitted inside the call being handled, held until its
    /// `PropertiesChanged` has gone out.
    var heldSignals: [OutgoingMessage] = []
    let credentials: CredentialCache?
    /// `GetManagedObjects`'s entries, kept until their objects change.
    let managedObjectsCache = ManagedObjectsCache()
    /// Calls read off the loop, and the calls waiting behind them.
    let bulkCalls = BulkCalls()

    /// What the bulk path holds now: whether a bulk call is being read, and
    /// how many calls wait behind it — what a test waits for instead of a
    /// time it guesses.
    public var bulkState: (reading: Bool, held: Int) {
        (bulkCalls.isReading, bulkCalls.heldCount)
    }
    /// Calls received and waiting for their client's turn.
    let fairCalls = FairCalls()
    var servingScheduled = false
    /// Clients that left the bus while calls of theirs waited their turn.
    var departed: Set<String> = []
    /// Set by `finishServing`: every call is refused from then on.
    var isClosing = false
    /// Calls that came while the server closes, behind calls of their
    /// client: each is refused when its turn comes.
    var refusedInTurn: Set<ObjectIdentifier> = []
    /// How long one loop turn serves waiting calls before reading on.
    static let servingSlice: Int64 = 5_000_000
    /// How long calls are served back to back before the socket is read
    /// again for what came meanwhile (a newcomer's call, a `Ping`): reading
    /// after every call cost a system call or two a call.
    static let pumpInterval: Int64 = 100_000
    /// What libdbus may hold received and not yet released (63 MiB and 4,096
    /// descriptors by default): calls wait in `FairCalls` as received
    /// messages, and past this libdbus would stop reading — also the bus's
    /// answers about who the waiting clients are. Well above what FairCalls
    /// lets wait plus one message of the largest a bus allows.
    static let receivedBytesAllowance = 2 << 30
    static let receivedDescriptorsAllowance = 1 << 16
    var peerWatch: Disposable?
    /// Answers `Peer` calls and queues new calls in the middle of a long call.
    private var breathing: Disposable?
    /// The standard interfaces, built once; they find the called object by path.
    lazy var introspectable = introspectableInterface()
    lazy var properties = propertiesInterface()
    lazy var peer = peerInterface()

    /// Called with a unique name when that client leaves the bus.
    public var onPeerGone: ((String) -> Void)?
    /// Called with every call before it is dispatched, and with the error of
    /// every call that fails (for tracing).
    public var traceCall: ((Message, DBusError?) -> Void)?
    /// The error name of a reply that would have been too large to send,
    /// and of a call refused for a string over `maximumInputStringBytes`.
    public var limitExceededErrorName = DBusError.Name.limitsExceeded
    /// The longest string any call's arguments may hold, in bytes: a longer
    /// one is refused by its length, before its bytes are read or checked,
    /// so a call of one 127 MB string costs no more than its bytes in flight.
    public var maximumInputStringBytes = Int.max
    /// What reading a call's arguments may take of memory
    /// (`DBusValue.footprint`), given the called path and the caller's uid;
    /// nil: no bound. A body past it is refused with `limitExceededErrorName`
    /// as soon as its values would pass it, so a call that would be refused
    /// for its size costs no more than the budget, not its whole decoding.
    public var maximumDecodedBytes: ((ObjectPath, UInt32?) -> Int)?
    /// The largest signal sent, in bytes (nil: the connection's
    /// `maximumMessageBytes`). A signal is a broadcast: the bus keeps a copy
    /// for every subscriber until it reads it, and counts every copy it
    /// holds against this connection, so a large signal costs as many times
    /// its size as it has subscribers that are slow to read.
    public var maximumSignalBytes: Int?
    /// Bytes waiting for the bus past which calls are refused (but `Peer`'s):
    /// the bus stops reading a sender whose messages it still holds for
    /// subscribers that do not read theirs past its `max_incoming_bytes`;
    /// meanwhile what calls would answer and emit piles up here.
    public var maximumQueuedBytes = 64 << 20
    /// Whether calls are being refused for `maximumQueuedBytes` (logged once
    /// when it starts and once when it ends).
    var isOverQueue = false

    /// The signal limit in effect.
    var signalLimit: Int {
        min(maximumSignalBytes ?? connection.maximumMessageBytes, connection.maximumMessageBytes)
    }

    /// Bounds the server's calls to its clients in flight (`QuestionGate`),
    /// each client's uid as the server knows it.
    public func boundQuestions(_ bounds: QuestionGate.Bounds) {
        connection.questionGate = QuestionGate(bounds: bounds) { [weak credentials] name in credentials?.group(of: name) ?? .connection(name) }
    }

    /// The process id of a client whose calls this server has taken, as the
    /// bus told it with its uid (`resolvesCredentials`); nil when unknown.
    public func processID(of sender: String) -> UInt32? {
        credentials?.processID(of: sender)
    }

    /// Serves objects on `connection`. With `resolvesCredentials`, every
    /// caller's Unix uid is known to handlers (`MethodCall.senderUID`): the
    /// first call from a client waits for the bus's answer, later ones do not.
    public init(connection: Connection, resolvesCredentials: Bool = false) {
        self.connection = connection
        self.credentials = resolvesCredentials ? CredentialCache(connection: connection) : nil
        connection.setReceivedAllowance(bytes: ObjectServer.receivedBytesAllowance, descriptors: ObjectServer.receivedDescriptorsAllowance)
        connection.methodCallHandler = { [weak self] message in
            self?.receive(message) ?? false
        }
        connection.afterDispatch = { [weak self] in
            self?.serveIfScheduled()
        }
        credentials?.onSettled = { [weak self] _ in
            self?.scheduleServing()
        }
        fairCalls.groupOf = { [weak credentials] sender in
            credentials?.group(of: sender) ?? .connection(sender)
        }
        breathing = Breathing.shared.add { [weak connection] in
            connection?.breathe()
        }
    }

    deinit {
        breathing?.dispose()
        peerWatch?.dispose()
        connection.methodCallHandler = nil
        connection.afterDispatch = nil
    }

    /// Watches `NameOwnerChanged` to forget clients that left and to call
    /// `onPeerGone`; waits for the bus to accept the match rule.
    public func watchPeers() throws {
        guard peerWatch == nil else { return }
        peerWatch = try connection.watchNameOwnerChanged { [weak self] name, _, newOwner in
            guard let self, name.hasPrefix(":"), newOwner.isEmpty else { return }
            // The bus announced the departure after the client's last call:
            // the calls still waiting their turn run first, as they were sent.
            if fairCalls.hasCalls(from: name) || bulkCalls.involves(name) {
                departed.insert(name)
            } else {
                peerLeft(name)
            }
        }
    }

    func peerLeft(_ name: String) {
        credentials?.forget(name)
        onPeerGone?(name)
    }
}
