import FoundationEssentials
import RxCoreEssentials

/// The headless `UITableView`: sections of rows whose cells come from
/// `dataSource`, and a selection.
///
/// Like UIKit it reads the data source when first asked and again on
/// `reloadData()`; a batch update (`performBatchUpdates`, or single
/// `insertRows`, `deleteSections`, … calls) reads it once the batch ends and
/// keeps the selection on the rows that stay, where they went. Selecting programmatically
/// (`selectRow`, `deselectRow`) does not call the delegate; a user's gesture
/// is the selection followed by the delegate call.
open class TableView: View, HasDelegate, HasDataSource {
    /// The delegate's type.
    public typealias Delegate = TableViewDelegate
    /// The data source's type.
    public typealias DataSource = TableViewDataSource

    /// The data source, held weakly.
    public weak var dataSource: TableViewDataSource?
    /// The delegate, held weakly.
    public weak var delegate: TableViewDelegate?
    /// Hears which rows will soon be shown; held weakly.
    public weak var prefetchDataSource: TableViewDataSourcePrefetching?
    /// Whether several rows may be selected at once; turning it off keeps only the first.
    public var allowsMultipleSelection = false {
        didSet {
            guard allowsMultipleSelection != oldValue else { return }
            announcingChanges {
                if !allowsMultipleSelection, selected.count > 1 {
                    selected = [selected[0]]
                }
            }
            stateChanges.send(.allowsMultipleSelection)
        }
    }
    /// Whether the table is in editing mode.
    public var isEditing = false {
        didSet {
            if isEditing != oldValue {
                stateChanges.send(.editing)
            }
        }
    }
    private let stateChanges = StateChanges<Change>()

    /// What changed in the table's state, as it changes.
    public enum Change: Sendable, Equatable {
        /// `numberOfSections`.
        case numberOfSections
        /// `rowCounts`.
        case rowCounts
        /// `indexPathsForSelectedRows`.
        case selection
        /// `allowsMultipleSelection`.
        case allowsMultipleSelection
        /// `isEditing`.
        case editing
    }

    /// Every change of the table's state, sent once the change is made, only
    /// when a value differs, synchronously; it never completes.
    public var changes: Observable<Change> {
        stateChanges.observable
    }

    /// Runs a mutation and sends what it changed; changes made inside
    /// (several batch updates, a reload) are sent once, when it ends, and
    /// only where the state differs from the state before.
    func announcingChanges(_ mutate: () -> Void) {
        stateChanges.announcing({ ListState(counts: loadedCounts ?? [], selection: selected) }, mutate) { old, new in
            new.changes(from: old, parts: .numberOfSections, rows: .rowCounts, selection: .selection)
        }
    }

    private var registered: [String: TableViewCell.Type] = [:]
    private var loadedCounts: [Int]?
    /// The batch update being collected, and how deep `beginUpdates` calls nest.
    var batch: (updates: TableBatch, depth: Int)?
    private var selected: [IndexPath] = []
    var displayed: [(indexPath: IndexPath, cell: TableViewCell)] = []
    var prefetched: [IndexPath] = []

    /// The row under the user's touch or a front end's cursor, if any: what
    /// a cell's `isHighlighted` says in UIKit.
    public internal(set) var indexPathForHighlightedRow: IndexPath?

    /// An empty table.
    public override init() {
        super.init()
    }

    /// Registers the class that `dequeueReusableCell(withIdentifier:)` makes
    /// for `identifier`; nil, or a class that is not a `TableViewCell`,
    /// unregisters it, as in UIKit.
    public func register(_ cellClass: AnyClass?, forCellReuseIdentifier identifier: String) {
        registered[identifier] = cellClass as? TableViewCell.Type
    }

    /// A new cell of the class registered for `identifier`; nil when none is registered.
    public func dequeueReusableCell(withIdentifier identifier: String) -> TableViewCell? {
        registered[identifier].map { $0.init(style: .default, reuseIdentifier: identifier) }
    }

    /// A new cell of the class registered for `identifier`, or a default cell.
    public func dequeueReusableCell(withIdentifier identifier: String, for indexPath: IndexPath) -> TableViewCell {
        dequeueReusableCell(withIdentifier: identifier) ?? TableViewCell(style: .default, reuseIdentifier: identifier)
    }

    private var counts: [Int] {
        if let loadedCounts {
            return loadedCounts
        }
        reloadData()
        return loadedCounts ?? []
    }

    /// The number of sections.
    public var numberOfSections: Int {
        counts.count
    }

    /// The number of rows of every section.
    public var rowCounts: [Int] {
        counts
    }

    /// The number of rows in `section`; 0 for a section that does not exist.
    public func numberOfRows(inSection section: Int) -> Int {
        let counts = self.counts
        return counts.indices.contains(section) ? counts[section] : 0
    }

    /// Whether `indexPath` is a row of the table.
    public func contains(_ indexPath: IndexPath) -> Bool {
        indexPath.row >= 0 && indexPath.row < numberOfRows(inSection: indexPath.section)
    }

