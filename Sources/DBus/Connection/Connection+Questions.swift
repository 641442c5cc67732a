import CDBus
import RxCoreEssentials

extension Connection {
    /// `request` through `gate`: the call is sent when the gate has room
    /// for its destination, and counts there until the bus answers it —
    /// also once the caller gave up on it. One that waits past
    /// `timeoutMilliseconds` fails as a call without reply would, naming
    /// what was in flight; the call sent gets what is left of the timeout.
    func ask(_ message: Message, through gate: QuestionGate, timeoutMilliseconds: Int32, _ observer: @escaping Single<Message>.SingleObserver) -> Disposable {
        let destination = message.destination ?? ""
        guard destination != "org.freedesktop.DBus" else {
            return call(message, timeoutMilliseconds: timeoutMilliseconds) { observer($0.mapError { $0 }) }
        }
        let milliseconds = Int64(timeoutMilliseconds < 0 ? 25_000 : timeoutMilliseconds)
        let asked = MonotonicClock.now()
        var serial: UInt32?
        var pending: Disposable?
        var admission: Disposable?
        let waitTimer = MainLoop.shared.addTimer(after: milliseconds * 1_000_000) { [weak gate] in
            admission?.dispose()
            guard let gate else { return }
            observer(.failure(gate.notSent(to: destination, within: milliseconds)))
        }
        admission = gate.admit(to: destination) { [weak self, weak gate] in
            waitTimer.dispose()
            guard let self, let gate else { return }
            let left = max(1, milliseconds - MonotonicClock.now().nanoseconds(since: asked) / 1_000_000)
            pending = call(message, timeoutMilliseconds: Int32(clamping: left)) { [weak gate] result in
                // A reply that came has freed its place already; this
                // starts the wait for the bus's own answer to one that did not.
                if let serial {
                    gate?.abandoned(serial)
                }
                observer(result.mapError { $0 })
            }
            let sent = dbus_message_get_serial(message.raw)
            serial = sent
            gate.sent(sent, to: destination)
        }
        return Disposables.create { [weak gate] in
            waitTimer.dispose()
            admission?.dispose()
            pending?.dispose()
            if let serial {
                gate?.abandoned(serial)
            }
        }
    }
}
