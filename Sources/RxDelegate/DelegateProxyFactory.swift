import RxCoreEssentials

/// The factories of the proxies of one delegate type, by parent class:
/// RxCocoa's registry of `DelegateProxyFactory`s, keyed by type instead of
/// by Objective-C class. Keyed by the delegate type, as RxCocoa's, so a
/// proxy subclass registered for a subclass of the parent extends the
/// proxies of the same delegate.
final class DelegateProxyFactory {
    // Touched only on the main thread, which owns every widget and proxy:
    // `factory(for:)` checks it before any access.
    nonisolated(unsafe) private static var factories: [ObjectIdentifier: DelegateProxyFactory] = [:]

    private var makers: [ObjectIdentifier: (AnyObject) -> AnyObject?] = [:]
    private let proxyTypeName: String

    private init(proxyTypeName: String) {
        self.proxyTypeName = proxyTypeName
    }

    /// The factory of `proxyType`'s delegate type, calling `proxyType`'s
    /// `registerKnownImplementations()` when it is first used.
    static func factory<Proxy: DelegateProxyType>(for proxyType: Proxy.Type) -> DelegateProxyFactory {
        precondition(MainLoop.shared.isCurrent, "delegate proxies live on the main thread")
        let key = ObjectIdentifier(Proxy.Delegate.self)
        if let factory = factories[key] {
            return factory
        }
        let factory = DelegateProxyFactory(proxyTypeName: "\(proxyType)")
        factories[key] = factory
        proxyType.registerKnownImplementations()
        return factory
    }

    func register(_ parentType: AnyClass, make: @escaping (AnyObject) -> AnyObject?) {
        makers[ObjectIdentifier(parentType)] = make
    }

    /// A new proxy for `object`, made by the factory registered for its class
    /// or the nearest superclass that has one.
    func makeProxy<Proxy>(for object: AnyObject, type: Proxy.Type) -> Proxy {
        var candidate: AnyClass? = Swift.type(of: object)
        while let current = candidate {
            if let make = makers[ObjectIdentifier(current)], let proxy = make(object) as? Proxy {
                return proxy
            }
            candidate = _getSuperclass(current)
        }
        // No factory means the proxy type forgot to register one: a mistake in
        // code, not in input, that no caller could recover from.
        preconditionFailure("\(proxyTypeName) has no factory for \(Swift.type(of: object)); register one in registerKnownImplementations()")
    }
}
