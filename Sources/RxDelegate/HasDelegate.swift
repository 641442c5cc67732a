/// An object with a `delegate`: proxies whose `Delegate` is that type get
/// `currentDelegate(for:)` and `setCurrentDelegate(_:to:)` for free.
public protocol HasDelegate: AnyObject {
    /// The delegate's type.
    associatedtype Delegate
    /// The current delegate.
    var delegate: Delegate? { get set }
}

/// An object with a `dataSource`: proxies whose `Delegate` is that type get
/// `currentDelegate(for:)` and `setCurrentDelegate(_:to:)` for free.
public protocol HasDataSource: AnyObject {
    /// The data source's type.
    associatedtype DataSource
    /// The current data source.
    var dataSource: DataSource? { get set }
}

extension DelegateProxyType where ParentObject: HasDelegate, Delegate == ParentObject.Delegate {
    /// The object's `delegate`.
    public static func currentDelegate(for object: ParentObject) -> Delegate? {
        object.delegate
    }

    /// Sets the object's `delegate`.
    public static func setCurrentDelegate(_ delegate: Delegate?, to object: ParentObject) {
        object.delegate = delegate
    }
}

extension DelegateProxyType where ParentObject: HasDataSource, Delegate == ParentObject.DataSource {
    /// The object's `dataSource`.
    public static func currentDelegate(for object: ParentObject) -> Delegate? {
        object.dataSource
    }

    /// Sets the object's `dataSource`.
    public static func setCurrentDelegate(_ delegate: Delegate?, to object: ParentObject) {
        object.dataSource = delegate
    }
}
