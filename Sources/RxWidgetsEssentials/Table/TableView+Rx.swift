import FoundationEssentials

extension Reactive where Base: TableView {
    /// The table's delegate proxy.
    public var delegate: DelegateProxy<TableView, TableViewDelegate> {
        RxTableViewDelegateProxy.proxy(for: base)
    }

    /// The table's data-source proxy.
    public var dataSource: DelegateProxy<TableView, TableViewDataSource> {
        RxTableViewDataSourceProxy.proxy(for: base)
    }

    /// Makes `delegate` the forward delegate of the table's delegate proxy
    /// (held weakly) until the result is disposed.
    public func setDelegate(_ delegate: TableViewDelegate) -> Disposable {
        RxTableViewDelegateProxy.installForwardDelegate(delegate, retainDelegate: false, onProxyForObject: base)
    }

    /// Makes `dataSource` the forward data source of the table's proxy (held
    /// weakly) until the result is disposed.
    public func setDataSource(_ dataSource: TableViewDataSource) -> Disposable {
        RxTableViewDataSourceProxy.installForwardDelegate(dataSource, retainDelegate: false, onProxyForObject: base)
    }

    /// Binds each sequence of models as the table's one section, with cells
    /// from `cellFactory`: `items.bind(to: table.rx.items) { table, row, item in ... }`.
    public func items<Sequence: Swift.Sequence, Source: ObservableType>(_ source: Source)
        -> (_ cellFactory: @escaping (TableView, Int, Sequence.Element) -> TableViewCell) -> Disposable where Source.Element == Sequence {
        { cellFactory in
            items(dataSource: RxTableViewReactiveArrayDataSource<Sequence>(cellFactory: cellFactory))(source)
        }
    }

    /// Binds each sequence of models as the table's one section, with cells
    /// of `cellType` dequeued for `cellIdentifier` and set up by `configureCell`.
    public func items<Sequence: Swift.Sequence, Cell: TableViewCell, Source: ObservableType>(cellIdentifier: String, cellType: Cell.Type = Cell.self)
        -> (_ source: Source) -> (_ configureCell: @escaping (Int, Sequence.Element, Cell) -> Void) -> Disposable where Source.Element == Sequence {
        { source in
            { configureCell in
                let dataSource = RxTableViewReactiveArrayDataSource<Sequence> { table, row, item in
                    let dequeued = table.dequeueReusableCell(withIdentifier: cellIdentifier, for: IndexPath(row: row, section: 0))
                    let cell = dequeued as? Cell ?? Cell(style: .default, reuseIdentifier: cellIdentifier)
                    configureCell(row, item, cell)
                    return cell
                }
                return items(dataSource: dataSource)(source)
            }
        }
    }

    /// Binds the sequence through `dataSource`, which becomes the table's
    /// forward data source (retained by the binding).
    public func items<DataSource: RxTableViewDataSourceType & TableViewDataSource, Source: ObservableType>(dataSource: DataSource)
        -> (_ source: Source) -> Disposable where DataSource.Element == Source.Element {
        { source in
            source.subscribeProxyDataSource(
                ofObject: base as TableView,
                dataSource: dataSource as TableViewDataSource,
                retainDataSource: true
            ) { [weak tableView = base as TableView] (_: RxTableViewDataSourceProxy, event) in
                guard let tableView else { return }
                dataSource.tableView(tableView, observedEvent: event)
            }
        }
    }

    /// The user's selections.
    public var itemSelected: ControlEvent<IndexPath> {
        ControlEvent(events: delegate.methodInvoked(.didSelectRowAt))
    }

    /// The user's deselections.
    public var itemDeselected: ControlEvent<IndexPath> {
        ControlEvent(events: delegate.methodInvoked(.didDeselectRowAt))
    }

    /// The user's taps on accessory buttons.
    public var itemAccessoryButtonTapped: ControlEvent<IndexPath> {
        ControlEvent(events: delegate.methodInvoked(.accessoryButtonTapped))
    }

