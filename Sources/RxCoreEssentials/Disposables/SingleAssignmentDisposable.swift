/// A disposable set once, possibly after it was disposed (then it is disposed at once).
public final class SingleAssignmentDisposable: Cancelable {
    private var current: Disposable?
    private var isAssigned = false

    /// True once disposed.
    public private(set) var isDisposed = false

    /// An unassigned disposable.
    public init() {}

    /// Assigns the disposable; a second assignment is ignored and reported.
    public func setDisposable(_ disposable: Disposable) {
        guard !isAssigned else {
            Hooks.log("<3>rx: SingleAssignmentDisposable assigned twice; the second disposable is disposed")
            disposable.dispose()
            return
        }
        isAssigned = true
        if isDisposed {
            disposable.dispose()
        } else {
            current = disposable
        }
    }

    /// Disposes the assigned disposable, or the one assigned later.
    public func dispose() {
        guard !isDisposed else { return }
        isDisposed = true
        let assigned = current
        current = nil
        assigned?.dispose()
    }
}
