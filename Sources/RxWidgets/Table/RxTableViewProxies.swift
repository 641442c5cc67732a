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
