import FoundationEssentials

/// Supplies a collection view's sections, items and cells.
public protocol CollectionViewDataSource: AnyObject {
    /// The number of sections; default 1.
    func numberOfSections(in collectionView: CollectionView) -> Int
    /// The number of items in `section`.
    func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int
    /// The cell of an item.
    func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> CollectionViewCell
}

extension CollectionViewDataSource {
    /// One.
    public func numberOfSections(in collectionView: CollectionView) -> Int {
        1
    }
}

/// Hears a user's selections in a collection view.
public protocol CollectionViewDelegate: AnyObject {
    /// The user selected an item; default nothing.
    func collectionView(_ collectionView: CollectionView, didSelectItemAt indexPath: IndexPath)
    /// The user deselected an item; default nothing.
    func collectionView(_ collectionView: CollectionView, didDeselectItemAt indexPath: IndexPath)
}

extension CollectionViewDelegate {
    /// Nothing.
    public func collectionView(_ collectionView: CollectionView, didSelectItemAt indexPath: IndexPath) {}
    /// Nothing.
    public func collectionView(_ collectionView: CollectionView, didDeselectItemAt indexPath: IndexPath) {}
}

/// Hears which items a collection view will soon show, to load them ahead.
public protocol CollectionViewDataSourcePrefetching: AnyObject {
    /// Items about to be shown.
    func collectionView(_ collectionView: CollectionView, prefetchItemsAt indexPaths: [IndexPath])
    /// Items no longer about to be shown; default nothing.
    func collectionView(_ collectionView: CollectionView, cancelPrefetchingForItemsAt indexPaths: [IndexPath])
}

extension CollectionViewDataSourcePrefetching {
    /// Nothing.
    public func collectionView(_ collectionView: CollectionView, cancelPrefetchingForItemsAt indexPaths: [IndexPath]) {}
}

extension DelegateMethod where Delegate == CollectionViewDelegate, Arguments == IndexPath {
    /// `collectionView(_:didSelectItemAt:)`.
    public static var didSelectItemAt: Self { Self("collectionView(_:didSelectItemAt:)") }
    /// `collectionView(_:didDeselectItemAt:)`.
    public static var didDeselectItemAt: Self { Self("collectionView(_:didDeselectItemAt:)") }
}

extension DelegateMethod where Delegate == CollectionViewDataSourcePrefetching, Arguments == [IndexPath] {
    /// `collectionView(_:prefetchItemsAt:)`.
    public static var prefetchItemsAt: Self { Self("collectionView(_:prefetchItemsAt:)") }
    /// `collectionView(_:cancelPrefetchingForItemsAt:)`.
    public static var cancelPrefetchingForItemsAt: Self { Self("collectionView(_:cancelPrefetchingForItemsAt:)") }
}
