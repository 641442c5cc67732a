import DBus
import RxCoreEssentials
import WidgetsAPI

/// A validator's answer about one value.
public struct ValidatorAnswer: Equatable, Sendable {
    /// Whether the value passes.
    public let valid: Bool
    /// Shown when it does not (empty: the spec's `messages.remote`).
    public let message: String

    /// The value passes.
    public static let valid = ValidatorAnswer(valid: true, message: "")

    /// The value is refused with `message`.
    public static func invalid(_ message: String) -> ValidatorAnswer {
        ValidatorAnswer(valid: false, message: message)
    }

    /// An answer of these parts.
    public init(valid: Bool, message: String) {
        self.valid = valid
        self.message = message
    }
}

/// Taking part in a form: this client serves a remote check or options
/// (`org.rxwidgets.Widgets1.Validator`, `.OptionsProvider`) at an object of
/// its own and attaches it to the form; the daemon asks it without waiting.
/// Only the daemon may ask: calls from anyone else are `AccessDenied`.
extension WidgetsClient {
    /// Serves the validator `name` of `form`'s `rules.remote`: `check` gets
    /// the field and its value and answers when it can (each question is
    /// answered once; a newer value makes the daemon ignore an older
    /// answer). Attached at once, so fields pending or unavailable are asked
    /// again; disposing stops serving (the daemon's questions then time out).
    public func serveValidator(_ name: String, on form: RemoteForm, check: @escaping (_ field: String, _ value: DBusValue) -> Single<ValidatorAnswer>) throws -> Disposable {
        let served = ServedParty(client: self)
        served.check = check
        return try serve(served, ServedParty.validator, kind: "validator", name: name, stop: served.stop) { path in
            try form.attachValidator(name, at: path)
        }
    }

    /// Serves the options provider `name` of `form`'s `optionsFrom`:
    /// `options` gets the field and the values of the fields the spec lists.
    public func serveOptionsProvider(_ name: String, on form: RemoteForm, options: @escaping (_ field: String, _ values: [String: DBusValue]) -> Single<[String]>) throws -> Disposable {
        let served = ServedParty(client: self)
        served.options = options
        return try serve(served, ServedParty.optionsProvider, kind: "options", name: name, stop: served.stop) { path in
            try form.attachOptionsProvider(name, at: path)
        }
    }

    /// Exports `party` at a path of its own kind and attaches it with
    /// `attach`; disposing stops it (`stop`) and takes it off the bus. Only
    /// the daemon may call it: anyone else is refused before the call is read.
    func serve<Party: ServedByClient & SendableMetatype>(_ party: Party, _ declaration: InterfaceDeclaration<Party>, kind: String, name: String, stop: @escaping () -> Void, attach: (ObjectPath) throws -> Void) throws -> Disposable {
        servedObjects += 1
        guard let path = ObjectPath("/org/rxwidgets/Client/\(kind)/\(NameRules.isWidgetName(name) ? name : "_")_\(servedObjects)") else {
            throw WidgetsClientError(name: DBusError.Name.invalidArgs, message: "name \(quoted(name)) is not \(NameRules.widgetNameRule)")
        }
        let server = objectServer
        do {
            let daemonOnly = declaration.admitting { party, caller in try WidgetsClient.admitDaemon(caller.sender, of: party.client) }
            try server.export(path, interfaces: [daemonOnly.bind(to: party)])
            try attach(path)
        } catch {
            try? server.unexport(path)
            throw WidgetsClientError(error)
        }
        return Disposables.create {
            stop()
            try? server.unexport(path)
        }
    }
}

/// The object behind a served validator or provider: answers the daemon's
/// questions, holding each answer's subscription until it is sent.
final class ServedParty: ServedByClient {
    /// What a validator answers, for a served validator.
    var check: ((String, DBusValue) -> Single<ValidatorAnswer>)?
    /// What a provider answers, for a served options provider.
    var options: ((String, [String: DBusValue]) -> Single<[String]>)?
    private(set) weak var client: WidgetsClient?
    /// The answer under way per question's subject (a form's field): a
    /// newer question about it makes the older one moot, as the daemon
    /// ignores an older answer, so its work is stopped.
    private var answers: [String: (id: Int, subscription: Disposable)] = [:]
    private var nextAnswer = 0

    init(client: WidgetsClient) {
        self.client = client
    }

    static let validator = InterfaceDeclaration(ValidatorHandlers())
    static let optionsProvider = InterfaceDeclaration(OptionsProviderHandlers())

    struct ValidatorHandlers: InterfaceHandlers {
        typealias Target = ServedParty
        typealias Contract = ValidatorContract

        let validate: MethodHandler = Contract.validate.serveLater { party, arguments, _, reply in
            let (form, field, value, _) = arguments
            guard let check = party.check else { throw DBusError.failed("this object serves no validator") }
            party.answer(check(field, value.value).map { ($0.valid, $0.message) }, for: form + "\u{0}" + field, reply)
        }
    }

    struct OptionsProviderHandlers: InterfaceHandlers {
        typealias Target = ServedParty
        typealias Contract = OptionsProviderContract

        let optionsFor: MethodHandler = Contract.optionsFor.serveLater { party, arguments, _, reply in
            let (form, field, values, _) = arguments
            guard let options = party.options else { throw DBusError.failed("this object serves no options provider") }
            party.answer(options(field, RemoteForm.dictionary(values)), for: form + "\u{0}" + field, reply)
        }
    }

    func answer<Value>(_ single: Single<Value>, for subject: String, _ reply: @escaping (Result<Value, Error>) -> Void) {
        let id = nextAnswer
        nextAnswer += 1
        answers.removeValue(forKey: subject)?.subscription.dispose()
        var done = false
        let subscription = single.subscribe { [weak self] result in
            done = true
            if self?.answers[subject]?.id == id {
                self?.answers[subject] = nil
            }
            switch result {
            case .success(let value): reply(.success(value))
            case .failure(let error): reply(.failure(error))
            }
        }
        if !done {
            answers[subject] = (id, subscription)
        }
    }

    /// Stops every answer in progress; their callers are told there will be none.
    func stop() {
        let running = answers.values
        answers = [:]
        running.forEach { $0.subscription.dispose() }
    }
}

extension WidgetsClient {
    /// Refuses a call on a served object from anyone but `client`'s daemon
    /// (from everyone once the client is gone).
    static func admitDaemon(_ sender: String, of client: WidgetsClient?) throws {
        guard let daemon = client?.daemon, sender == daemon else {
            throw DBusError(name: DBusError.Name.accessDenied, message: "only \(WidgetsAPI.busName) asks this object")
        }
    }
}

/// An object a client serves for the daemon, which knows its client.
protocol ServedByClient: AnyObject {
    /// The client serving it; nil once the client is gone.
    var client: WidgetsClient? { get }
}
