import RxCoreEssentials

/// The reply of a call whose answer is not known when its handler returns
/// (it waits for a process, another call, a person): the handler takes one
/// with `MethodCall.replyLater()` and the call is answered when it is sent.
/// It is sent at most once; one never sent is answered with `NoReply` when
/// it is released, so no caller waits out its own timeout for nothing.
///
/// One that keeps order (`MethodCall.replyInOrder()`) holds, until it is
/// sent, the calls that come after it from the same client and the calls
/// on the same object, as a bulk call does (`BulkCalls`): no client can
/// tell such a call from one answered at once but by the time it takes.
///
/// `@unchecked Sendable`: handlers are `@Sendable` closures, but every call,
/// reply and handler runs on the main loop, which owns this object.
public final class LaterReply: @unchecked Sendable {
    private let message: Message
    private let outputs: [Argument]
    private weak var server: ObjectServer?
    private let keepsOrder: Bool
    private var sent = false

    init(message: Message, outputs: [Argument], server: ObjectServer?, keepsOrder: Bool = false) {
        self.message = message
        self.outputs = outputs
        self.server = server
        self.keepsOrder = keepsOrder
        if keepsOrder {
            server?.bulkCalls.begin(message)
        }
    }

    deinit {
        if !sent {
            send(.failure(DBusError(name: DBusError.Name.noReply, message: "the handler of \(message.member ?? "the call") gave up without answering")))
        }
    }

    /// Answers the call: its out arguments (checked against the declared
    /// ones, as a direct reply is) or an error.
    public func send(_ result: Result<[DBusValue], DBusError>) {
        answer { server, message in server.answer(message, with: result, declaredOutputs: outputs) }
    }

    /// Answers the call with a body written already, of `signature` (the
    /// method's declared outputs'); one too large to send is answered
    /// `limitExceededErrorName`, as any reply.
    func send(writtenBody body: WireBody, signature: String) {
        answer { server, message in server.answer(message, writtenBody: body, signature: signature) }
    }

    /// Sends the reply `write` makes, once, and lets the calls it held go.
    private func answer(_ write: (ObjectServer, Message) -> Void) {
        guard !sent else { return }
        sent = true
        if !message.noReplyExpected, let server {
            write(server, message)
        }
        if keepsOrder {
            server?.laterCallEnded(message)
        }
    }

    /// Lets the call be answered the ordinary way (its handler threw):
    /// this reply is never sent.
    func discard() {
        guard !sent else { return }
        sent = true
        // The dispatcher answers the call after this returns: the calls held
        // behind it are let go on the next turn, so they are answered after it.
        if keepsOrder {
            let message = message
            MainLoop.shared.enqueue { [weak server] in server?.laterCallEnded(message) }
        }
    }

    /// Thrown by a handler that took a `LaterReply`: the call is answered when that is sent.
    public struct Pending: Error {
        public init() {}
    }
}

extension MethodCall {
    /// The call's reply, to send later; the handler must then throw
    /// `LaterReply.Pending` (as `MethodContract.serveLater` does).
    func replyLater() -> LaterReply {
        LaterReply(message: message, outputs: outputs, server: server)
    }

    /// The call's reply, to send later, holding the caller's next calls and
    /// the calls on the same object until it is sent; the handler must then
    /// throw `LaterReply.Pending`.
    public func replyInOrder() -> LaterReply {
        LaterReply(message: message, outputs: outputs, server: server, keepsOrder: true)
    }
}

/// A handler's answer: its results now, or later through the `LaterReply`
/// it took (`MethodContract.serve(answering:)`).
public enum Answer<Values> {
    case now(Values)
    case later
}

/// The typed side of a `LaterReply`: results encoded as the contract says.
public struct LaterAnswer<Values>: @unchecked Sendable {
    // `@unchecked Sendable`: it only wraps a LaterReply, owned by the main loop.
    let reply: LaterReply
    let encode: (Values) -> [DBusValue]

    /// Answers the call once: its results or an error.
    public func send(_ result: Result<Values, Error>) {
        reply.send(result.map(encode).mapError { DBusError.from($0) })
    }
}

extension MethodContract {
    /// A handler whose answer comes later: `body` gets the decoded
    /// arguments and a function to call once with the results or an error.
    /// A body that throws is answered at once with the error.
    public func serveLater<Target: AnyObject>(_ body: @escaping @Sendable (Target, Inputs.Values, MethodCall, @escaping (Result<Outputs.Values, Error>) -> Void) throws -> Void) -> MethodDeclaration<Target> {
        MethodDeclaration(name, in: inputs.arguments, out: outputs.arguments) { target, call in
            let reply = call.replyLater()
            do {
                try body(target, try Inputs.decode(call.arguments), call) { result in
                    reply.send(result.map { Outputs.encode($0) }.mapError { DBusError.from($0) })
                }
            } catch {
                // Answered at once with the error, by the dispatcher: never twice.
                reply.discard()
                throw error
            }
            throw LaterReply.Pending()
        }
    }

    /// A handler that answers at once when it can, else later, in order:
    /// `body` returns `.now` with the results, or calls its last argument
    /// (once) for the answer to send later and returns `.later`. Until that
    /// answer is sent, the caller's next calls and the calls on the same
    /// object wait (`MethodCall.replyInOrder`).
    public func serve<Target: AnyObject>(answering body: @escaping @Sendable (Target, Inputs.Values, MethodCall, () -> LaterAnswer<Outputs.Values>) throws -> Answer<Outputs.Values>) -> MethodDeclaration<Target> {
        MethodDeclaration(name, in: inputs.arguments, out: outputs.arguments) { target, call in
            var taken: LaterReply?
            let answer: Answer<Outputs.Values>
            do {
                // A closure literal in the argument: not escaping, so the
                // call answered at once (the hot path) allocates nothing for it.
                answer = try body(target, try Inputs.decode(call.arguments), call) {
                    let reply = taken ?? call.replyInOrder()
                    taken = reply
                    return LaterAnswer<Outputs.Values>(reply: reply, encode: { Outputs.encode($0) })
                }
            } catch {
                // Answered at once with the error, by the dispatcher: never twice.
                taken?.discard()
                throw error
            }
            switch answer {
            case .now(let values):
                taken?.discard()
                return Outputs.encode(values)
            case .later:
                guard taken != nil else { throw DBusError.failed("internal error: \(name) deferred its answer without taking a reply") }
                throw LaterReply.Pending()
            }
        }
    }
}
