/// The disposable a `Producer` returns: disposes the sink and its upstream
/// subscription, even when the sink ended before they were handed over.
final class SinkDisposer: Cancelable {
    private var sink: Disposable?
    private var subscription: Disposable?
    private var isSet = false

    private(set) var isDisposed = false

    init() {
        Resources.increment()
    }

    deinit {
        Resources.decrement()
    }

    func setSinkAndSubscription(sink: Disposable, subscription: Disposable) {
        isSet = true
        if isDisposed {
            sink.dispose()
            subscription.dispose()
        } else {
            self.sink = sink
            self.subscription = subscription
        }
    }

    func dispose() {
        guard !isDisposed else { return }
        isDisposed = true
        guard isSet else { return }
        let sink = self.sink
        let subscription = self.subscription
        self.sink = nil
        self.subscription = nil
        sink?.dispose()
        subscription?.dispose()
    }
}
