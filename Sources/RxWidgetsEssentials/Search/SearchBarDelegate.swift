/// Hears what a person does in a search bar.
public protocol SearchBarDelegate: AnyObject {
    /// Whether editing may begin; default true.
    func searchBarShouldBeginEditing(_ searchBar: SearchBar) -> Bool
    /// Editing began; default nothing.
    func searchBarTextDidBeginEditing(_ searchBar: SearchBar)
    /// Whether editing may end; default true.
    func searchBarShouldEndEditing(_ searchBar: SearchBar) -> Bool
    /// Editing ended; default nothing.
    func searchBarTextDidEndEditing(_ searchBar: SearchBar)
    /// The person changed the text to `searchText`; default nothing.
    func searchBar(_ searchBar: SearchBar, textDidChange searchText: String)
    /// The search button was tapped; default nothing.
    func searchBarSearchButtonClicked(_ searchBar: SearchBar)
    /// The bookmark button was tapped; default nothing.
    func searchBarBookmarkButtonClicked(_ searchBar: SearchBar)
    /// The cancel button was tapped; default nothing.
    func searchBarCancelButtonClicked(_ searchBar: SearchBar)
    /// The results list button was tapped; default nothing.
    func searchBarResultsListButtonClicked(_ searchBar: SearchBar)
    /// The person chose the scope button at `selectedScope`; default nothing.
    func searchBar(_ searchBar: SearchBar, selectedScopeButtonIndexDidChange selectedScope: Int)
}

extension SearchBarDelegate {
    /// True.
    public func searchBarShouldBeginEditing(_ searchBar: SearchBar) -> Bool { true }
    /// Nothing.
    public func searchBarTextDidBeginEditing(_ searchBar: SearchBar) {}
    /// True.
    public func searchBarShouldEndEditing(_ searchBar: SearchBar) -> Bool { true }
    /// Nothing.
    public func searchBarTextDidEndEditing(_ searchBar: SearchBar) {}
    /// Nothing.
    public func searchBar(_ searchBar: SearchBar, textDidChange searchText: String) {}
    /// Nothing.
    public func searchBarSearchButtonClicked(_ searchBar: SearchBar) {}
    /// Nothing.
    public func searchBarBookmarkButtonClicked(_ searchBar: SearchBar) {}
    /// Nothing.
    public func searchBarCancelButtonClicked(_ searchBar: SearchBar) {}
    /// Nothing.
    public func searchBarResultsListButtonClicked(_ searchBar: SearchBar) {}
    /// Nothing.
    public func searchBar(_ searchBar: SearchBar, selectedScopeButtonIndexDidChange selectedScope: Int) {}
}

extension DelegateMethod where Delegate == SearchBarDelegate, Arguments == Void {
    /// `searchBarTextDidBeginEditing(_:)`.
    public static var textDidBeginEditing: Self { Self("searchBarTextDidBeginEditing(_:)") }
    /// `searchBarTextDidEndEditing(_:)`.
    public static var textDidEndEditing: Self { Self("searchBarTextDidEndEditing(_:)") }
    /// `searchBarSearchButtonClicked(_:)`.
    public static var searchButtonClicked: Self { Self("searchBarSearchButtonClicked(_:)") }
    /// `searchBarBookmarkButtonClicked(_:)`.
    public static var bookmarkButtonClicked: Self { Self("searchBarBookmarkButtonClicked(_:)") }
    /// `searchBarCancelButtonClicked(_:)`.
    public static var cancelButtonClicked: Self { Self("searchBarCancelButtonClicked(_:)") }
    /// `searchBarResultsListButtonClicked(_:)`.
    public static var resultsListButtonClicked: Self { Self("searchBarResultsListButtonClicked(_:)") }
}

extension DelegateMethod where Delegate == SearchBarDelegate, Arguments == String {
    /// `searchBar(_:textDidChange:)`.
    public static var textDidChange: Self { Self("searchBar(_:textDidChange:)") }
}

extension DelegateMethod where Delegate == SearchBarDelegate, Arguments == Int {
    /// `searchBar(_:selectedScopeButtonIndexDidChange:)`.
    public static var selectedScopeButtonIndexDidChange: Self { Self("searchBar(_:selectedScopeButtonIndexDidChange:)") }
}
