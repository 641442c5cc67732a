import DBus
import WidgetsAPI
import RxWidgetsEssentials

/// The one question a client's object (a data source, a delegate) is being
/// asked for a widget, and how the call waiting for it is told when the
/// object is let go of first. An answer that comes after that is dropped.
final class QuestionInFlight {
    private var subscription: Disposable?
    private var abandon: (() -> Void)?
    /// Raised when the object is let go of.
    private var generation = 0

    /// Asks `question`; `done` gets its outcome on the loop, or
    /// `DataSourceUnavailable` when `letGo` comes first.
    func ask<Value>(_ question: ClientQuestion<Value>, on connection: Connection, _ done: @escaping (Result<Value, DBusError>) -> Void) {
        let generation = generation
        let (source, asked) = (question.source, question.asked)
        abandon = {
            done(.failure(DBusError(name: WidgetsErrorName.dataSourceUnavailable, message: "\(source) was let go of before it answered \(asked)")))
        }
        var finished = false
        let subscription = question.ask(on: connection) { [weak self] result in
            finished = true
            guard let self, self.generation == generation else { return }
            self.subscription = nil
            abandon = nil
            done(result)
        }
        if !finished {
            self.subscription = subscription
        }
    }

    /// Cancels the question in flight and tells its call the object is gone.
    func letGo() {
        generation += 1
        let running = subscription
        let waiting = abandon
        subscription = nil
        abandon = nil
        running?.dispose()
        waiting?()
    }
}
