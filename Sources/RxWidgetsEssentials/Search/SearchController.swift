/// Told when a search controller's search changes.
public protocol SearchResultsUpdating: AnyObject {
    /// The controller's search text or scope changed, or it became active.
    func updateSearchResults(for searchController: SearchController)
}

/// The headless `UISearchController`: a search bar and the controller whose
/// view shows the results, active while a person searches.
open class SearchController: ViewController {
    /// The bar the person searches with.
    public let searchBar = SearchBar()
    /// The controller showing the results; nil when they are shown in place.
    public let searchResultsController: ViewController?
    /// Told of each change of the search, held weakly.
    public weak var searchResultsUpdater: SearchResultsUpdating?
    /// Whether the search is shown; turning it on or off tells the updater.
    open var isActive = false {
        didSet {
            if isActive != oldValue {
                searchResultsUpdater?.updateSearchResults(for: self)
            }
        }
    }

    /// A search whose results `searchResultsController` shows.
    public init(searchResultsController: ViewController?) {
        self.searchResultsController = searchResultsController
        super.init()
        searchBar.searchController = self
    }

    func searchBarDidBeginEditing() {
        isActive = true
    }

    func searchBarTextDidChange() {
        searchResultsUpdater?.updateSearchResults(for: self)
    }

    func searchBarDidCancel() {
        searchBar.text = ""
        searchBar.userDidEndEditing()
        isActive = false
    }
}
