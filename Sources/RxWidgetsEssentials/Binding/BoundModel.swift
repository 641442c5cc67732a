import FoundationEssentials

/// The model at `indexPath` of a bound data source, as `T`: what
/// `rx.model(at:)` of pickers and tables returns.
func boundModel<T>(of forwardDataSource: Any?, at indexPath: IndexPath, owner: AnyObject) throws -> T {
    guard let dataSource = forwardDataSource as? SectionedViewDataSourceType else {
        throw RxCocoaError.itemsNotYetBound(object: "\(type(of: owner))")
    }
    let model = try dataSource.model(at: indexPath)
    guard let typed = model as? T else {
        throw RxCocoaError.castingError(value: "\(model)", targetType: "\(T.self)")
    }
    return typed
}

/// Reads the model at an index path of `view`'s bound data source as `T`,
/// as `modelSelected` and its kin do; nil once the view or its proxy is
/// gone. The proxy is given once, not looked up per read: a view keeps its
/// proxy for life, and looking it up costs a dynamic cast.
func boundModelReader<T, Owner: AnyObject, DataSource>(of view: Owner, through dataSource: DelegateProxy<Owner, DataSource>) -> (IndexPath) throws -> T? {
    { [weak view, weak dataSource] indexPath in
        guard let view, let dataSource else { return nil }
        return try boundModel(of: dataSource.forwardToDelegate(), at: indexPath, owner: view)
    }
}

/// The model of each index path `indexPaths` sends, as `T` (`modelSelected` and its kin).
func boundModels<T, Owner: AnyObject, DataSource>(of indexPaths: ControlEvent<IndexPath>, in view: Owner, through dataSource: DelegateProxy<Owner, DataSource>) -> ControlEvent<T> {
    let model: (IndexPath) throws -> T? = boundModelReader(of: view, through: dataSource)
    return ControlEvent(events: indexPaths.compactMap { try model($0) })
}
