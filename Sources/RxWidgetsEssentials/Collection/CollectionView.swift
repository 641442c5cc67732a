import FoundationEssentials

/// The headless `UICollectionView`: sections of items whose cells come from
/// `dataSource`, a layout a front end arranges them by, and a selection.
///
/// Like UIKit it reads the data source when first asked and again on
/// `reloadData()`. Selecting programmatically (`selectItem`, `deselectItem`)
/// does not call the delegate; a user's gesture (`userDidSelectItem`) is the
/// selection followed by the delegate call.
open class CollectionView: View, HasDelegate, HasDataSource {
    /// The delegate's type.
    public typealias Delegate = CollectionViewDelegate
    /// The data source's type.
    public typealias DataSource = CollectionViewDataSource

    /// The data source, held weakly.
    public weak var dataSource: CollectionViewDataSource? {
        didSet { loadedCounts = nil }
    }
    /// The delegate, held weakly.
    public weak var delegate: CollectionViewDelegate?
    /// Hears which items will soon be shown; held weakly.
    public weak var prefetchDataSource: CollectionViewDataSourcePrefetching?
    /// How a front end arranges the cells.
    open var collectionViewLayout: CollectionViewLayout
    /// Whether several items may be selected at once; turning it off keeps only the first.
    public var allowsMultipleSelection = false {
        didSet {
            if !allowsMultipleSelection, selected.count > 1 {
                selected = [selected[0]]
            }
        }
    }

    private var registered: [String: CollectionViewCell.Type] = [:]
    private var loadedCounts: [Int]?
    private var selected: [IndexPath] = []

    /// An empty collection view arranged by `layout`.
    public init(collectionViewLayout layout: CollectionViewLayout) {
        collectionViewLayout = layout
        super.init()
    }

    /// An empty collection view in `rectangle`, arranged by `layout`.
    public convenience init(rectangle: Rect, collectionViewLayout layout: CollectionViewLayout) {
        self.init(collectionViewLayout: layout)
        self.rectangle = rectangle
    }

    /// Registers the class `dequeueReusableCell(withReuseIdentifier:for:)`
    /// makes for `identifier`; nil, or a class that is not a
    /// `CollectionViewCell`, unregisters it.
    public func register(_ cellClass: AnyClass?, forCellWithReuseIdentifier identifier: String) {
        registered[identifier] = cellClass as? CollectionViewCell.Type
    }

    /// A new cell of the class registered for `identifier`, or a plain cell.
    public func dequeueReusableCell(withReuseIdentifier identifier: String, for indexPath: IndexPath) -> CollectionViewCell {
        let cell = registered[identifier]?.init() ?? CollectionViewCell()
        cell.reuseIdentifier = identifier
        return cell
    }

    private var counts: [Int] {
        if let loadedCounts {
            return loadedCounts
        }
        reloadData()
        return loadedCounts ?? []
    }

    /// The number of sections.
    public var numberOfSections: Int {
        counts.count
    }

    /// The number of items in `section`; 0 outside the sections.
    public func numberOfItems(inSection section: Int) -> Int {
        counts.indices.contains(section) ? counts[section] : 0
    }

    /// Whether `indexPath` is an item of the collection.
    public func contains(_ indexPath: IndexPath) -> Bool {
        indexPath.count == 2 && indexPath.item >= 0 && indexPath.item < numberOfItems(inSection: indexPath.section)
    }

    /// Reads the sections and items from the data source again; a selected
    /// item no longer there is deselected.
    public func reloadData() {
        let sections = max(dataSource?.numberOfSections(in: self) ?? 0, 0)
        let loaded = (0..<sections).map { max(dataSource?.collectionView(self, numberOfItemsInSection: $0) ?? 0, 0) }
        loadedCounts = loaded
        selected.removeAll { !contains($0) }
        setNeedsLayout()
    }

    /// An item's cell, from the data source; nil outside the items.
    public func cellForItem(at indexPath: IndexPath) -> CollectionViewCell? {
        guard contains(indexPath) else { return nil }
        let cell = dataSource?.collectionView(self, cellForItemAt: indexPath)
        cell?.isSelected = selected.contains(indexPath)
        return cell
    }

    /// The selected items, in the order they were selected; nil when none is.
    public var indexPathsForSelectedItems: [IndexPath]? {
        selected.isEmpty ? nil : selected
    }

    /// Selects an item without calling the delegate; without multiple
    /// selection it replaces the selection, and nil clears it. An item
    /// outside the collection is ignored.
    public func selectItem(at indexPath: IndexPath?, animated: Bool) {
        guard let indexPath else {
            selected = []
            return
        }
        guard contains(indexPath), !selected.contains(indexPath) else { return }
        selected = allowsMultipleSelection ? selected + [indexPath] : [indexPath]
    }

    /// Deselects an item without calling the delegate.
    public func deselectItem(at indexPath: IndexPath, animated: Bool) {
        selected.removeAll { $0 == indexPath }
    }
}
