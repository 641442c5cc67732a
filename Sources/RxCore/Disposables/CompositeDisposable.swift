/// A group of disposables disposed together.
///
/// A disposable inserted after the group was disposed is disposed at once.
public final class CompositeDisposable: Cancelable {
    /// The key of an inserted disposable, for removing it again.
    public struct DisposeKey: Hashable, Sendable {
        fileprivate let value: UInt64
    }

    private var disposables: [UInt64: Disposable]? = [:]
    private var nextKey: UInt64 = 0

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
        disposables == nil
    }

    /// The number of disposables the group holds.
    public var count: Int {
        disposables?.count ?? 0
    }

    /// Adds a disposable; returns its key, or nil (after disposing it) when the
    /// group was already disposed.
    @discardableResult
    public func insert(_ disposable: Disposable) -> DisposeKey? {
        guard disposables != nil else {
            disposable.dispose()
            return nil
        }
        let key = nextKey
        nextKey += 1
        disposables?[key] = disposable
        return DisposeKey(value: key)
    }

    /// Removes the disposable with this key and disposes it.
    public func remove(for disposeKey: DisposeKey) {
        guard let removed = disposables?.removeValue(forKey: disposeKey.value) else { return }
        removed.dispose()
    }

    /// Disposes every disposable of the group, in insertion order, once.
    public func dispose() {
        guard let current = disposables else { return }
        disposables = nil
        for (_, disposable) in current.sorted(by: { $0.key < $1.key }) {
            disposable.dispose()
        }
    }
}
