/// A person's gestures in a search bar, each as UIKit carries it out: the
/// bar's own state changes first, then its delegate hears of it.
extension SearchBar {
    /// The person starts editing, if the delegate allows: `isEditing`, then
    /// `searchBarTextDidBeginEditing`. False when refused or already editing.
    @discardableResult
    public func userDidBeginEditing() -> Bool {
        guard !isEditing, delegate?.searchBarShouldBeginEditing(self) ?? true else { return false }
        isEditing = true
        searchController?.searchBarDidBeginEditing()
        delegate?.searchBarTextDidBeginEditing(self)
        return true
    }

    /// The person changed the text to `text`: the text, then
    /// `searchBar(_:textDidChange:)`, then the controller's results updater.
    public func userDidChangeText(to text: String) {
        guard text != (self.text ?? "") else { return }
        self.text = text
        delegate?.searchBar(self, textDidChange: text)
        searchController?.searchBarTextDidChange()
    }

    /// The person stops editing, if the delegate allows: `isEditing`, then
    /// `searchBarTextDidEndEditing`. False when refused or not editing.
    @discardableResult
    public func userDidEndEditing() -> Bool {
        guard isEditing, delegate?.searchBarShouldEndEditing(self) ?? true else { return false }
        isEditing = false
        delegate?.searchBarTextDidEndEditing(self)
        return true
    }

    /// A tap on the search button (Enter).
    public func userDidTapSearchButton() {
        delegate?.searchBarSearchButtonClicked(self)
    }

    /// A tap on the cancel button (Esc): the delegate hears it, then the
    /// controller, if any, ends the search.
    public func userDidTapCancelButton() {
        delegate?.searchBarCancelButtonClicked(self)
        searchController?.searchBarDidCancel()
    }

    /// A tap on the bookmark button.
    public func userDidTapBookmarkButton() {
        delegate?.searchBarBookmarkButtonClicked(self)
    }

    /// A tap on the results list button.
    public func userDidTapResultsListButton() {
        delegate?.searchBarResultsListButtonClicked(self)
    }

    /// The person chose the scope button at `index`: the selection, then
    /// `searchBar(_:selectedScopeButtonIndexDidChange:)`. A button outside
    /// the titles, or the one already chosen, changes nothing.
    public func userDidSelectScopeButton(at index: Int) {
        guard let titles = scopeButtonTitles, titles.indices.contains(index), index != selectedScopeButtonIndex else { return }
        selectedScopeButtonIndex = index
        delegate?.searchBar(self, selectedScopeButtonIndexDidChange: index)
        searchController?.searchBarTextDidChange()
    }
}
