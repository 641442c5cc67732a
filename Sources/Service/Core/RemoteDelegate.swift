import DBus
import WidgetsAPI
import RxWidgetsEssentials

/// A client's delegate object (`AttachDelegate`): RxCocoa's forward
/// delegate across the bus, asked a question before a user's gesture or a
/// query is answered. One question at a time: the call that asks is
/// answered later, in order, so the calls after it on the widget wait
/// behind it.
final class RemoteDelegate {
    let client: String
    let object: ObjectPath
    /// The interface it serves: `org.rxwidgets.Widgets1.TableDelegate`, `.PickerDelegate`.
    let interface: String
    let timeout: Int32
    private let inFlight = QuestionInFlight()

    init(client: String, object: ObjectPath, interface: String, timeout: Int32) {
        self.client = client
        self.object = object
        self.interface = interface
        self.timeout = timeout
    }

    var description: String { "the delegate \(object) of \(client)" }

    /// The options of `AttachDelegate`, checked: `timeout` only.
    static func timeout(from given: DBusValue, _ checks: InputChecks) throws -> Int32 {
        try ClientTimeout.from(try checks.options(given, allowed: DelegateOption.types, argument: "options")[DelegateOption.timeout])
    }

    /// Asks `method`; `done` gets the answer checked by `check` — nil when
    /// the client does not serve that method (UIKit's default: the widget's
    /// own answer) — or `DataSourceUnavailable`.
    func ask<Inputs, Output>(_ method: MethodContract<Inputs, Parameters<Output>>, _ arguments: Inputs.Values, asked: String, on connection: Connection,
                             check: @escaping (Output) throws -> Output = { $0 }, _ done: @escaping (Result<Output?, DBusError>) -> Void) {
        var question = ClientQuestion<Output?>(source: description, asked: asked, timeout: timeout, message: { [client, object, interface] in
            try method.message(to: client, path: object, interface: interface, arguments)
        }, read: { try check(method.results(of: $0)) })
        question.fallback = { error in
            error.name == DBusError.Name.unknownMethod || error.name == DBusError.Name.unknownInterface ? .some(nil) : nil
        }
        inFlight.ask(question, on: connection, done)
    }

    /// Lets go of the delegate: the question in flight is cancelled and its
    /// call told the delegate is gone.
    func letGo() {
        inFlight.letGo()
    }
}
