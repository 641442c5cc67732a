extension SectionedMatching {
    /// Stage 1: deleted sections and items, and updated items. `sections`
    /// is the data once it is applied (the staying sections, their staying
    /// items in their old order with their new content); it is computed,
    /// and each section's initializer checked, even when the stage is empty.
    func removals() throws -> (changeset: Changeset<Section>?, sections: [Section]) {
        var deletedSections: [Int] = []
        var deletedItems: [ItemPath] = []
        var updatedItems: [ItemPath] = []
        var sections: [Section] = []
        for section in initial.indices {
            guard initialSections[section].fate != .deleted else {
                deletedSections.append(section)
                continue
            }
            var items: [Item] = []
            for (index, item) in initialItems[section].enumerated() {
                let placement = initialItemPlacements[section][index]
                let path = ItemPath(sectionIndex: section, itemIndex: index)
                switch placement.fate {
                case .deleted:
                    deletedItems.append(path)
                case .moved, .movedAutomatically:
                    let newer = try finalItem(at: placement.counterpart, of: path)
                    if newer != item {
                        updatedItems.append(path)
                    }
                    items.append(newer)
                case .undecided, .inserted:
                    throw DifferentiatorInconsistency(description: "item \(path) of a staying section has no fate")
                }
            }
            sections.append(try Section(checkedOriginal: initial[section], items: items))
        }
        guard !deletedSections.isEmpty || !deletedItems.isEmpty || !updatedItems.isEmpty else {
            return (nil, sections)
        }
        let changeset = Changeset(
            originalSections: initial, finalSections: sections,
            deletedSections: deletedSections, deletedItems: deletedItems, updatedItems: updatedItems
        )
        return (changeset, sections)
    }

    /// Stage 2: inserted sections, and sections moved into place; every
    /// staying section holds its staying items still in their old order.
    func sectionPlacement(after previous: [Section]) throws -> Changeset<Section>? {
        var movedSections: [(from: Int, to: Int)] = []
        for placement in initialSections where placement.fate == .moved {
            guard let from = placement.indexAfterDeletions, let to = placement.counterpart else {
                throw DifferentiatorInconsistency(description: "a moved section has no place")
            }
            movedSections.append((from, to))
        }
        let insertedSections = final.indices.filter { finalSections[$0].fate == .inserted }
        guard !insertedSections.isEmpty || !movedSections.isEmpty else { return nil }
        let sections = try final.enumerated().map { index, section -> Section in
            let placement = finalSections[index]
            guard placement.fate != .inserted else { return section }
            guard placement.fate.stays, let origin = placement.counterpart else {
                throw DifferentiatorInconsistency(description: "final section \(index) has no fate")
            }
            var items: [Item] = []
            items.reserveCapacity(initialItems[origin].count)
            for (row, itemPlacement) in initialItemPlacements[origin].enumerated() where itemPlacement.fate != .deleted {
                items.append(try finalItem(at: itemPlacement.counterpart, of: ItemPath(sectionIndex: origin, itemIndex: row)))
            }
            return try Section(checkedOriginal: section, items: items)
        }
        return Changeset(originalSections: previous, finalSections: sections, insertedSections: insertedSections, movedSections: movedSections)
    }

    /// Stage 3: inserted items, and items moved into place, each move from
    /// where the item stands after stages 1 and 2.
    func itemPlacement(after previous: [Section]) throws -> Changeset<Section>? {
        var insertedItems: [ItemPath] = []
        var movedItems: [(from: ItemPath, to: ItemPath)] = []
        for section in final.indices where finalSections[section].fate.stays {
            for (index, placement) in finalItemPlacements[section].enumerated() {
                let path = ItemPath(sectionIndex: section, itemIndex: index)
                switch placement.fate {
                case .inserted:
                    insertedItems.append(path)
                case .moved:
                    guard let origin = placement.counterpart,
                          let originSection = initialSections[origin.sectionIndex].counterpart,
                          let from = initialItemPlacements[origin.sectionIndex][origin.itemIndex].indexAfterDeletions else {
                        throw DifferentiatorInconsistency(description: "moved item \(path) has no origin")
                    }
                    movedItems.append((ItemPath(sectionIndex: originSection, itemIndex: from), path))
                case .movedAutomatically:
                    break
                case .undecided, .deleted:
                    throw DifferentiatorInconsistency(description: "final item \(path) has no fate")
                }
            }
        }
        guard !insertedItems.isEmpty || !movedItems.isEmpty else { return nil }
        return Changeset(originalSections: previous, finalSections: final, insertedItems: insertedItems, movedItems: movedItems)
    }

    private func finalItem(at path: ItemPath?, of origin: ItemPath) throws -> Item {
        guard let path else {
            throw DifferentiatorInconsistency(description: "staying item \(origin) has no final place")
        }
        return finalItems[path.sectionIndex][path.itemIndex]
    }
}
