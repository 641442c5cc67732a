import FoundationEssentials

/// The changes of one batch update, as `TableView.beginUpdates()` and
/// `endUpdates()` collect them: deletions, reloads and the sources of
/// moves in the old data; insertions and the destinations of moves in the
/// new data, as UIKit reads them.
struct TableBatch {
    var deletedSections = Set<Int>()
    var insertedSections = Set<Int>()
    var reloadedSections = Set<Int>()
    /// Old section → new section.
    var movedSections: [Int: Int] = [:]
    var deletedRows = Set<IndexPath>()
    var insertedRows = Set<IndexPath>()
    var reloadedRows = Set<IndexPath>()
    /// Old row → new row.
    var movedRows: [IndexPath: IndexPath] = [:]

    init() {}

    /// One stage of the Differentiator's changes.
    init<Section>(_ changes: Changeset<Section>) {
        deletedSections = Set(changes.deletedSections)
        insertedSections = Set(changes.insertedSections)
        reloadedSections = Set(changes.updatedSections)
        movedSections = Dictionary(changes.movedSections.map { ($0.from, $0.to) }, uniquingKeysWith: { _, last in last })
        deletedRows = Set(changes.deletedItems.map(IndexPath.init(itemPath:)))
        insertedRows = Set(changes.insertedItems.map(IndexPath.init(itemPath:)))
        reloadedRows = Set(changes.updatedItems.map(IndexPath.init(itemPath:)))
        movedRows = Dictionary(changes.movedItems.map { (IndexPath(itemPath: $0.from), IndexPath(itemPath: $0.to)) }, uniquingKeysWith: { _, last in last })
    }

    /// Adds another batch's changes; a later move of the same section or row wins.
    mutating func merge(_ other: TableBatch) {
        deletedSections.formUnion(other.deletedSections)
        insertedSections.formUnion(other.insertedSections)
        reloadedSections.formUnion(other.reloadedSections)
        movedSections.merge(other.movedSections) { _, last in last }
        deletedRows.formUnion(other.deletedRows)
        insertedRows.formUnion(other.insertedRows)
        reloadedRows.formUnion(other.reloadedRows)
        movedRows.merge(other.movedRows) { _, last in last }
    }

    /// Where each old row is once the batch is applied to data of
    /// `oldCounts` rows per section, giving `newCounts`; nil when the batch
    /// does not agree with those counts (what UIKit raises an exception for):
    /// a place outside its data, a section or row both deleted and moved,
    /// two changes arriving at one place, or a staying section whose new
    /// count is not its old count less what left plus what arrived.
    func destinations(from oldCounts: [Int], to newCounts: [Int]) -> RowDestinations? {
        let oldSections = oldCounts.indices
        let newSections = newCounts.indices
        let arrivingSections = Array(insertedSections) + Array(movedSections.values)
        guard deletedSections.allSatisfy(oldSections.contains), reloadedSections.allSatisfy(oldSections.contains),
              insertedSections.allSatisfy(newSections.contains),
              movedSections.allSatisfy({ oldSections.contains($0.key) && newSections.contains($0.value) && !deletedSections.contains($0.key) }),
              Set(arrivingSections).count == arrivingSections.count else { return nil }
        let staying = oldSections.filter { !deletedSections.contains($0) && movedSections[$0] == nil }
        let free = newSections.filter { !arrivingSections.contains($0) }
        guard staying.count == free.count else { return nil }
        var sectionMap = [Int?](repeating: nil, count: oldCounts.count)
        for (old, new) in zip(staying, free) {
            sectionMap[old] = new
        }
        for (old, new) in movedSections {
            sectionMap[old] = new
        }
        let inOld = { (path: IndexPath) in oldSections.contains(path.section) && path.row >= 0 && path.row < oldCounts[path.section] }
        let inNew = { (path: IndexPath) in newSections.contains(path.section) && path.row >= 0 && path.row < newCounts[path.section] }
        let arrivingRows = Array(insertedRows) + Array(movedRows.values)
        guard deletedRows.allSatisfy(inOld), reloadedRows.allSatisfy(inOld), insertedRows.allSatisfy(inNew),
              movedRows.allSatisfy({ inOld($0.key) && inNew($0.value) && !deletedRows.contains($0.key) && sectionMap[$0.key.section] != nil }),
              Set(arrivingRows).count == arrivingRows.count else { return nil }
        var leaving = [[Int]](repeating: [], count: oldCounts.count)
        for path in deletedRows where sectionMap[path.section] != nil {
            leaving[path.section].append(path.row)
        }
        for path in movedRows.keys {
            leaving[path.section].append(path.row)
        }
        var arriving = [[Int]](repeating: [], count: newCounts.count)
        for path in arrivingRows {
            arriving[path.section].append(path.row)
        }
        for old in oldSections {
            guard let new = sectionMap[old] else { continue }
            guard newCounts[new] == oldCounts[old] - leaving[old].count + arriving[new].count else { return nil }
        }
        return RowDestinations(
            sections: sectionMap, oldCounts: oldCounts, movedRows: movedRows,
            leaving: leaving.map { $0.sorted() }, arriving: arriving.map { $0.sorted() }
        )
    }
}

/// Where the rows of a table are after a batch update: a deleted row, or a
/// row of a deleted section, is nowhere; a moved row is where it was moved;
/// the rest keep their order within their section and take, in order, the
/// places of its new rows that nothing arrived at.
struct RowDestinations {
    let sections: [Int?]
    let oldCounts: [Int]
    let movedRows: [IndexPath: IndexPath]
    /// Per old section, the sorted rows that were deleted or moved away.
    let leaving: [[Int]]
    /// Per new section, the sorted rows that were inserted or moved in.
    let arriving: [[Int]]

    /// The new place of the old row at `path`, nil when it is gone.
    func callAsFunction(_ path: IndexPath) -> IndexPath? {
        guard sections.indices.contains(path.section), let section = sections[path.section],
              path.row >= 0, path.row < oldCounts[path.section] else { return nil }
        let leavingBelow = Self.count(of: leaving[path.section], below: path.row)
        if leaving[path.section].indices.contains(leavingBelow), leaving[path.section][leavingBelow] == path.row {
            return movedRows[path]
        }
        return IndexPath(row: Self.freePlace(path.row - leavingBelow, among: arriving[section]), section: section)
    }

    /// The place of the `index`th row (from 0) that nothing arrived at, the
    /// sorted rows of `arriving` taken: the first place with `index + 1`
    /// free places up to and including it.
    private static func freePlace(_ index: Int, among arriving: [Int]) -> Int {
        var low = index
        var high = index + arriving.count
        while low < high {
            let middle = (low + high) / 2
            if middle + 1 - count(of: arriving, below: middle + 1) >= index + 1 {
                high = middle
            } else {
                low = middle + 1
            }
        }
        return low
    }

    private static func count(of sorted: [Int], below value: Int) -> Int {
        var low = 0
        var high = sorted.count
        while low < high {
            let middle = (low + high) / 2
            if sorted[middle] < value {
                low = middle + 1
            } else {
                high = middle
            }
        }
        return low
    }
}
