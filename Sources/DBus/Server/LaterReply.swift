/// The reply of a call whose answer is not known when its handler returns
/// (it waits for a process, another call, a person): the handler takes one
/// with `MethodCall.replyLater()` and the call is answered when it is sent.
/// It is sent at most once; one never sent is answered with `NoReply` when
/// it is released, so no caller waits out its own timeout for nothing.
///
/// `@unchecked Sendable`: handlers are `@Sendable` closures, but every call,
/// reply and handler runs on the main loop, which owns this object.
public final class LaterReply: @unchecked Sendable {
    private let message: Message
    private let outputs: [Argument]
    private weak var server: ObjectServer?
    private var sent = false

    init(message: Message, outputs: [Argument], server: ObjectServer?) {
        self.message = message
        self.outputs = outputs
        self.server = server
    }

    deinit {
        if !sent {
            send(.failure(DBusError(name: DBusError.Name.noReply, message: "the handler of \(message.member ?? "the call") gave up without answering")))
        }
    }

    /// Answers the call: its out arguments (checked against the declared
    /// ones, as a direct reply is) or an error.
    public func send(_ result: Result<[DBusValue], DBusError>) {
        guard !sent else { return }
        sent = true
        guard !message.noReplyExpected else { return }
        server?.answer(message, with: result, declaredOutputs: outputs)
    }

    /// Lets the call be answered the ordinary way (its handler threw):
    /// this reply is never sent.
    func discard() {
        sent = true
    }

    /// Thrown by a handler that took a `LaterReply`: the call is answered when that is sent.
    struct Pending: Error {}
}

extension MethodCall {
    /// The call's reply, to send later; the handler must then throw
    /// `LaterReply.Pending` (as `MethodContract.serveLater` does).
    func replyLater() -> LaterReply {
        LaterReply(message: message, outputs: outputs, server: server)
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
}
