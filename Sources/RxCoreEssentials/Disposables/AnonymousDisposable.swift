/// Runs an action on the first `dispose()` and then forgets it.
final class AnonymousDisposable: Cancelable {
    private var disposeAction: (() -> Void)?

    init(_ disposeAction: @escaping () -> Void) {
        self.disposeAction = disposeAction
        Resources.increment()
    }

    deinit {
        Resources.decrement()
    }

    var isDisposed: Bool {
        disposeAction == nil
    }

    func dispose() {
        guard let action = disposeAction else { return }
        disposeAction = nil
        action()
    }
}
