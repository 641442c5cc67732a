import DBus
import RxCoreEssentials
import WidgetsAPI

/// What a `CreateX` asks for when its widget is to be a question
/// (`prompt` option; API "Prompt").
public struct PromptRequest: Sendable {
    public var title: String
    public var message: String
    /// Milliseconds from creation until it times out; nil for never.
    public var timeoutMilliseconds: UInt32?
    /// The answer a timeout gives; nil for the widget's state then.
    public var defaultAnswer: DBusValue?
    /// The one uid besides the owner and 0 that may answer (uid 0 askers only).
    public var forUID: UInt32?
    /// Whether the widget outlives the process that asks (it is made
    /// non-transient): a question to collect later or resume; false for
    /// one whose deadline alone makes it a prompt.
    public var outlivesAsker = true

    public init(title: String = "", message: String = "", timeoutMilliseconds: UInt32? = nil, defaultAnswer: DBusValue? = nil, forUID: UInt32? = nil) {
        self.title = title
        self.message = message
        self.timeoutMilliseconds = timeoutMilliseconds
        self.defaultAnswer = defaultAnswer
        self.forUID = forUID
    }

    /// The `prompt` option's value.
    var option: DBusValue {
        var options = [PromptOption.title.with(.string(title)), PromptOption.message.with(.string(message))]
        if let timeoutMilliseconds {
            options.append(PromptOption.timeout.with(.uint32(timeoutMilliseconds)))
        }
        if let defaultAnswer {
            options.append(PromptOption.default.with(.variant(defaultAnswer)))
        }
        if let forUID {
            options.append(PromptOption.forUID.with(.uint32(forUID)))
        }
        return Options(options).value
    }
}

/// A widget's question served by rxwidgetsd (`org.rxwidgets.Widgets1.Prompt`
/// at the widget's path), called through `PromptContract`: an agent finishes
/// or cancels it, its asker waits for `rx.finished`.
public final class RemotePrompt: RemoteWidget {
    typealias API = PromptContract

    init(client: WidgetsClient, path: ObjectPath) throws {
        try super.init(client: client, path: path, interface: API.name)
    }

    public var title: String { value(API.title) ?? "" }
    public var message: String { value(API.message) ?? "" }
    /// `waiting` until finished. Kept current.
    public var state: PromptState { value(API.state).flatMap(PromptState.init(rawValue:)) ?? .waiting }
    /// Milliseconds since the Unix epoch; 0 for none.
    public var deadline: UInt64 { value(API.deadline) ?? 0 }
    /// The answer a deadline gives; nil when the widget's state then is.
    public var defaultAnswer: DBusValue? {
        let given = value(API.defaultAnswer)?.value
        return given == .string("") ? nil : given
    }
    /// The answer once finished (the empty string before).
    public var answer: DBusValue { value(API.answer)?.value ?? .string("") }
    /// The uid and process name that finished it; `(0, "")` before, and for a deadline.
    public var answeredBy: (uid: UInt32, process: String) { value(API.answeredBy)?.fields ?? (0, "") }
    /// The asker's uid, process id and command line.
    public var asker: (uid: UInt32, pid: UInt32, command: String) { value(API.asker)?.fields ?? (0, 0, "") }

    /// The person is done: the widget's state becomes the answer.
    public func finish() throws {
        try call(API.finish, ())
    }

    public func cancel() throws {
        try call(API.cancel, ())
    }

    /// Moves the deadline (milliseconds since the Unix epoch; 0 removes it).
    public func setDeadline(_ deadline: UInt64) throws {
        try call(API.setDeadline, deadline)
    }

    /// Waits on the main loop until the prompt is finished, at most
    /// `timeout` (forever when nil) and while `stillWanted` holds; its state
    /// and answer, or nil when the time ran out or it was no longer wanted
    /// first. Fails when the widget is destroyed or the daemon leaves meanwhile.
    public func waitUntilFinished(timeout: RxTimeInterval? = nil, while stillWanted: @escaping () -> Bool = { true }) throws -> (state: PromptState, answer: DBusValue)? {
        var failure: Error?
        let watch = rx.finished.subscribe(onError: { failure = $0 })
        defer { watch.dispose() }
        let waiting = { self.state == .waiting && failure == nil && stillWanted() }
        if let timeout {
            _ = MainLoop.shared.run(while: waiting, timeout: timeout)
        } else {
            while MainLoop.shared.run(while: waiting, timeout: .seconds(3_600)) == false, waiting() {}
        }
        if let failure {
            throw failure
        }
        return state == .waiting ? nil : (state, try readAnswer())
    }

    /// The answer as the daemon gives it to this caller: whole for the
    /// owner's uid and 0, where `answer` (as `PropertiesChanged`, a
    /// broadcast, announced it) has a form's secrets empty.
    public func readAnswer() throws -> DBusValue {
        let reply = try client.call(path.rawValue, "org.freedesktop.DBus.Properties", "Get", [.string(API.name), .string(API.answer.name)])
        guard let answer = reply.first?.variantValue.flatMap({ API.answer.decode($0) }) else {
            throw WidgetsClientError.unexpectedReply("Get \(API.answer.name)", reply)
        }
        return answer.value
    }
}

extension Reactive where Base: RemotePrompt {
    /// `Finished`: how it ended and its answer (a form's secrets empty).
    public var finished: Observable<(state: PromptState, answer: DBusValue)> {
        base.signal(PromptContract.finished).compactMap { state, answer in PromptState(rawValue: state).map { ($0, answer.value) } }
    }
}

extension WidgetsClient {
    /// The prompt of the widget at `path`; `UnknownInterface` from the
    /// daemon when that widget was created without one.
    public func prompt(at path: ObjectPath) throws -> RemotePrompt {
        try RemotePrompt(client: self, path: path)
    }

    /// The paths of the widgets whose prompt is waiting, in order of creation.
    public func waitingPrompts() throws -> [ObjectPath] {
        let reply = try call(WidgetsAPI.rootPath.rawValue, "org.freedesktop.DBus.Properties", "Get", [.string(ManagerContract.name), .string(ManagerContract.prompts.name)])
        guard let paths = ManagerContract.prompts.decode(reply.first?.variantValue) else {
            throw WidgetsClientError.unexpectedReply("Get \(ManagerContract.prompts.name)", reply)
        }
        return paths
    }
}
