import FoundationEssentials

extension Reactive where Base: CollectionView {
    /// The collection view's delegate proxy.
    public var delegate: DelegateProxy<CollectionView, CollectionViewDelegate> {
        RxCollectionViewDelegateProxy.proxy(for: base)
    }

    /// The collection view's data-source proxy.
    public var dataSource: DelegateProxy<CollectionView, CollectionViewDataSource> {
        RxCollectionViewDataSourceProxy.proxy(for: base)
    }

    /// The collection view's prefetching proxy.
    public var prefetchDataSource: DelegateProxy<CollectionView, CollectionViewDataSourcePrefetching> {
        RxCollectionViewDataSourcePrefetchingProxy.proxy(for: base)
    }

    /// Makes `delegate` the forward delegate of the collection view's
    /// delegate proxy (held weakly) until the result is disposed.
    public func setDelegate(_ delegate: CollectionViewDelegate) -> Disposable {
        RxCollectionViewDelegateProxy.installForwardDelegate(delegate, retainDelegate: false, onProxyForObject: base)
    }

    /// Makes `dataSource` the forward data source of the collection view's
    /// proxy (held weakly) until the result is disposed.
    public func setDataSource(_ dataSource: CollectionViewDataSource) -> Disposable {
        RxCollectionViewDataSourceProxy.installForwardDelegate(dataSource, retainDelegate: false, onProxyForObject: base)
    }

    /// Binds each sequence of models as the collection's one section, with
    /// cells from `cellFactory`: `items.bind(to: grid.rx.items) { grid, item, model in ... }`.
    public func items<Sequence: Swift.Sequence, Source: ObservableType>(_ source: Source)
        -> (_ cellFactory: @escaping (CollectionView, Int, Sequence.Element) -> CollectionViewCell) -> Disposable where Source.Element == Sequence {
        { cellFactory in
            items(dataSource: RxCollectionViewReactiveArrayDataSource<Sequence>(cellFactory: cellFactory))(source)
        }
    }

    /// Binds each sequence of models as the collection's one section, with
    /// cells of `cellType` dequeued for `cellIdentifier` and set up by `configureCell`.
    public func items<Sequence: Swift.Sequence, Cell: CollectionViewCell, Source: ObservableType>(cellIdentifier: String, cellType: Cell.Type = Cell.self)
        -> (_ source: Source) -> (_ configureCell: @escaping (Int, Sequence.Element, Cell) -> Void) -> Disposable where Source.Element == Sequence {
        { source in
            { configureCell in
                let dataSource = RxCollectionViewReactiveArrayDataSource<Sequence> { collectionView, item, model in
                    let dequeued = collectionView.dequeueReusableCell(withReuseIdentifier: cellIdentifier, for: IndexPath(item: item, section: 0))
                    let cell = dequeued as? Cell ?? Cell()
                    configureCell(item, model, cell)
                    return cell
                }
                return items(dataSource: dataSource)(source)
            }
        }
    }

    /// Binds the sequence through `dataSource`, which becomes the collection
    /// view's forward data source (retained by the binding).
    public func items<DataSource: RxCollectionViewDataSourceType & CollectionViewDataSource, Source: ObservableType>(dataSource: DataSource)
        -> (_ source: Source) -> Disposable where DataSource.Element == Source.Element {
        { source in
            source.subscribeProxyDataSource(
                ofObject: base as CollectionView,
                dataSource: dataSource as CollectionViewDataSource,
                retainDataSource: true
            ) { [weak collectionView = base as CollectionView] (_: RxCollectionViewDataSourceProxy, event) in
                guard let collectionView else { return }
                dataSource.collectionView(collectionView, observedEvent: event)
            }
        }
    }

    /// The user's selections.
    public var itemSelected: ControlEvent<IndexPath> {
        ControlEvent(events: delegate.methodInvoked(.didSelectItemAt))
    }

    /// The user's deselections.
    public var itemDeselected: ControlEvent<IndexPath> {
        ControlEvent(events: delegate.methodInvoked(.didDeselectItemAt))
    }

    /// The items the collection view will soon show.
    public var prefetchItems: ControlEvent<[IndexPath]> {
        ControlEvent(events: prefetchDataSource.methodInvoked(.prefetchItemsAt))
    }

    /// The items no longer about to be shown.
    public var cancelPrefetchingForItems: ControlEvent<[IndexPath]> {
        ControlEvent(events: prefetchDataSource.methodInvoked(.cancelPrefetchingForItemsAt))
    }

    /// The model of each selected item, as `T`.
    public func modelSelected<T>(_ modelType: T.Type) -> ControlEvent<T> {
        models(of: itemSelected)
    }

    /// The model of each deselected item, as `T`.
    public func modelDeselected<T>(_ modelType: T.Type) -> ControlEvent<T> {
        models(of: itemDeselected)
    }

    private func models<T>(of indexPaths: ControlEvent<IndexPath>) -> ControlEvent<T> {
        boundModels(of: indexPaths, in: base as CollectionView, through: dataSource)
    }

    /// The bound model at `indexPath`, as `T`.
    public func model<T>(at indexPath: IndexPath) throws -> T {
        try boundModel(of: dataSource.forwardToDelegate(), at: indexPath, owner: base)
    }
}