    /// The rows the user's touch (or a front end's cursor) came onto.
    public var itemHighlighted: ControlEvent<IndexPath> {
        ControlEvent(events: delegate.methodInvoked(.didHighlightRowAt))
    }

    /// The rows it left.
    public var itemUnhighlighted: ControlEvent<IndexPath> {
        ControlEvent(events: delegate.methodInvoked(.didUnhighlightRowAt))
    }

    /// Each cell about to be shown, with its row.
    public var willDisplayCell: ControlEvent<WillDisplayCellEvent> {
        ControlEvent(events: delegate.methodInvoked(.willDisplayCell))
    }

    /// Each cell no longer shown, with the row it showed.
    public var didEndDisplayingCell: ControlEvent<DidEndDisplayingCellEvent> {
        ControlEvent(events: delegate.methodInvoked(.didEndDisplayingCell))
    }

    /// The table's prefetching proxy.
    public var prefetchDataSource: DelegateProxy<TableView, TableViewDataSourcePrefetching> {
        RxTableViewDataSourcePrefetchingProxy.proxy(for: base)
    }

    /// Makes `prefetchDataSource` the forward prefetch data source of the
    /// table's proxy (held weakly) until the result is disposed.
    public func setPrefetchDataSource(_ prefetchDataSource: TableViewDataSourcePrefetching) -> Disposable {
        RxTableViewDataSourcePrefetchingProxy.installForwardDelegate(prefetchDataSource, retainDelegate: false, onProxyForObject: base)
    }

    /// The rows the table expects to show soon, each time it does.
    public var prefetchRows: ControlEvent<[IndexPath]> {
        ControlEvent(events: prefetchDataSource.methodInvoked(.prefetchRowsAt))
    }

    /// Rows prefetched earlier that it no longer expects to show.
    public var cancelPrefetchingForRows: ControlEvent<[IndexPath]> {
        ControlEvent(events: prefetchDataSource.methodInvoked(.cancelPrefetchingForRowsAt))
    }

    /// The rows the user inserted.
    public var itemInserted: ControlEvent<IndexPath> {
        edits(.insert)
    }

    /// The rows the user deleted.
    public var itemDeleted: ControlEvent<IndexPath> {
        edits(.delete)
    }

    private func edits(_ style: TableViewCell.EditingStyle) -> ControlEvent<IndexPath> {
        ControlEvent(events: dataSource.methodInvoked(.commitEditingStyle).filter { $0.editingStyle == style }.map(\.indexPath))
    }

    /// The rows the user moved.
    public var itemMoved: ControlEvent<ItemMovedEvent> {
        ControlEvent(events: dataSource.methodInvoked(.moveRowAt))
    }

    /// The model of each selected row, as `T`.
    public func modelSelected<T>(_ modelType: T.Type) -> ControlEvent<T> {
        models(of: itemSelected)
    }

    /// The model of each deselected row, as `T`.
    public func modelDeselected<T>(_ modelType: T.Type) -> ControlEvent<T> {
        models(of: itemDeselected)
    }

    /// The model of each deleted row, as `T`, read when the user deletes it
    /// (before the application removes it).
    public func modelDeleted<T>(_ modelType: T.Type) -> ControlEvent<T> {
        models(of: itemDeleted)
    }

    private func models<T>(of indexPaths: ControlEvent<IndexPath>) -> ControlEvent<T> {
        boundModels(of: indexPaths, in: base as TableView, through: dataSource)
    }

    /// Reads the bound model at a row as `T`, as `modelSelected`,
    /// `modelDeselected` and `modelDeleted` do; nil once the table is gone.
    /// Throws when the model is missing or not a `T`. The data-source proxy
    /// is looked up once, not per read: the table keeps its proxy for life,
    /// and looking it up costs a dynamic cast.
    public func modelReader<T>(_ modelType: T.Type) -> (IndexPath) throws -> T? {
        boundModelReader(of: base as TableView, through: dataSource)
    }

    /// The bound model at `indexPath`, as `T`.
    public func model<T>(at indexPath: IndexPath) throws -> T {
        try boundModel(of: dataSource.forwardToDelegate(), at: indexPath, owner: base)
    }
}
