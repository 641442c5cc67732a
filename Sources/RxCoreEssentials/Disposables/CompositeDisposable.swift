/// A group of disposables disposed together.
///
/// A disposable inserted after the group was disposed is disposed at once.
/// Safe to use from two threads, as RxSwift's.
public final class CompositeDisposable: Cancelable {
    /// The key of an inserted disposable, for removing it again.
    public struct DisposeKey: Hashable, Sendable {
        fileprivate let value: UInt64
    }

    private var disposables: [UInt64: Disposable]? = [:]
    private var nextKey: UInt64 = 0
    /// Guards the two above.
    private let lock = RecursiveLock()

    /// An empty group.
    public init() {}

    /// A group holding these two.
    public init(_ disposable1: Disposable, _ disposable2: Disposable) {
        insertAll([disposable1, disposable2])
    }

    /// A group holding these three.
    public init(_ disposable1: Disposable, _ disposable2: Disposable, _ disposable3: Disposable) {
        insertAll([disposable1, disposable2, disposable3])
    }

    /// A group holding four or more, as RxSwift's.
    public init(_ disposable1: Disposable, _ disposable2: Disposable, _ disposable3: Disposable, _ disposable4: Disposable, _ disposables: Disposable...) {
        insertAll([disposable1, disposable2, disposable3, disposable4] + disposables)
    }

    /// A group holding all of them.
    public init(disposables: [Disposable]) {
        insertAll(disposables)
    }

    private func insertAll(_ items: [Disposable]) {
        for item in items {
            _ = insert(item)
        }
    }

    /// True once disposed.
    public var isDisposed: Bool {
        lock.perform { disposables == nil }
    }

    /// The number of disposables the group holds.
    public var count: Int {
        lock.perform { disposables?.count ?? 0 }
    }

    /// Adds a disposable; returns its key, or nil (after disposing it) when the
    /// group was already disposed.
    @discardableResult
    public func insert(_ disposable: Disposable) -> DisposeKey? {
        let key = lock.perform { () -> DisposeKey? in
            guard disposables != nil else { return nil }
            let key = nextKey
            nextKey += 1
            disposables?[key] = disposable
            return DisposeKey(value: key)
        }
        if key == nil {
            disposable.dispose()
        }
        return key
    }

    /// Removes the disposable with this key and disposes it.
    public func remove(for disposeKey: DisposeKey) {
        lock.perform { disposables?.removeValue(forKey: disposeKey.value) }?.dispose()
    }

    /// Disposes every disposable of the group, in insertion order, once.
    public func dispose() {
        let taken = lock.perform { () -> [UInt64: Disposable]? in
            defer { disposables = nil }
            return disposables
        }
        guard let current = taken else { return }
        for (_, disposable) in current.sorted(by: { $0.key < $1.key }) {
            disposable.dispose()
        }
    }
}
