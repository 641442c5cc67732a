import FoundationEssentials

/// The table's delegate proxy: publishes every delegate call and forwards it.
open class RxTableViewDelegateProxy: DelegateProxy<TableView, TableViewDelegate>, DelegateProxyType, TableViewDelegate {
    /// The table.
    public weak private(set) var tableView: TableView?

    /// The proxy of `tableView`.
    public init(tableView: TableView) {
        self.tableView = tableView
        super.init(parentObject: tableView, delegateProxy: RxTableViewDelegateProxy.self)
    }

    /// Registers the factory for tables.
    public static func registerKnownImplementations() {
        register { RxTableViewDelegateProxy(tableView: $0) }
    }

    /// Publishes the selection and forwards it.
    public func tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath) {
        invoke(.didSelectRowAt, with: indexPath) { $0.tableView(tableView, didSelectRowAt: indexPath) }
    }

    /// Publishes the deselection and forwards it.
    public func tableView(_ tableView: TableView, didDeselectRowAt indexPath: IndexPath) {
        invoke(.didDeselectRowAt, with: indexPath) { $0.tableView(tableView, didDeselectRowAt: indexPath) }
    }

    /// Publishes the accessory tap and forwards it.
    public func tableView(_ tableView: TableView, accessoryButtonTappedForRowWith indexPath: IndexPath) {
        invoke(.accessoryButtonTapped, with: indexPath) { $0.tableView(tableView, accessoryButtonTappedForRowWith: indexPath) }
    }

    /// Publishes the highlight and forwards it.
    public func tableView(_ tableView: TableView, didHighlightRowAt indexPath: IndexPath) {
        invoke(.didHighlightRowAt, with: indexPath) { $0.tableView(tableView, didHighlightRowAt: indexPath) }
    }

    /// Publishes the end of the highlight and forwards it.
    public func tableView(_ tableView: TableView, didUnhighlightRowAt indexPath: IndexPath) {
        invoke(.didUnhighlightRowAt, with: indexPath) { $0.tableView(tableView, didUnhighlightRowAt: indexPath) }
    }

    /// Publishes the cell about to be shown and forwards it.
    public func tableView(_ tableView: TableView, willDisplay cell: TableViewCell, forRowAt indexPath: IndexPath) {
        invoke(.willDisplayCell, with: (cell, indexPath)) { $0.tableView(tableView, willDisplay: cell, forRowAt: indexPath) }
    }

    /// Publishes the cell no longer shown and forwards it.
    public func tableView(_ tableView: TableView, didEndDisplaying cell: TableViewCell, forRowAt indexPath: IndexPath) {
        invoke(.didEndDisplayingCell, with: (cell, indexPath)) { $0.tableView(tableView, didEndDisplaying: cell, forRowAt: indexPath) }
    }
}

/// The table's prefetching proxy: publishes which rows the table will soon
/// show and forwards them.
open class RxTableViewDataSourcePrefetchingProxy: DelegateProxy<TableView, TableViewDataSourcePrefetching>, DelegateProxyType, TableViewDataSourcePrefetching {
    /// The table.
    public weak private(set) var tableView: TableView?

    /// The proxy of `tableView`.
    public init(tableView: TableView) {
        self.tableView = tableView
        super.init(parentObject: tableView, delegateProxy: RxTableViewDataSourcePrefetchingProxy.self)
    }

    /// Registers the factory for tables.
    public static func registerKnownImplementations() {
        register { RxTableViewDataSourcePrefetchingProxy(tableView: $0) }
    }

    /// The table's `prefetchDataSource`.
    public static func currentDelegate(for object: TableView) -> TableViewDataSourcePrefetching? {
        object.prefetchDataSource
    }

    /// Sets the table's `prefetchDataSource`.
    public static func setCurrentDelegate(_ delegate: TableViewDataSourcePrefetching?, to object: TableView) {
        object.prefetchDataSource = delegate
    }

    /// Publishes the rows and forwards them.
    public func tableView(_ tableView: TableView, prefetchRowsAt indexPaths: [IndexPath]) {
        invoke(.prefetchRowsAt, with: indexPaths) { $0.tableView(tableView, prefetchRowsAt: indexPaths) }
    }

