import FoundationEssentials

/// A collection view data source that receives the bound sequence's events.
public protocol RxCollectionViewDataSourceType {
    /// The bound element: the whole of the data.
    associatedtype Element
    /// Takes the new data (or the sequence's end) and updates the collection view.
    func collectionView(_ collectionView: CollectionView, observedEvent: Event<Element>)
}

/// The data source of `rx.items`: one section of models, a cell per model
/// from the cell factory.
public final class RxCollectionViewReactiveArrayDataSource<Sequence: Swift.Sequence>: CollectionViewDataSource, RxCollectionViewDataSourceType,
    SectionedViewDataSourceType {
    /// Makes the cell of an item from the collection view, its index and its model.
    public typealias CellFactory = (CollectionView, Int, Sequence.Element) -> CollectionViewCell
    private let cellFactory: CellFactory

    /// The bound models.
    public private(set) var itemModels: [Sequence.Element]?

    /// A data source with this cell factory.
    public init(cellFactory: @escaping CellFactory) {
        self.cellFactory = cellFactory
    }

    /// Takes the new models and reloads the collection view.
    public func collectionView(_ collectionView: CollectionView, observedEvent: Event<Sequence>) {
        guard case .next(let sequence) = observedEvent else { return }
        itemModels = Array(sequence)
        collectionView.reloadData()
    }

    /// The model of an item of section 0; `RxCocoaError.itemsNotYetBound` outside the models.
    public func model(at indexPath: IndexPath) throws -> Any {
        guard indexPath.section == 0, let itemModels, itemModels.indices.contains(indexPath.item) else {
            throw RxCocoaError.itemsNotYetBound(object: "\(type(of: self))")
        }
        return itemModels[indexPath.item]
    }

    /// The number of models.
    public func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int {
        section == 0 ? itemModels?.count ?? 0 : 0
    }

    /// The factory's cell for the item's model.
    public func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> CollectionViewCell {
        guard let itemModels, itemModels.indices.contains(indexPath.item) else {
            return CollectionViewCell()
        }
        return cellFactory(collectionView, indexPath.item, itemModels[indexPath.item])
    }
}
