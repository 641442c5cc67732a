/// Collects disposables and disposes them all when the bag is deinitialized.
///
/// Replace the bag (`bag = DisposeBag()`) to dispose early. A disposable added
/// to a bag that is being torn down is disposed at once.
public final class DisposeBag {
    private var disposables: [Disposable] = []
    private var isDisposed = false
    /// Guards the two above, so two threads may add to one bag (as RxSwift allows).
    private let lock = RecursiveLock()

    /// An empty bag.
    public init() {}

    /// A bag holding these disposables.
    public init(disposing disposables: Disposable...) {
        self.disposables = disposables
    }

    /// A bag holding these disposables.
    public init(disposing disposables: [Disposable]) {
        self.disposables = disposables
    }

    /// Adds a disposable to the bag.
    public func insert(_ disposable: Disposable) {
        let disposeNow = lock.perform {
            if isDisposed {
                return true
            }
            disposables.append(disposable)
            return false
        }
        if disposeNow {
            disposable.dispose()
        }
    }

    /// Adds disposables to the bag.
    public func insert(_ disposables: Disposable...) {
        for disposable in disposables {
            insert(disposable)
        }
    }

    private func dispose() {
        let all = lock.perform {
            isDisposed = true
            let all = disposables
            disposables = []
            return all
        }
        for disposable in all {
            disposable.dispose()
        }
    }

    deinit {
        dispose()
    }
}

extension Disposable {
    /// Adds this disposable to the bag, to be disposed with it.
    public func disposed(by bag: DisposeBag) {
        bag.insert(self)
    }
}
