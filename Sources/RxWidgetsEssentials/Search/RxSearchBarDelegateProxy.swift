/// The search bar's delegate proxy: publishes every delegate call and forwards it.
open class RxSearchBarDelegateProxy: DelegateProxy<SearchBar, SearchBarDelegate>, DelegateProxyType, SearchBarDelegate {
    /// The search bar.
    public weak private(set) var searchBar: SearchBar?

    /// The proxy of `searchBar`.
    public init(searchBar: SearchBar) {
        self.searchBar = searchBar
        super.init(parentObject: searchBar, delegateProxy: RxSearchBarDelegateProxy.self)
    }

    /// Registers the factory for search bars.
    public static func registerKnownImplementations() {
        register { RxSearchBarDelegateProxy(searchBar: $0) }
    }

    /// Forwards; true without a forward delegate.
    public func searchBarShouldBeginEditing(_ searchBar: SearchBar) -> Bool {
        forwardToDelegate()?.searchBarShouldBeginEditing(searchBar) ?? true
    }

    /// Publishes the start of editing and forwards it.
    public func searchBarTextDidBeginEditing(_ searchBar: SearchBar) {
        invoke(.textDidBeginEditing, with: ()) { $0.searchBarTextDidBeginEditing(searchBar) }
    }

    /// Forwards; true without a forward delegate.
    public func searchBarShouldEndEditing(_ searchBar: SearchBar) -> Bool {
        forwardToDelegate()?.searchBarShouldEndEditing(searchBar) ?? true
    }

    /// Publishes the end of editing and forwards it.
    public func searchBarTextDidEndEditing(_ searchBar: SearchBar) {
        invoke(.textDidEndEditing, with: ()) { $0.searchBarTextDidEndEditing(searchBar) }
    }

    /// Publishes the new text and forwards it.
    public func searchBar(_ searchBar: SearchBar, textDidChange searchText: String) {
        invoke(.textDidChange, with: searchText) { $0.searchBar(searchBar, textDidChange: searchText) }
    }

    /// Publishes the tap and forwards it.
    public func searchBarSearchButtonClicked(_ searchBar: SearchBar) {
        invoke(.searchButtonClicked, with: ()) { $0.searchBarSearchButtonClicked(searchBar) }
    }

    /// Publishes the tap and forwards it.
    public func searchBarBookmarkButtonClicked(_ searchBar: SearchBar) {
        invoke(.bookmarkButtonClicked, with: ()) { $0.searchBarBookmarkButtonClicked(searchBar) }
    }

    /// Publishes the tap and forwards it.
    public func searchBarCancelButtonClicked(_ searchBar: SearchBar) {
        invoke(.cancelButtonClicked, with: ()) { $0.searchBarCancelButtonClicked(searchBar) }
    }

    /// Publishes the tap and forwards it.
    public func searchBarResultsListButtonClicked(_ searchBar: SearchBar) {
        invoke(.resultsListButtonClicked, with: ()) { $0.searchBarResultsListButtonClicked(searchBar) }
    }

    /// Publishes the chosen scope and forwards it.
    public func searchBar(_ searchBar: SearchBar, selectedScopeButtonIndexDidChange selectedScope: Int) {
        invoke(.selectedScopeButtonIndexDidChange, with: selectedScope) { $0.searchBar(searchBar, selectedScopeButtonIndexDidChange: selectedScope) }
    }
}
