import RxWidgetsEssentials
import DBus
import WidgetsAPI

/// One question the daemon asks an object a client serves for a widget (a
/// data source, a delegate): sent without waiting, its answer checked as
/// input, ended by a timeout. Whatever goes wrong ends as
/// `DataSourceUnavailable` saying who was asked what and why, and a log line.
struct ClientQuestion<Value> {
    /// Who is asked, for messages: "the data source /p of :1.5".
    let source: String
    /// What is asked, for messages: "Titles(0, 256, 256)".
    let asked: String
    let timeout: Int32
    let message: () throws -> Message
    /// Checks the answer and makes the value of it.
    let read: (Message) throws -> Value
    /// The value of an error answer that means "no opinion" (a delegate
    /// method the client does not implement); nil fails the question.
    var fallback: (DBusError) -> Value? = { _ in nil }

    /// Sends the question; `done` gets the outcome on the loop, unless the
    /// result is disposed first.
    func ask(on connection: Connection, _ done: @escaping (Result<Value, DBusError>) -> Void) -> Disposable {
        let (source, asked, timeout, read, fallback) = (source, asked, timeout, read, fallback)
        return connection.request(message, timeoutMilliseconds: timeout).subscribe { result in
            let checked: Result<Value, DBusError>
            switch result {
            case .success(let reply):
                do {
                    checked = .success(try read(reply))
                } catch {
                    checked = .failure(DBusError(name: WidgetsErrorName.dataSourceUnavailable, message: "\(source) answered \(asked) wrongly: \(FormWidget.loggable(error))"))
                }
            case .failure(let error):
                if let value = fallback(DBusError.from(error)) {
                    checked = .success(value)
                } else {
                    checked = .failure(ClientQuestion.unavailable(error, source: source, asked: asked, timeout: timeout))
                }
            }
            if case .failure(let error) = checked {
                Hooks.log("<4>rxwidgetsd: \(error.message)")
            }
            done(checked)
        }
    }

    private static func unavailable(_ error: Error, source: String, asked: String, timeout: Int32) -> DBusError {
        let dbusError = DBusError.from(error)
        if dbusError.name == DBusError.Name.noReply || dbusError.name == "org.freedesktop.DBus.Error.Timeout" {
            return DBusError(name: WidgetsErrorName.dataSourceUnavailable, message: "\(source) did not answer \(asked) within \(timeout) ms")
        }
        return DBusError(name: WidgetsErrorName.dataSourceUnavailable, message: "\(source) could not answer \(asked): \(FormWidget.loggable(error))")
    }
}

/// The milliseconds a client's object may take to answer (`timeout` of
/// `AttachDataSource` and `AttachDelegate`): 1 to 60,000, default 2,000.
enum ClientTimeout {
    static let standard: Int32 = 2_000
    static let range = 1...60_000

    static func from(_ value: DBusValue?) throws -> Int32 {
        guard case .int32(let given)? = value else { return standard }
        guard range.contains(Int(given)) else {
            throw DBusError.invalidArgs("options 'timeout' \(given) is out of range; expected \(range.lowerBound) to \(range.upperBound)")
        }
        return given
    }
}

extension ServedWidget {
    /// Runs `body` as a call's handler runs, for a call answered later:
    /// what it announces goes out (state first) when it returns, before the reply.
    func asCall<Result>(_ body: () throws -> Result) throws -> Result {
        guard let server = context.server else { return try body() }
        var result: Swift.Result<Result, Error>!
        server.batch { result = Swift.Result { try body() } }
        return try result.get()
    }
}
