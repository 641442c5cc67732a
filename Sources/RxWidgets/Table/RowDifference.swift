import FoundationEssentials

/// The staged changes of one binding told as one difference of rows, for a
/// front end that applies a change in one step (the bus's `ItemsChanged`):
/// `deleted` and the sources of `moved` are index paths in the old data;
/// `inserted`, the destinations of `moved` and `updated` in the new data.
/// Rows neither deleted nor moved keep their order within their section
/// and take, in order, the places nothing else arrived at.
public struct RowDifference: Equatable, Sendable {
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

    /// Rows that are gone, in the old data, in order.
    public let deleted: [IndexPath]
    /// Rows that are new, in the new data, in order.
    public let inserted: [IndexPath]
    /// Rows that moved, in the order of their new places.
    public let moved: [Move]
    /// Rows whose identity stayed and whose content changed, in the new data, in order.
    public let updated: [IndexPath]

    /// A difference of these rows.
    public init(deleted: [IndexPath], inserted: [IndexPath], moved: [Move], updated: [IndexPath]) {
        self.deleted = deleted
        self.inserted = inserted
        self.moved = moved
        self.updated = updated
    }

    private enum Origin: Hashable {
        case old(IndexPath)
        case inserted(Int)
    }

    /// The Differentiator's stages of one change as one difference (the
    /// first stage's `originalSections` are the old data; no stage is no
    /// change); nil when a stage reloads or inserts, deletes, moves or
    /// updates sections (rows alone cannot tell that), or when the stages do
    /// not agree with their sections.
    public init?<Section>(stages: [Changeset<Section>]) {
        let oldCounts = stages.first?.originalSections.map(\.items.count) ?? []
        var place: [Origin: IndexPath] = [:]
        for (section, count) in oldCounts.enumerated() {
            for row in 0..<count {
                let path = IndexPath(row: row, section: section)
                place[.old(path)] = path
            }
        }
        var counts = oldCounts
        var moved = Set<Origin>()
        var updated = Set<Origin>()
        var insertions = 0
        for stage in stages {
            guard !stage.reloadData, !stage.changesSections else { return nil }
            let newCounts = stage.finalSections.map(\.items.count)
            guard let destination = TableBatch(stage).destinations(from: counts, to: newCounts) else { return nil }
            let origin = Dictionary(place.map { ($0.value, $0.key) }, uniquingKeysWith: { first, _ in first })
            updated.formUnion(stage.updatedItems.compactMap { origin[IndexPath(itemPath: $0)] })
            moved.formUnion(stage.movedItems.compactMap { origin[IndexPath(itemPath: $0.from)] })
            place = place.compactMapValues { destination($0) }
            for path in stage.insertedItems {
                place[.inserted(insertions)] = IndexPath(itemPath: path)
                insertions += 1
            }
            counts = newCounts
        }
        var deleted: [IndexPath] = []
        for (section, count) in oldCounts.enumerated() {
            for row in 0..<count where place[.old(IndexPath(row: row, section: section))] == nil {
                deleted.append(IndexPath(row: row, section: section))
            }
        }
        var inserted: [IndexPath] = []
        var moves: [Move] = []
        for (origin, path) in place {
            switch origin {
            case .inserted:
                inserted.append(path)
            case .old(let from) where moved.contains(origin):
                moves.append(Move(from: from, to: path))
            case .old:
                break
            }
        }
        self.init(
            deleted: deleted, inserted: inserted.sorted(), moved: moves.sorted { $0.to < $1.to },
            updated: updated.compactMap { place[$0] }.sorted()
        )
    }
}
