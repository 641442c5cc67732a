import FoundationEssentials

/// A table data source that receives the bound sequence's events.
public protocol RxTableViewDataSourceType {
    /// The bound element: the whole of the data.
    associatedtype Element
    /// Takes the new data (or the sequence's end) and updates the table.
    func tableView(_ tableView: TableView, observedEvent: Event<Element>)
}

/// The data source of `rx.items`: one section of models, a cell per model
/// from the cell factory.
public final class RxTableViewReactiveArrayDataSource<Sequence: Swift.Sequence>: TableViewDataSource, RxTableViewDataSourceType, SectionedViewDataSourceType {
    /// Makes the cell of a row from its index and model.
    public typealias CellFactory = (TableView, Int, Sequence.Element) -> TableViewCell

    private let cellFactory: CellFactory
    /// The bound models.
    public private(set) var itemModels: [Sequence.Element]?

    /// A data source with this cell factory.
    public init(cellFactory: @escaping CellFactory) {
        self.cellFactory = cellFactory
    }

    /// Takes the new models and reloads the table.
    public func tableView(_ tableView: TableView, observedEvent: Event<Sequence>) {
        guard case .next(let sequence) = observedEvent else { return }
        itemModels = Array(sequence)
        tableView.reloadData()
    }

    /// The model of a row of section 0; `RxCocoaError.itemsNotYetBound` outside the models.
    public func model(at indexPath: IndexPath) throws -> Any {
        guard indexPath.section == 0, let itemModels, itemModels.indices.contains(indexPath.row) else {
            throw RxCocoaError.itemsNotYetBound(object: "\(type(of: self))")
        }
        return itemModels[indexPath.row]
    }

    /// The number of models.
    public func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int {
        section == 0 ? itemModels?.count ?? 0 : 0
    }

    /// The factory's cell for the row's model.
    public func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        guard let itemModels, itemModels.indices.contains(indexPath.row) else {
            return TableViewCell(style: .default, reuseIdentifier: nil)
        }
        return cellFactory(tableView, indexPath.row, itemModels[indexPath.row])
    }
}
