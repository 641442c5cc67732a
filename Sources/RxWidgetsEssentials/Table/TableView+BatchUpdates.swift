import FoundationEssentials

extension TableView {
    /// Runs `updates` as one batch update, then `completion` with true: the
    /// insertions, deletions, moves and reloads they make take effect
    /// together, once they all are made, as UIKit's do.
    public func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)? = nil) {
        beginUpdates()
        updates?()
        endUpdates()
        completion?(true)
    }

    /// Begins a batch update; calls nest, and the outermost `endUpdates()` ends it.
    public func beginUpdates() {
        batch = (batch?.updates ?? TableBatch(), (batch?.depth ?? 0) + 1)
    }

    /// Ends a batch update: with the outermost call the table reads the data
    /// source's counts and every row takes its new place. Without a batch
    /// begun it does nothing.
    public func endUpdates() {
        guard let current = batch else { return }
        guard current.depth == 1 else {
            batch = (current.updates, current.depth - 1)
            return
        }
        batch = nil
        apply(current.updates)
    }

    // Sections come as any sequence of indices: Foundation's `IndexSet`,
    // which UIKit takes, or an array where only FoundationEssentials is.

    /// Sections the data source has inserted, in the new data.
    public func insertSections(_ sections: some Sequence<Int>, with animation: RowAnimation) {
        recording { $0.insertedSections.formUnion(sections) }
    }

    /// Sections the data source has deleted, in the old data; their rows go with them.
    public func deleteSections(_ sections: some Sequence<Int>, with animation: RowAnimation) {
        recording { $0.deletedSections.formUnion(sections) }
    }

    /// Sections whose content the data source changed; they keep their place.
    public func reloadSections(_ sections: some Sequence<Int>, with animation: RowAnimation) {
        recording { $0.reloadedSections.formUnion(sections) }
    }

    /// A section the data source has moved, from its old to its new index, with its rows.
    public func moveSection(_ section: Int, toSection newSection: Int) {
        recording { $0.movedSections[section] = newSection }
    }

    /// Rows the data source has inserted, in the new data.
    public func insertRows(at indexPaths: [IndexPath], with animation: RowAnimation) {
        recording { $0.insertedRows.formUnion(indexPaths) }
    }

    /// Rows the data source has deleted, in the old data.
    public func deleteRows(at indexPaths: [IndexPath], with animation: RowAnimation) {
        recording { $0.deletedRows.formUnion(indexPaths) }
    }

    /// Rows whose content the data source changed, in the old data; they
    /// keep their place and, unlike UIKit's redrawn cells, their selection
    /// (a headless table has no cell state to reset).
    public func reloadRows(at indexPaths: [IndexPath], with animation: RowAnimation) {
        recording { $0.reloadedRows.formUnion(indexPaths) }
    }

    /// A row the data source has moved, from its old to its new place.
    public func moveRow(at indexPath: IndexPath, to newIndexPath: IndexPath) {
        recording { $0.movedRows[indexPath] = newIndexPath }
    }

    /// Adds a change to the batch begun, or makes it a batch of its own.
    private func recording(_ change: (inout TableBatch) -> Void) {
        guard var current = batch else {
            var single = TableBatch()
            change(&single)
            apply(single)
            return
        }
        change(&current.updates)
        batch = current
    }
}

extension TableView {
    /// Applies one stage of the Differentiator's changes in one batch
    /// update, as RxDataSources' table does: its sections deleted, inserted
    /// and moved, its items deleted, inserted, reloaded and moved. A
    /// headless table draws no animation; a front end reads
    /// `animationConfiguration` from the data source.
    public func performBatchUpdates<Section>(_ changes: Changeset<Section>, animationConfiguration: AnimationConfiguration) {
        performBatchUpdates {
            self.recording { $0.merge(TableBatch(changes)) }
        }
    }
}

extension IndexPath {
    /// The table row at an item path: `section` its section, `row` its item.
    public init(itemPath: ItemPath) {
        self.init(row: itemPath.itemIndex, section: itemPath.sectionIndex)
    }
}
