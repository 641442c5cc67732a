import FoundationEssentials

/// The collection view's delegate proxy: publishes every delegate call and forwards it.
open class RxCollectionViewDelegateProxy: DelegateProxy<CollectionView, CollectionViewDelegate>, DelegateProxyType, CollectionViewDelegate {
    /// The collection view.
    public weak private(set) var collectionView: CollectionView?

    /// The proxy of `collectionView`.
    public init(collectionView: CollectionView) {
        self.collectionView = collectionView
        super.init(parentObject: collectionView, delegateProxy: RxCollectionViewDelegateProxy.self)
    }

    /// Registers the factory for collection views.
    public static func registerKnownImplementations() {
        register { RxCollectionViewDelegateProxy(collectionView: $0) }
    }

    /// Publishes the selection and forwards it.
    public func collectionView(_ collectionView: CollectionView, didSelectItemAt indexPath: IndexPath) {
        invoke(.didSelectItemAt, with: indexPath) { $0.collectionView(collectionView, didSelectItemAt: indexPath) }
    }

    /// Publishes the deselection and forwards it.
    public func collectionView(_ collectionView: CollectionView, didDeselectItemAt indexPath: IndexPath) {
        invoke(.didDeselectItemAt, with: indexPath) { $0.collectionView(collectionView, didDeselectItemAt: indexPath) }
    }
}

/// The collection view's data-source proxy. Without a forward data source
/// the collection has one empty section.
open class RxCollectionViewDataSourceProxy: DelegateProxy<CollectionView, CollectionViewDataSource>, DelegateProxyType, CollectionViewDataSource {
    /// The collection view.
    public weak private(set) var collectionView: CollectionView?

    /// The proxy of `collectionView`.
    public init(collectionView: CollectionView) {
        self.collectionView = collectionView
        super.init(parentObject: collectionView, delegateProxy: RxCollectionViewDataSourceProxy.self)
    }

    /// Registers the factory for collection views.
    public static func registerKnownImplementations() {
        register { RxCollectionViewDataSourceProxy(collectionView: $0) }
    }

    /// Forwards; 1 without a forward data source.
    public func numberOfSections(in collectionView: CollectionView) -> Int {
        forwardToDelegate()?.numberOfSections(in: collectionView) ?? 1
    }

    /// Forwards; 0 without a forward data source.
    public func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int {
        forwardToDelegate()?.collectionView(collectionView, numberOfItemsInSection: section) ?? 0
    }

    /// Forwards; an empty cell without a forward data source.
    public func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> CollectionViewCell {
        forwardToDelegate()?.collectionView(collectionView, cellForItemAt: indexPath) ?? CollectionViewCell()
    }
}

/// The collection view's prefetching proxy: publishes which items it will
/// soon show and forwards them.
open class RxCollectionViewDataSourcePrefetchingProxy: DelegateProxy<CollectionView, CollectionViewDataSourcePrefetching>, DelegateProxyType,
    CollectionViewDataSourcePrefetching {
    /// The collection view.
    public weak private(set) var collectionView: CollectionView?

    /// The proxy of `collectionView`.
    public init(collectionView: CollectionView) {
        self.collectionView = collectionView
        super.init(parentObject: collectionView, delegateProxy: RxCollectionViewDataSourcePrefetchingProxy.self)
    }

    /// Registers the factory for collection views.
    public static func registerKnownImplementations() {
        register { RxCollectionViewDataSourcePrefetchingProxy(collectionView: $0) }
    }

    /// The collection view's `prefetchDataSource`.
    public static func currentDelegate(for object: CollectionView) -> CollectionViewDataSourcePrefetching? {
        object.prefetchDataSource
    }

    /// Sets the collection view's `prefetchDataSource`.
    public static func setCurrentDelegate(_ delegate: CollectionViewDataSourcePrefetching?, to object: CollectionView) {
        object.prefetchDataSource = delegate
    }

    /// Publishes the items and forwards them.
    public func collectionView(_ collectionView: CollectionView, prefetchItemsAt indexPaths: [IndexPath]) {
        invoke(.prefetchItemsAt, with: indexPaths) { $0.collectionView(collectionView, prefetchItemsAt: indexPaths) }
    }

    /// Publishes the items and forwards them.
    public func collectionView(_ collectionView: CollectionView, cancelPrefetchingForItemsAt indexPaths: [IndexPath]) {
        invoke(.cancelPrefetchingForItemsAt, with: indexPaths) { $0.collectionView(collectionView, cancelPrefetchingForItemsAt: indexPaths) }
    }
}
