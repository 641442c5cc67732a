import RxCoreEssentials

/// A proxy that stands as an object's delegate (or data source), publishes
/// every delegate call as observable events and forwards it to a forward
/// delegate. RxCocoa's `DelegateProxyType`, without the Objective-C runtime.
///
/// A proxy type registers its factories in `registerKnownImplementations()`;
/// `proxy(for:)` then gives each object exactly one proxy of the type,
/// installed as its delegate for as long as the object lives.
public protocol DelegateProxyType: AnyObject {
    /// The type of the object whose delegate the proxy is: any class; a
    /// `DelegateProxyHost` keeps its proxies itself (see `DelegateProxyStorage.of(_:)`).
    associatedtype ParentObject: AnyObject
    /// The delegate type the proxy implements and forwards to.
    associatedtype Delegate

    /// Registers the factories of this proxy type, with `register(make:)`.
    static func registerKnownImplementations()

    /// The object's current delegate.
    static func currentDelegate(for object: ParentObject) -> Delegate?

    /// Sets the object's delegate.
    static func setCurrentDelegate(_ delegate: Delegate?, to object: ParentObject)

    /// The delegate that calls are forwarded to.
    func forwardToDelegate() -> Delegate?

    /// Sets the delegate that calls are forwarded to, held strongly when `retainDelegate`.
    func setForwardToDelegate(_ forwardToDelegate: Delegate?, retainDelegate: Bool)
}

extension DelegateProxyType {
    /// Registers a factory making this proxy type for objects of type `Parent`
    /// (and its subclasses, unless a subclass has a factory of its own).
    public static func register<Parent: AnyObject>(make: @escaping (Parent) -> Self) {
        DelegateProxyFactory.factory(for: Self.self).register(Parent.self) { object in
            (object as? Parent).map(make)
        }
    }

    /// A new proxy of this type for `object`, made by the factory registered
    /// for its class or the nearest superclass that has one — possibly a
    /// subclass of this type another proxy registered for the same delegate
    /// type — and neither kept nor installed.
    public static func createProxy(for object: ParentObject) -> Self {
        DelegateProxyFactory.factory(for: Self.self).makeProxy(for: object, type: Self.self)
    }

    /// The object's proxy of this type: created by the registered factory the
    /// first time, kept by the object, and installed as its delegate. A
    /// delegate that was set before becomes the proxy's forward delegate.
    public static func proxy(for object: ParentObject) -> Self {
        let storage = DelegateProxyStorage.of(object)
        let proxy: Self
        if let existing = storage.proxy(for: Self.self) as? Self {
            proxy = existing
        } else {
            proxy = createProxy(for: object)
            storage.setProxy(proxy, for: Self.self)
        }
        let current = currentDelegate(for: object)
        if !isSameObject(current, proxy) {
            proxy.setForwardToDelegate(current, retainDelegate: false)
            guard let asDelegate = proxy as? Delegate else {
                DelegateProxyDiagnostics.report(.proxyIsNotDelegate(proxy: "\(Self.self)"))
                return proxy
            }
            setCurrentDelegate(asDelegate, to: object)
        }
        return proxy
    }

    /// Makes `forwardDelegate` the forward delegate of the object's proxy until
    /// the returned disposable is disposed. A forward delegate already in place
    /// is reported as `DelegateProxyError.delegateAlreadySet` and replaced.
    public static func installForwardDelegate(_ forwardDelegate: Delegate, retainDelegate: Bool, onProxyForObject object: ParentObject) -> Disposable {
        let proxy = self.proxy(for: object)
        if let existing = proxy.forwardToDelegate(), !isSameObject(existing, forwardDelegate) {
            DelegateProxyDiagnostics.report(.delegateAlreadySet(proxy: "\(Self.self)", existing: "\(type(of: existing))"))
        }
        proxy.setForwardToDelegate(forwardDelegate, retainDelegate: retainDelegate)
        weak let installed = forwardDelegate as AnyObject
        return Disposables.create { [weak proxy] in
            guard let proxy else { return }
            let current = proxy.forwardToDelegate()
            if current == nil || (installed != nil && isSameObject(current, installed)) {
                proxy.setForwardToDelegate(nil, retainDelegate: retainDelegate)
            }
        }
    }

    /// Reports `DelegateProxyError.proxyChanged` when the object's delegate is
    /// no longer `proxy`; true when it still is.
    @discardableResult
    public static func checkProxyIsInstalled(_ proxy: Self, on object: ParentObject) -> Bool {
        let current = currentDelegate(for: object)
        guard isSameObject(current, proxy) else {
            let currentName = current.map { "\(type(of: $0))" } ?? "nil"
            DelegateProxyDiagnostics.report(.proxyChanged(proxy: "\(Self.self)", current: currentName))
            return false
        }
        return true
    }
}

/// True when both are the same object (delegates are class instances).
func isSameObject(_ lhs: Any?, _ rhs: Any?) -> Bool {
    guard let lhs, let rhs else { return false }
    return (lhs as AnyObject) === (rhs as AnyObject)
}
