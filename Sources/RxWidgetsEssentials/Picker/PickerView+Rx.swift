import FoundationEssentials

extension Reactive where Base: PickerView {
    /// The picker's delegate proxy.
    public var delegate: DelegateProxy<PickerView, PickerViewDelegate> {
        RxPickerViewDelegateProxy.proxy(for: base)
    }

    /// The picker's data-source proxy.
    public var dataSource: DelegateProxy<PickerView, PickerViewDataSource> {
        RxPickerViewDataSourceProxy.proxy(for: base)
    }

    /// Makes `delegate` the forward delegate of the picker's delegate proxy
    /// (held weakly) until the result is disposed.
    public func setDelegate(_ delegate: PickerViewDelegate) -> Disposable {
        RxPickerViewDelegateProxy.installForwardDelegate(delegate, retainDelegate: false, onProxyForObject: base)
    }

    /// The user's selections, as `(row, component)`.
    public var itemSelected: ControlEvent<(row: Int, component: Int)> {
        let source = delegate.methodInvoked(.didSelectRow).map { (row: $0.row, component: $0.component) }
        return ControlEvent(events: source)
    }

    /// On each selection, the selected model of every component, as `T`.
    /// Ends with an error when a model is missing or not a `T`.
    public func modelSelected<T>(_ modelType: T.Type) -> ControlEvent<[T]> {
        let selectedModels = selectedModelsReader(modelType)
        return ControlEvent(events: itemSelected.compactMap { _ in try selectedModels() })
    }

    /// Reads every component's selected model as `T`, as `modelSelected`
    /// emits them; nil once the picker is gone. Throws when a model is
    /// missing or not a `T`. The data-source proxy is looked up once, not
    /// per read: the picker keeps its proxy for life, and looking it up
    /// costs a dynamic cast.
    public func selectedModelsReader<T>(_ modelType: T.Type) -> () throws -> [T]? {
        { [weak view = base as PickerView, weak dataSource] in
            guard let view, let dataSource else { return nil }
            let bound = dataSource.forwardToDelegate()
            return try view.rowsOfSelectedModels().map { try boundModel(of: bound, at: $0, owner: view) }
        }
    }

    /// The bound model at `indexPath` (`section` is the component), as `T`.
    public func model<T>(at indexPath: IndexPath) throws -> T {
        try boundModel(of: dataSource.forwardToDelegate(), at: indexPath, owner: base)
    }

    /// Binds each sequence of models as the picker's rows, titled by `titleForRow`:
    /// `items.bind(to: picker.rx.itemTitles) { row, item in "\(item)" }`.
    public func itemTitles<Sequence: Swift.Sequence, Source: ObservableType>(_ source: Source)
        -> (_ titleForRow: @escaping (Int, Sequence.Element) -> String?) -> Disposable where Source.Element == Sequence {
        { titleForRow in
            items(adapter: RxStringPickerViewAdapter<Sequence>(titleForRow: titleForRow))(source)
        }
    }

    /// Binds each sequence of models as the picker's rows, with attributed titles.
    public func itemAttributedTitles<Sequence: Swift.Sequence, Source: ObservableType>(_ source: Source)
        -> (_ attributedTitleForRow: @escaping (Int, Sequence.Element) -> AttributedString?) -> Disposable where Source.Element == Sequence {
        { attributedTitleForRow in
            items(adapter: RxAttributedStringPickerViewAdapter<Sequence>(attributedTitleForRow: attributedTitleForRow))(source)
        }
    }

    /// Binds each sequence of models as the picker's rows, shown as views.
    public func items<Sequence: Swift.Sequence, Source: ObservableType>(_ source: Source)
        -> (_ viewForRow: @escaping (Int, Sequence.Element, View?) -> View) -> Disposable where Source.Element == Sequence {
        { viewForRow in
            items(adapter: RxPickerViewAdapter<Sequence>(viewForRow: viewForRow))(source)
        }
    }

    /// Binds the sequence through `adapter`, which becomes the forward data
    /// source (retained) and forward delegate (weak, kept alive by the binding).
    public func items<Source: ObservableType, Adapter: RxPickerViewDataSourceType & PickerViewDataSource & PickerViewDelegate>(adapter: Adapter)
        -> (_ source: Source) -> Disposable where Source.Element == Adapter.Element {
        { source in
            let delegateSubscription = setDelegate(adapter)
            let dataSourceSubscription = source.subscribeProxyDataSource(
                ofObject: base as PickerView,
                dataSource: adapter as PickerViewDataSource,
                retainDataSource: true
            ) { [weak pickerView = base as PickerView] (_: RxPickerViewDataSourceProxy, event) in
                guard let pickerView else { return }
                adapter.pickerView(pickerView, observedEvent: event)
            }
            return Disposables.create(delegateSubscription, dataSourceSubscription)
        }
    }
}
