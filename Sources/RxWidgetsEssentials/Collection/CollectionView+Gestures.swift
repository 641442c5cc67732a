import FoundationEssentials

/// A user's gestures on a collection view, each as UIKit carries it out: the
/// collection's own state changes first, then its delegate hears of it.
extension CollectionView {
    /// A tap on an item. Without multiple selection a previously selected
    /// other item is deselected first (`didDeselectItemAt`); then the item is
    /// selected and the delegate hears `didSelectItemAt`. An item outside the
    /// collection is ignored.
    public func userDidSelectItem(at indexPath: IndexPath) {
        guard contains(indexPath) else { return }
        if !allowsMultipleSelection {
            for previous in indexPathsForSelectedItems ?? [] where previous != indexPath {
                deselectItem(at: previous, animated: true)
                delegate?.collectionView(self, didDeselectItemAt: previous)
            }
        }
        selectItem(at: indexPath, animated: true)
        delegate?.collectionView(self, didSelectItemAt: indexPath)
    }

    /// A tap that deselects an item: the item is deselected, then the
    /// delegate hears `didDeselectItemAt`.
    public func userDidDeselectItem(at indexPath: IndexPath) {
        guard contains(indexPath) else { return }
        deselectItem(at: indexPath, animated: true)
        delegate?.collectionView(self, didDeselectItemAt: indexPath)
    }

    /// A front end's scroll brings `indexPaths` near: the prefetching data
    /// source hears of the items within the collection.
    public func userWillShowItems(at indexPaths: [IndexPath]) {
        let items = indexPaths.filter(contains)
        guard !items.isEmpty else { return }
        prefetchDataSource?.collectionView(self, prefetchItemsAt: items)
    }
}
