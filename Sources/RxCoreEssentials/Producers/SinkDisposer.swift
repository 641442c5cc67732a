import Synchronization

/// The disposable a `Producer` returns: disposes the sink and its upstream
/// subscription, even when the sink ended before they were handed over.
///
/// Which of handing over and disposing comes second is decided atomically,
/// as RxSwift's: a result and a cancellation racing on two threads (the
/// async bridges) dispose the pair once.
final class SinkDisposer: Cancelable {
    private static let disposedFlag = 1
    private static let setFlag = 2

    private let state = Atomic<Int>(0)
    private var sink: Disposable?
    private var subscription: Disposable?

    var isDisposed: Bool {
        state.load(ordering: .acquiring) & Self.disposedFlag != 0
    }

    init() {
        Resources.increment()
    }

    deinit {
        Resources.decrement()
    }

    func setSinkAndSubscription(sink: Disposable, subscription: Disposable) {
        self.sink = sink
        self.subscription = subscription
        let before = state.bitwiseOr(Self.setFlag, ordering: .acquiringAndReleasing).oldValue
        precondition(before & Self.setFlag == 0, "a sink was handed over twice")
        guard before & Self.disposedFlag != 0 else { return }
        disposePair()
    }

    func dispose() {
        let before = state.bitwiseOr(Self.disposedFlag, ordering: .acquiringAndReleasing).oldValue
        guard before & Self.disposedFlag == 0, before & Self.setFlag != 0 else { return }
        disposePair()
    }

    private func disposePair() {
        let sink = self.sink
        let subscription = self.subscription
        self.sink = nil
        self.subscription = nil
        sink?.dispose()
        subscription?.dispose()
    }
}
