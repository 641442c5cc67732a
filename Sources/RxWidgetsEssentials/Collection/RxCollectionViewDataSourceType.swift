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

    private var bound = ReactiveArrayModels<Sequence.Element>()

    /// The bound models.
    public var itemModels: [Sequence.Element]? {
        bound.models
    }

    /// A data source with this cell factory.
    public init(cellFactory: @escaping CellFactory) {
        self.cellFactory = cellFactory
    }

    /// Takes the new models and reloads the collection view.
    public func collectionView(_ collectionView: CollectionView, observedEvent: Event<Sequence>) {
        if bound.take(observedEvent) {
            collectionView.reloadData()
        }
    }

    /// The model of an item of section 0; `RxCocoaError.itemsNotYetBound` outside the models.
    public func model(at indexPath: IndexPath) throws -> Any {
        try bound.boundModel(at: indexPath, owner: self)
    }

    /// The number of models.
    public func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int {
        bound.count(inSection: section)
    }

    /// The factory's cell for the item's model.
    public func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> CollectionViewCell {
        guard let model = bound.model(at: indexPath) else {
            return CollectionViewCell()
        }
        return cellFactory(collectionView, indexPath.item, model)
    }
}
