extension ObservableType {
    /// Installs `dataSource` as the forward data source of the object's proxy
    /// and feeds it this sequence's events through `binding`, on the main
    /// scheduler, until the object goes away or the result is disposed.
    ///
    /// The sequence never ends the binding by completing (the data source
    /// keeps its items); an error is reported as a binding error and
    /// uninstalls the data source. A delegate changed behind the proxy's back
    /// is reported as `DelegateProxyError.proxyChanged`.
    public func subscribeProxyDataSource<Proxy: DelegateProxyType>(
        ofObject object: Proxy.ParentObject,
        dataSource: Proxy.Delegate,
        retainDataSource: Bool,
        binding: @escaping (Proxy, Event<Element>) -> Void
    ) -> Disposable where Proxy.ParentObject: DelegateProxyHost {
        let proxy = Proxy.proxy(for: object)
        let unregisterDelegate = Proxy.installForwardDelegate(dataSource, retainDelegate: retainDataSource, onProxyForObject: object)
        let subscription = asObservable()
            .observe(on: MainScheduler())
            .catch { error in
                Hooks.defaultErrorHandler([], BindingError(error: error))
                return .empty()
            }
            .concat(Observable.never())
            .take(until: object.delegateProxyStorage.deallocated)
            .subscribe { [weak object] (event: Event<Element>) in
                if let object {
                    Proxy.checkProxyIsInstalled(proxy, on: object)
                }
                binding(proxy, event)
                if event.isStopEvent {
                    unregisterDelegate.dispose()
                }
            }
        return Disposables.create(subscription, unregisterDelegate)
    }
}
