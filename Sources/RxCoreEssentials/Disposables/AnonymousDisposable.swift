import Synchronization

/// Runs an action on the first `dispose()` and then forgets it. The first
/// call is decided atomically, as RxSwift's: a result and a cancellation
/// racing on two threads (the async bridges) run the action once.
final class AnonymousDisposable: Cancelable {
    private let disposed = Atomic<Bool>(false)
    private var disposeAction: (() -> Void)?

    init(_ disposeAction: @escaping () -> Void) {
        self.disposeAction = disposeAction
        Resources.increment()
    }

    deinit {
        Resources.decrement()
    }

    var isDisposed: Bool {
        disposed.load(ordering: .acquiring)
    }

    func dispose() {
        guard !disposed.exchange(true, ordering: .acquiringAndReleasing) else { return }
        let action = disposeAction
        disposeAction = nil
        action?()
    }
}
