import FoundationEssentials

/// Supplies a table's sections, rows and cells, and carries out edits.
public protocol TableViewDataSource: AnyObject {
    /// The number of sections; default 1.
    func numberOfSections(in tableView: TableView) -> Int
    /// The number of rows in `section`.
    func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int
    /// The cell of a row.
    func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell
    /// A section's header title; default nil.
    func tableView(_ tableView: TableView, titleForHeaderInSection section: Int) -> String?
    /// A section's footer title; default nil.
    func tableView(_ tableView: TableView, titleForFooterInSection section: Int) -> String?
    /// The titles of the section index (the letters down a contacts list); default nil, no index.
    func sectionIndexTitles(for tableView: TableView) -> [String]?
    /// The section a tap on the index title `title`, the `index`th, shows; default `index`.
    func tableView(_ tableView: TableView, sectionForSectionIndexTitle title: String, at index: Int) -> Int
    /// Whether a row may be edited; default true.
    func tableView(_ tableView: TableView, canEditRowAt indexPath: IndexPath) -> Bool
    /// Whether a row may be moved; default true.
    func tableView(_ tableView: TableView, canMoveRowAt indexPath: IndexPath) -> Bool
    /// The user deleted or inserted a row; default nothing.
    func tableView(_ tableView: TableView, commit editingStyle: TableViewCell.EditingStyle, forRowAt indexPath: IndexPath)
    /// The user moved a row; default nothing.
    func tableView(_ tableView: TableView, moveRowAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath)
}

extension TableViewDataSource {
    /// One.
    public func numberOfSections(in tableView: TableView) -> Int {
        1
    }

    /// Nil.
    public func tableView(_ tableView: TableView, titleForHeaderInSection section: Int) -> String? {
        nil
    }

    /// Nil.
    public func tableView(_ tableView: TableView, titleForFooterInSection section: Int) -> String? {
        nil
    }

    /// Nil.
    public func sectionIndexTitles(for tableView: TableView) -> [String]? {
        nil
    }

    /// `index`.
    public func tableView(_ tableView: TableView, sectionForSectionIndexTitle title: String, at index: Int) -> Int {
        index
    }

    /// True.
    public func tableView(_ tableView: TableView, canEditRowAt indexPath: IndexPath) -> Bool {
        true
    }

    /// True.
    public func tableView(_ tableView: TableView, canMoveRowAt indexPath: IndexPath) -> Bool {
        true
    }

    /// Nothing.
    public func tableView(_ tableView: TableView, commit editingStyle: TableViewCell.EditingStyle, forRowAt indexPath: IndexPath) {}

    /// Nothing.
    public func tableView(_ tableView: TableView, moveRowAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath) {}
}

/// Hears about a table user's selections and accessory taps.
public protocol TableViewDelegate: AnyObject {
    /// The user selected a row; default nothing.
    func tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath)
    /// The user deselected a row; default nothing.
    func tableView(_ tableView: TableView, didDeselectRowAt indexPath: IndexPath)
    /// The user tapped a row's accessory button; default nothing.
    func tableView(_ tableView: TableView, accessoryButtonTappedForRowWith indexPath: IndexPath)
    /// The user's touch (or a front end's cursor) came onto a row; default nothing.
    func tableView(_ tableView: TableView, didHighlightRowAt indexPath: IndexPath)
    /// It left the row; default nothing.
    func tableView(_ tableView: TableView, didUnhighlightRowAt indexPath: IndexPath)
    /// A row's cell is about to be shown; default nothing.
    func tableView(_ tableView: TableView, willDisplay cell: TableViewCell, forRowAt indexPath: IndexPath)
    /// A row's cell is no longer shown; default nothing.
    func tableView(_ tableView: TableView, didEndDisplaying cell: TableViewCell, forRowAt indexPath: IndexPath)
}

extension TableViewDelegate {
    /// Nothing.
    public func tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath) {}
    /// Nothing.
    public func tableView(_ tableView: TableView, didDeselectRowAt indexPath: IndexPath) {}
    /// Nothing.
    public func tableView(_ tableView: TableView, accessoryButtonTappedForRowWith indexPath: IndexPath) {}
    /// Nothing.
    public func tableView(_ tableView: TableView, didHighlightRowAt indexPath: IndexPath) {}
    /// Nothing.
    public func tableView(_ tableView: TableView, didUnhighlightRowAt indexPath: IndexPath) {}
    /// Nothing.
    public func tableView(_ tableView: TableView, willDisplay cell: TableViewCell, forRowAt indexPath: IndexPath) {}
    /// Nothing.
    public func tableView(_ tableView: TableView, didEndDisplaying cell: TableViewCell, forRowAt indexPath: IndexPath) {}
}

/// Hears which rows a table will soon show, so their data can be fetched
/// ahead: UIKit's `UITableViewDataSourcePrefetching`.
public protocol TableViewDataSourcePrefetching: AnyObject {
    /// Rows the table expects to show soon.
    func tableView(_ tableView: TableView, prefetchRowsAt indexPaths: [IndexPath])
    /// Rows prefetched earlier that the table no longer expects to show; default nothing.
    func tableView(_ tableView: TableView, cancelPrefetchingForRowsAt indexPaths: [IndexPath])
}

extension TableViewDataSourcePrefetching {
    /// Nothing.
    public func tableView(_ tableView: TableView, cancelPrefetchingForRowsAt indexPaths: [IndexPath]) {}
}