    /// Reads the sections and rows from the data source again; selected rows
    /// that no longer exist are deselected.
    public func reloadData() {
        announcingChanges {
            loadedCounts = countsFromDataSource()
            selected = selected.filter(contains)
            forgetRowsItNoLongerHas()
        }
    }

    func countsFromDataSource() -> [Int] {
        let sections = max(dataSource?.numberOfSections(in: self) ?? 0, 0)
        return (0..<sections).map { max(dataSource?.tableView(self, numberOfRowsInSection: $0) ?? 0, 0) }
    }

    /// Takes the data source's new counts and moves the selection, the
    /// highlight, shown cells and prefetched rows to where their rows went;
    /// a batch that does not agree with the counts reloads instead.
    /// `newCounts` are the counts after the batch when the table knows them
    /// before its data source does (a user's drag).
    func apply(_ batch: TableBatch, newCounts known: [Int]? = nil) {
        announcingChanges {
            guard let oldCounts = loadedCounts else {
                reloadData()
                return
            }
            let newCounts = known ?? countsFromDataSource()
            guard let destination = batch.destinations(from: oldCounts, to: newCounts) else {
                Hooks.log("<4>rx: a table's batch update does not agree with its data source's row counts; reloading instead")
                reloadData()
                return
            }
            loadedCounts = newCounts
            var kept = Set<IndexPath>()
            selected = selected.compactMap { destination($0) }.filter { kept.insert($0).inserted }
            indexPathForHighlightedRow = indexPathForHighlightedRow.flatMap { destination($0) }
            displayed = displayed.compactMap { shown in destination(shown.indexPath).map { ($0, shown.cell) } }
            prefetched = prefetched.compactMap { destination($0) }
        }
    }

    /// A highlight, shown cells and prefetched rows outlive a data change
    /// only on rows that still exist; no delegate hears of the rest, as the
    /// rows it would name are gone.
    private func forgetRowsItNoLongerHas() {
        if let highlighted = indexPathForHighlightedRow, !contains(highlighted) {
            indexPathForHighlightedRow = nil
        }
        displayed.removeAll { !contains($0.indexPath) }
        prefetched.removeAll { !contains($0) }
    }

    /// The rows whose cells are shown, in the order a front end showed them;
    /// nil when none is.
    public var indexPathsForVisibleRows: [IndexPath]? {
        displayed.isEmpty ? nil : displayed.map(\.indexPath)
    }

    /// The cells shown, as `tableView(_:willDisplay:forRowAt:)` announced them.
    public var visibleCells: [TableViewCell] {
        displayed.map(\.cell)
    }

    /// The cell of a row, from the data source; nil outside the rows.
    public func cellForRow(at indexPath: IndexPath) -> TableViewCell? {
        guard contains(indexPath) else { return nil }
        return dataSource?.tableView(self, cellForRowAt: indexPath)
    }

    /// A section's header title, from the data source.
    public func titleForHeader(inSection section: Int) -> String? {
        dataSource?.tableView(self, titleForHeaderInSection: section)
    }

    /// A section's footer title, from the data source.
    public func titleForFooter(inSection section: Int) -> String? {
        dataSource?.tableView(self, titleForFooterInSection: section)
    }

    /// The section index's titles, from the data source; nil when it has no index.
    public var sectionIndexTitles: [String]? {
        dataSource?.sectionIndexTitles(for: self)
    }

    /// The section a tap on the `index`th index title shows, from the data
    /// source; nil for a title the index does not have at `index`, or a
    /// section the table does not have.
    public func section(forSectionIndexTitleAt index: Int) -> Int? {
        guard let titles = sectionIndexTitles, titles.indices.contains(index), let dataSource else { return nil }
        let section = dataSource.tableView(self, sectionForSectionIndexTitle: titles[index], at: index)
        return (0..<numberOfSections).contains(section) ? section : nil
    }

    /// The first selected row.
    public var indexPathForSelectedRow: IndexPath? {
        selected.first
    }

    /// The selected rows, in the order they were selected; nil when none is.
    public var indexPathsForSelectedRows: [IndexPath]? {
        selected.isEmpty ? nil : selected
    }

    /// Selects a row without calling the delegate; without multiple selection
    /// it replaces the selection. Nil, or a row outside the table, clears it.
    public func selectRow(at indexPath: IndexPath?, animated: Bool, scrollPosition: ScrollPosition) {
        announcingChanges {
            guard let indexPath, contains(indexPath) else {
                selected = []
                return
            }
            if allowsMultipleSelection {
                if !selected.contains(indexPath) {
                    selected.append(indexPath)
                }
            } else {
                selected = [indexPath]
            }
        }
    }

    /// Deselects a row without calling the delegate.
    public func deselectRow(at indexPath: IndexPath, animated: Bool) {
        announcingChanges {
            selected.removeAll { $0 == indexPath }
        }
    }

    /// Where a selected row is scrolled to; a headless table ignores it.
    public enum ScrollPosition: Sendable {
        /// Not at all.
        case none
        /// To the top.
        case top
        /// To the middle.
        case middle
        /// To the bottom.
        case bottom
    }
}
