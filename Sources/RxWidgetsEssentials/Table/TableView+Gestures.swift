import FoundationEssentials

/// A user's gestures on a table, each as UIKit carries it out: the table's
/// own state changes first, then its delegate or data source hears of it.
extension TableView {
    /// A tap on a row. Without multiple selection a previously selected
    /// other row is deselected first (`didDeselectRowAt`); then the row is
    /// selected and the delegate hears `didSelectRowAt`. A row outside the
    /// table is ignored.
    public func userDidSelectRow(at indexPath: IndexPath) {
        guard contains(indexPath) else { return }
        if !allowsMultipleSelection, let previous = indexPathForSelectedRow, previous != indexPath {
            deselectRow(at: previous, animated: true)
            delegate?.tableView(self, didDeselectRowAt: previous)
        }
        selectRow(at: indexPath, animated: true, scrollPosition: .none)
        delegate?.tableView(self, didSelectRowAt: indexPath)
    }

    /// A tap that deselects a row: the row is deselected, then the delegate
    /// hears `didDeselectRowAt`.
    public func userDidDeselectRow(at indexPath: IndexPath) {
        guard contains(indexPath) else { return }
        deselectRow(at: indexPath, animated: true)
        delegate?.tableView(self, didDeselectRowAt: indexPath)
    }

    /// Whether UIKit would offer the user to edit this row: the table is
    /// editing and the data source allows it.
    public func canUserEditRow(at indexPath: IndexPath) -> Bool {
        isEditing && contains(indexPath) && (dataSource?.tableView(self, canEditRowAt: indexPath) ?? false)
    }

    /// Whether UIKit would let the user drag this row.
    public func canUserMoveRow(at indexPath: IndexPath) -> Bool {
        isEditing && contains(indexPath) && (dataSource?.tableView(self, canMoveRowAt: indexPath) ?? false)
    }

    /// The delete button of an editable row: the data source hears
    /// `commit(.delete, forRowAt:)`; removing the row is the data's owner's
    /// part (it hears `rx.itemDeleted` and binds the rows without it). False,
    /// and nothing happens, where `canUserEditRow` is false.
    @discardableResult
    public func userDidCommitDelete(at indexPath: IndexPath) -> Bool {
        guard canUserEditRow(at: indexPath) else { return false }
        dataSource?.tableView(self, commit: .delete, forRowAt: indexPath)
        return true
    }

    /// A drag of a row to `destination` (its row counted once the moved row
    /// is taken out), in UIKit's order: the table takes the row's new place
    /// first, its selection with it, then the data source hears `moveRowAt`
    /// and moves the item.
    /// False, and nothing happens, where `canUserMoveRow` is false or the
    /// destination is outside the table.
    @discardableResult
    public func userDidMoveRow(at source: IndexPath, to destination: IndexPath) -> Bool {
        guard canUserMoveRow(at: source), destination.section >= 0, destination.section < numberOfSections, destination.row >= 0 else { return false }
        let limit = numberOfRows(inSection: destination.section) - (destination.section == source.section ? 1 : 0)
        guard destination.row <= limit else { return false }
        guard source != destination else { return true }
        var moved = TableBatch()
        moved.movedRows[source] = destination
        var counts = rowCounts
        counts[source.section] -= 1
        counts[destination.section] += 1
        apply(moved, newCounts: counts)
        dataSource?.tableView(self, moveRowAt: source, to: destination)
        return true
    }

    /// A tap on a row's accessory button: the delegate hears `accessoryButtonTappedForRowWith`.
    public func userDidTapAccessoryButton(at indexPath: IndexPath) {
        guard contains(indexPath) else { return }
        delegate?.tableView(self, accessoryButtonTappedForRowWith: indexPath)
    }

    /// A touch (or a front end's cursor) coming onto a row: a row
    /// highlighted before is unhighlighted first (`didUnhighlightRowAt`),
    /// then the row is highlighted and the delegate hears
    /// `didHighlightRowAt`. The row already highlighted, or one outside the
    /// table, changes nothing. Unlike UIKit's tap it selects nothing: a
    /// selection is `userDidSelectRow(at:)`.
    public func userDidHighlightRow(at indexPath: IndexPath) {
        guard contains(indexPath), indexPathForHighlightedRow != indexPath else { return }
        if let previous = indexPathForHighlightedRow {
            userDidUnhighlightRow(at: previous)
        }
        indexPathForHighlightedRow = indexPath
        delegate?.tableView(self, didHighlightRowAt: indexPath)
    }

    /// The touch leaving the highlighted row: the highlight is cleared, then
    /// the delegate hears `didUnhighlightRowAt`. Any other row changes nothing.
    public func userDidUnhighlightRow(at indexPath: IndexPath) {
        guard indexPathForHighlightedRow == indexPath else { return }
        indexPathForHighlightedRow = nil
        delegate?.tableView(self, didUnhighlightRowAt: indexPath)
    }

    /// A scroll that leaves `visible` rows shown and `upcoming` rows about to
    /// be, in UIKit's order: the prefetch data source hears
    /// `cancelPrefetchingForRowsAt` for rows prefetched before that are now
    /// neither, and `prefetchRowsAt` for upcoming rows not yet prefetched;
    /// then the delegate hears `didEndDisplaying` for each cell no longer
    /// shown and `willDisplay` (with a cell from the data source) for each
    /// newly shown row. Rows outside the table are left out.
    public func userDidScroll(showing visible: [IndexPath], prefetching upcoming: [IndexPath] = []) {
        var shown = Set<IndexPath>()
        let visible = visible.filter { contains($0) && shown.insert($0).inserted }
        var ahead = Set<IndexPath>()
        let upcoming = upcoming.filter { contains($0) && !shown.contains($0) && ahead.insert($0).inserted }
        let cancelled = prefetched.filter { !ahead.contains($0) && !shown.contains($0) }
        let before = Set(prefetched)
        let started = upcoming.filter { !before.contains($0) }
        prefetched = upcoming
        if !cancelled.isEmpty {
            prefetchDataSource?.tableView(self, cancelPrefetchingForRowsAt: cancelled)
        }
        if !started.isEmpty {
            prefetchDataSource?.tableView(self, prefetchRowsAt: started)
        }
        let ended = displayed.filter { !shown.contains($0.indexPath) }
        let kept = Dictionary(displayed.map { ($0.indexPath, $0.cell) }, uniquingKeysWith: { first, _ in first })
        displayed = visible.map { ($0, kept[$0] ?? cellForRow(at: $0) ?? TableViewCell(style: .default, reuseIdentifier: nil)) }
        for (indexPath, cell) in ended {
            delegate?.tableView(self, didEndDisplaying: cell, forRowAt: indexPath)
        }
        for (indexPath, cell) in displayed where kept[indexPath] == nil {
            delegate?.tableView(self, willDisplay: cell, forRowAt: indexPath)
        }
    }
}