    /// Publishes the rows and forwards them.
    public func tableView(_ tableView: TableView, cancelPrefetchingForRowsAt indexPaths: [IndexPath]) {
        invoke(.cancelPrefetchingForRowsAt, with: indexPaths) { $0.tableView(tableView, cancelPrefetchingForRowsAt: indexPaths) }
    }
}

/// The table's data-source proxy. Without a forward data source the table
/// has one empty section.
open class RxTableViewDataSourceProxy: DelegateProxy<TableView, TableViewDataSource>, DelegateProxyType, TableViewDataSource {
    /// The table.
    public weak private(set) var tableView: TableView?

    /// The proxy of `tableView`.
    public init(tableView: TableView) {
        self.tableView = tableView
        super.init(parentObject: tableView, delegateProxy: RxTableViewDataSourceProxy.self)
    }

    /// Registers the factory for tables.
    public static func registerKnownImplementations() {
        register { RxTableViewDataSourceProxy(tableView: $0) }
    }

    /// Forwards; 1 without a forward data source.
    public func numberOfSections(in tableView: TableView) -> Int {
        invoke(.numberOfSections, with: ()) { $0.numberOfSections(in: tableView) } ?? 1
    }

    /// Forwards; 0 without a forward data source.
    public func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int {
        invoke(.numberOfRowsInSection, with: section) { $0.tableView(tableView, numberOfRowsInSection: section) } ?? 0
    }

    /// Forwards; an empty cell without a forward data source.
    public func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        invoke(.cellForRowAt, with: indexPath) { $0.tableView(tableView, cellForRowAt: indexPath) }
            ?? TableViewCell(style: .default, reuseIdentifier: nil)
    }

    /// Forwards; nil without a forward data source.
    public func tableView(_ tableView: TableView, titleForHeaderInSection section: Int) -> String? {
        invoke(.titleForHeaderInSection, with: section) { $0.tableView(tableView, titleForHeaderInSection: section) } ?? nil
    }

    /// Forwards; nil without a forward data source.
    public func tableView(_ tableView: TableView, titleForFooterInSection section: Int) -> String? {
        invoke(.titleForFooterInSection, with: section) { $0.tableView(tableView, titleForFooterInSection: section) } ?? nil
    }

    /// Forwards; nil without a forward data source.
    public func sectionIndexTitles(for tableView: TableView) -> [String]? {
        invoke(.sectionIndexTitles, with: ()) { $0.sectionIndexTitles(for: tableView) } ?? nil
    }

    /// Forwards; `index` without a forward data source.
    public func tableView(_ tableView: TableView, sectionForSectionIndexTitle title: String, at index: Int) -> Int {
        invoke(.sectionForSectionIndexTitle, with: (title, index)) { $0.tableView(tableView, sectionForSectionIndexTitle: title, at: index) } ?? index
    }

    /// Forwards; false without a forward data source.
    public func tableView(_ tableView: TableView, canEditRowAt indexPath: IndexPath) -> Bool {
        invoke(.canEditRowAt, with: indexPath) { $0.tableView(tableView, canEditRowAt: indexPath) } ?? false
    }

    /// Forwards; false without a forward data source.
    public func tableView(_ tableView: TableView, canMoveRowAt indexPath: IndexPath) -> Bool {
        invoke(.canMoveRowAt, with: indexPath) { $0.tableView(tableView, canMoveRowAt: indexPath) } ?? false
    }

    /// Publishes the edit and forwards it.
    public func tableView(_ tableView: TableView, commit editingStyle: TableViewCell.EditingStyle, forRowAt indexPath: IndexPath) {
        invoke(.commitEditingStyle, with: (editingStyle, indexPath)) {
            $0.tableView(tableView, commit: editingStyle, forRowAt: indexPath)
        }
    }

    /// Publishes the move and forwards it.
    public func tableView(_ tableView: TableView, moveRowAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath) {
        invoke(.moveRowAt, with: (sourceIndexPath, destinationIndexPath)) {
            $0.tableView(tableView, moveRowAt: sourceIndexPath, to: destinationIndexPath)
        }
    }
}
