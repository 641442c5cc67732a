/// An observer that enforces the grammar: after a stop event it ignores everything.
class ObserverBase<Element>: Disposable, ObserverType {
    private var isStopped = false

    init() {
        Resources.increment()
    }

    deinit {
        Resources.decrement()
    }

    final func on(_ event: Event<Element>) {
        guard !isStopped else { return }
        if event.isStopEvent {
            isStopped = true
        }
        onCore(event)
    }

    /// Receives the events that pass the grammar check; subclasses override.
    func onCore(_ event: Event<Element>) {}

    func dispose() {
        isStopped = true
    }
}
