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
    private var bound = ReactiveArrayModels<Sequence.Element>()

    /// The bound models.
    public var itemModels: [Sequence.Element]? {
        bound.models
    }

    /// A data source with this cell factory.
    public init(cellFactory: @escaping CellFactory) {
        self.cellFactory = cellFactory
    }

    /// Takes the new models and reloads the table.
    public func tableView(_ tableView: TableView, observedEvent: Event<Sequence>) {
        if bound.take(observedEvent) {
            tableView.reloadData()
        }
    }

    /// The model of a row of section 0; `RxCocoaError.itemsNotYetBound` outside the models.
    public func model(at indexPath: IndexPath) throws -> Any {
        try bound.boundModel(at: indexPath, owner: self)
    }

    /// The number of models.
    public func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int {
        bound.count(inSection: section)
    }

    /// The factory's cell for the row's model.
    public func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        guard let model = bound.model(at: indexPath) else {
            return TableViewCell(style: .default, reuseIdentifier: nil)
        }
        return cellFactory(tableView, indexPath.row, model)
    }
}
