import FoundationEssentials

/// Why two versions of sectioned data cannot be diffed row by row.
public enum DiffError: Swift.Error, CustomStringConvertible, Equatable, Sendable {
    /// Two items share an identity, so rows cannot be matched.
    case duplicateItem(identity: String, indexPath: IndexPath)

    /// Names the identity and where it repeats.
    public var description: String {
        switch self {
        case .duplicateItem(let identity, let indexPath):
            return "duplicate item identity \(identity) at \(indexPath)"
        }
    }
}

/// Computes the changeset between two versions of sectioned items.
public enum Diff {
    /// The changes from `old` to `new`, sections matched by position and rows
    /// by `identity`: rows whose identity is gone are deleted, new identities
    /// inserted, rows that changed section or order moved (as few as keep the
    /// rest in order), and rows whose content changed (`isEqual` false) updated.
    /// Throws `DiffError.duplicateItem` when an identity repeats.
    public static func changeset<Item, Identity: Hashable>(
        from old: [[Item]], to new: [[Item]],
        identity: (Item) -> Identity,
        isEqual: (Item, Item) -> Bool
    ) throws -> Changeset {
        let oldIndex = try index(old, identity: identity)
        let newIndex = try index(new, identity: identity)
        var deleted: [IndexPath] = []
        for (section, items) in old.enumerated() {
            for (row, item) in items.enumerated() where newIndex[identity(item)] == nil {
                deleted.append(IndexPath(row: row, section: section))
            }
        }
        var inserted: [IndexPath] = []
        var moved: [Changeset.Move] = []
        var updated: [IndexPath] = []
        for (section, items) in new.enumerated() {
            var stayers: [(oldRow: Int, newRow: Int)] = []
            for (row, item) in items.enumerated() {
                let newPath = IndexPath(row: row, section: section)
                guard let oldPath = oldIndex[identity(item)] else {
                    inserted.append(newPath)
                    continue
                }
                if !isEqual(old[oldPath.section][oldPath.row], item) {
                    updated.append(newPath)
                }
                if oldPath.section == section {
                    stayers.append((oldPath.row, row))
                } else {
                    moved.append(Changeset.Move(from: oldPath, to: newPath))
                }
            }
            let kept = longestIncreasingSubsequence(stayers.map(\.oldRow))
            for (position, stayer) in stayers.enumerated() where !kept.contains(position) {
                moved.append(Changeset.Move(
                    from: IndexPath(row: stayer.oldRow, section: section),
                    to: IndexPath(row: stayer.newRow, section: section)
                ))
            }
        }
        moved.sort { $0.to < $1.to }
        return Changeset(deleted: deleted, inserted: inserted, moved: moved, updated: updated)
    }

    private static func index<Item, Identity: Hashable>(_ sections: [[Item]], identity: (Item) -> Identity) throws -> [Identity: IndexPath] {
        var index: [Identity: IndexPath] = [:]
        index.reserveCapacity(sections.reduce(0) { $0 + $1.count })
        for (section, items) in sections.enumerated() {
            for (row, item) in items.enumerated() {
                let path = IndexPath(row: row, section: section)
                if index.updateValue(path, forKey: identity(item)) != nil {
                    throw DiffError.duplicateItem(identity: "\(identity(item))", indexPath: path)
                }
            }
        }
        return index
    }

    /// The positions of one longest strictly increasing subsequence of `values`.
    static func longestIncreasingSubsequence(_ values: [Int]) -> Set<Int> {
        var tailPositions: [Int] = []
        var predecessor = [Int](repeating: -1, count: values.count)
        for (position, value) in values.enumerated() {
            var low = 0
            var high = tailPositions.count
            while low < high {
                let middle = (low + high) / 2
                if values[tailPositions[middle]] < value {
                    low = middle + 1
                } else {
                    high = middle
                }
            }
            if low > 0 {
                predecessor[position] = tailPositions[low - 1]
            }
            if low == tailPositions.count {
                tailPositions.append(position)
            } else {
                tailPositions[low] = position
            }
        }
        var result = Set<Int>()
        var current = tailPositions.last ?? -1
        while current >= 0 {
            result.insert(current)
            current = predecessor[current]
        }
        return result
    }
}
