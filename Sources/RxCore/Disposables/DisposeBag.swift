/// Collects disposables and disposes them all when the bag is deinitialized.
///
/// Replace the bag (`bag = DisposeBag()`) to dispose early. A disposable added
/// to a bag that is being torn down is disposed at once.
public final class DisposeBag {
    private var disposables: [Disposable] = []
    private var isDisposed = false

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
        if isDisposed {
            disposable.dispose()
        } else {
            disposables.append(disposable)
        }
    }

    /// Adds disposables to the bag.
    public func insert(_ disposables: Disposable...) {
        for disposable in disposables {
            insert(disposable)
        }
    }

    private func dispose() {
        isDisposed = true
        let all = disposables
        disposables = []
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
