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

    /// The Differentiator's stages of one change as one difference (the
    /// first stage's `originalSections` are the old data; no stage is no
    /// change); nil when a stage reloads or inserts, deletes, moves or
    /// updates sections (rows alone cannot tell that), or when the stages do
    /// not agree with their sections.
    public init?<Section>(stages: [Changeset<Section>]) {
        let oldCounts = stages.first?.originalSections.map(\.items.count) ?? []
        // Every row the stages see, by origin: the old rows in order, then
        // the inserted ones as they come; each with its place, nil once gone.
        var places: [IndexPath?] = []
        for (section, count) in oldCounts.enumerated() {
            places.append(contentsOf: (0..<count).map { IndexPath(row: $0, section: section) })
        }
        let oldPlaces = places
        var isMoved = [Bool](repeating: false, count: places.count)
        var isUpdated = [Bool](repeating: false, count: places.count)
        var counts = oldCounts
        for stage in stages {
            guard !stage.reloadData, !stage.changesSections else { return nil }
            let newCounts = stage.finalSections.map(\.items.count)
            guard let destination = TableBatch(stage).destinations(from: counts, to: newCounts) else { return nil }
            if !stage.updatedItems.isEmpty || !stage.movedItems.isEmpty {
                let occupants = Self.occupants(of: places, counts: counts)
                for path in stage.updatedItems {
                    guard let origin = occupants[path] else { return nil }
                    isUpdated[origin] = true
                }
                for move in stage.movedItems {
                    guard let origin = occupants[move.from] else { return nil }
                    if origin < isMoved.count { isMoved[origin] = true }
                }
            }
            for origin in places.indices {
                places[origin] = places[origin].flatMap(destination.callAsFunction)
            }
            places.append(contentsOf: stage.insertedItems.map(IndexPath.init(itemPath:)))
            isUpdated.append(contentsOf: repeatElement(false, count: stage.insertedItems.count))
            counts = newCounts
        }
        let old = oldPlaces.indices
        self.init(
            deleted: old.filter { places[$0] == nil }.compactMap { oldPlaces[$0] },
            inserted: places[old.endIndex...].compactMap { $0 }.sorted(),
            moved: old.compactMap { origin in
                guard isMoved[origin], let from = oldPlaces[origin], let to = places[origin] else { return nil }
                return Move(from: from, to: to)
            }.sorted { $0.to < $1.to },
            updated: places.indices.compactMap { isUpdated[$0] ? places[$0] : nil }.sorted()
        )
    }

    /// Which origin is at each place of data of `counts` rows per section.
    private static func occupants(of places: [IndexPath?], counts: [Int]) -> Occupants {
        var rows = counts.map { [Int](repeating: -1, count: $0) }
        for (origin, place) in places.enumerated() {
            guard let place, rows.indices.contains(place.section), rows[place.section].indices.contains(place.row) else { continue }
            rows[place.section][place.row] = origin
        }
        return Occupants(rows: rows)
    }

    private struct Occupants {
        let rows: [[Int]]

        subscript(path: ItemPath) -> Int? {
            guard rows.indices.contains(path.sectionIndex), rows[path.sectionIndex].indices.contains(path.itemIndex) else { return nil }
            let origin = rows[path.sectionIndex][path.itemIndex]
            return origin >= 0 ? origin : nil
        }
    }
}
