/// A disposable set once, possibly after it was disposed (then it is disposed at once).
/// Safe to set and dispose from different threads, as RxSwift's: the state
/// changes under a lock, the disposing happens outside it.
public final class SingleAssignmentDisposable: Cancelable {
    // `current`, `isAssigned` and `disposed` are only touched holding `lock`.
    private let lock = RecursiveLock()
    private var current: Disposable?
    private var isAssigned = false
    private var disposed = false

    /// True once disposed.
    public var isDisposed: Bool {
        lock.perform { disposed }
    }

    /// An unassigned disposable.
    public init() {}

    /// What became of an assignment, decided under the lock.
    private enum Assignment {
        case kept, disposedBefore, assignedTwice
    }

    /// Assigns the disposable; a second assignment is ignored and reported.
    public func setDisposable(_ disposable: Disposable) {
        let outcome = lock.perform { () -> Assignment in
            guard !isAssigned else { return .assignedTwice }
            isAssigned = true
            guard !disposed else { return .disposedBefore }
            current = disposable
            return .kept
        }
        switch outcome {
        case .kept:
            break
        case .disposedBefore:
            disposable.dispose()
        case .assignedTwice:
            Hooks.log("<3>rx: SingleAssignmentDisposable assigned twice; the second disposable is disposed")
            disposable.dispose()
        }
    }

    /// Disposes the assigned disposable, or the one assigned later.
    public func dispose() {
        let assigned = lock.perform { () -> Disposable? in
            guard !disposed else { return nil }
            disposed = true
            defer { current = nil }
            return current
        }
        assigned?.dispose()
    }
}
