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
