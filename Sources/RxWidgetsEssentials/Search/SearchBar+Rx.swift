extension Reactive where Base: SearchBar {
    /// The search bar's delegate proxy.
    public var delegate: DelegateProxy<SearchBar, SearchBarDelegate> {
        RxSearchBarDelegateProxy.proxy(for: base)
    }

    /// The text: current on subscription, then the bar's text after each
    /// change the person makes and when editing ends; completes when the bar
    /// goes away. Binding sets the text without telling the delegate, as a
    /// programmatic change in UIKit.
    public var text: ControlProperty<String?> {
        value
    }

    /// The text, as `text`.
    public var value: ControlProperty<String?> {
        let values = Observable<String?>.deferred { [weak searchBar = base as SearchBar] in
            guard let searchBar else { return .empty() }
            let changes = Observable<Void>.merge(
                searchBar.rx.delegate.methodInvoked(.textDidChange).map { _ in () },
                searchBar.rx.delegate.methodInvoked(.textDidEndEditing)
            )
            return changes.map { [weak searchBar] in searchBar?.text ?? "" }.startWith(searchBar.text)
        }
        return ControlProperty(values: values.take(until: deallocated), valueSink: Binder(base) { searchBar, text in searchBar.text = text })
    }

    /// The chosen scope button: current on subscription, then each the
    /// person chooses; completes when the bar goes away.
    public var selectedScopeButtonIndex: ControlProperty<Int> {
        let values = Observable<Int>.deferred { [weak searchBar = base as SearchBar] in
            guard let searchBar else { return .empty() }
            return searchBar.rx.delegate.methodInvoked(.selectedScopeButtonIndexDidChange).startWith(searchBar.selectedScopeButtonIndex)
        }
        return ControlProperty(values: values.take(until: deallocated), valueSink: Binder(base) { searchBar, index in searchBar.selectedScopeButtonIndex = index })
    }

    /// Taps of the cancel button.
    public var cancelButtonClicked: ControlEvent<Void> {
        ControlEvent(events: delegate.methodInvoked(.cancelButtonClicked))
    }

    /// Taps of the bookmark button.
    public var bookmarkButtonClicked: ControlEvent<Void> {
        ControlEvent(events: delegate.methodInvoked(.bookmarkButtonClicked))
    }

    /// Taps of the results list button.
    public var resultsListButtonClicked: ControlEvent<Void> {
        ControlEvent(events: delegate.methodInvoked(.resultsListButtonClicked))
    }

    /// Taps of the search button.
    public var searchButtonClicked: ControlEvent<Void> {
        ControlEvent(events: delegate.methodInvoked(.searchButtonClicked))
    }

    /// Each start of editing.
    public var textDidBeginEditing: ControlEvent<Void> {
        ControlEvent(events: delegate.methodInvoked(.textDidBeginEditing))
    }

    /// Each end of editing.
    public var textDidEndEditing: ControlEvent<Void> {
        ControlEvent(events: delegate.methodInvoked(.textDidEndEditing))
    }

    /// Makes `delegate` the forward delegate of the bar's delegate proxy
    /// (held weakly) until the result is disposed.
    public func setDelegate(_ delegate: SearchBarDelegate) -> Disposable {
        RxSearchBarDelegateProxy.installForwardDelegate(delegate, retainDelegate: false, onProxyForObject: base)
    }
}
