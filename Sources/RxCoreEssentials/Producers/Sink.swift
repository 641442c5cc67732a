/// The per-subscription state of an operator: forwards events downstream while
/// keeping the grammar, and releases everything on dispose.
class Sink<Observer: ObserverType>: Disposable {
    /// The downstream observer.
    let observer: Observer
    private let cancel: Cancelable
    private var isStopped = false

    /// True once the sink was disposed.
    private(set) var isDisposed = false

    init(observer: Observer, cancel: Cancelable) {
        self.observer = observer
        self.cancel = cancel
        Resources.increment()
    }

    deinit {
        Resources.decrement()
    }

    /// Sends an event downstream unless the sink was disposed or already stopped.
    // Inlined, so a stage that builds `.next` does not look up its event
    // type's metadata a second time to ask whether it stops.
    @inline(__always)
    final func forwardOn(_ event: Event<Observer.Element>) {
        guard !isDisposed, !isStopped else { return }
        if event.isStopEvent {
            isStopped = true
        }
        observer.on(event)
    }

    /// Sends a stop event downstream, then disposes the sink.
    @inline(__always)
    final func forwardAndDispose(_ event: Event<Observer.Element>) {
        forwardOn(event)
        dispose()
    }

    /// Stops delivery and disposes the upstream subscription.
    func dispose() {
        guard !isDisposed else { return }
        isDisposed = true
        cancel.dispose()
    }
}
