import FoundationEssentials

/// How a table's data changed from one binding to the next: what a front
/// end needs to update its rows without reloading them all.
///
/// `deleted` and the `from` of `moved` are index paths in the old data;
/// `inserted`, the `to` of `moved` and `updated` are index paths in the new
/// data. A reload means the change could not be described row by row (the
/// first binding, a change of sections, duplicate identities).
public struct Changeset: Equatable, Sendable {
    /// A row that moved.
    public struct Move: Hashable, Sendable {
        /// Where it was, in the old data.
        public let from: IndexPath
        /// Where it is, in the new data.
        public let to: IndexPath

        /// A move from `from` to `to`.
        public init(from: IndexPath, to: IndexPath) {
            self.from = from
            self.to = to
        }
    }

    /// Whether the whole table is to be reloaded instead.
    public let isReload: Bool
    /// Rows that are gone, in the old data, in order.
    public let deleted: [IndexPath]
    /// Rows that are new, in the new data, in order.
    public let inserted: [IndexPath]
    /// Rows that moved, in the order of their new positions.
    public let moved: [Move]
    /// Rows whose identity stayed but whose content changed, in the new data.
    public let updated: [IndexPath]

    /// A change described row by row.
    public init(deleted: [IndexPath], inserted: [IndexPath], moved: [Move], updated: [IndexPath]) {
        self.isReload = false
        self.deleted = deleted
        self.inserted = inserted
        self.moved = moved
        self.updated = updated
    }

    private init(reload: Bool) {
        isReload = reload
        deleted = []
        inserted = []
        moved = []
        updated = []
    }

    /// Reload the whole table.
    public static let reload = Changeset(reload: true)

    /// Where an old row that was neither deleted nor moved is now, given the
    /// old and new row counts of its section (unmoved rows keep their order).
    public func newIndexPath(forUnmoved old: IndexPath, oldRowCount: Int, newRowCount: Int) -> IndexPath? {
        let section = old.section
        let leftOld = Set(deleted.filter { $0.section == section }.map(\.row))
            .union(moved.filter { $0.from.section == section }.map(\.from.row))
        guard !leftOld.contains(old.row), old.row < oldRowCount else { return nil }
        let rank = (0..<old.row).filter { !leftOld.contains($0) }.count
        let arrivedNew = Set(inserted.filter { $0.section == section }.map(\.row))
            .union(moved.filter { $0.to.section == section }.map(\.to.row))
        var seen = 0
        for row in 0..<newRowCount where !arrivedNew.contains(row) {
            if seen == rank {
                return IndexPath(row: row, section: section)
            }
            seen += 1
        }
        return nil
    }
}
