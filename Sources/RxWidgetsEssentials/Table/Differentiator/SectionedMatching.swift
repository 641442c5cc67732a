/// What becomes of a section or an item between two versions of the data.
enum Fate: Equatable {
    /// Not decided yet.
    case undecided
    /// New: it has no counterpart, or its counterpart cannot move there.
    case inserted
    /// Gone, or leaving for a section that is inserted.
    case deleted
    /// Stays, but needs an explicit move to get to its place.
    case moved
    /// Stays and comes next of those that stayed: in place without a move.
    case movedAutomatically

    var stays: Bool {
        self == .moved || self == .movedAutomatically
    }
}

/// A section's or item's fate, its counterpart in the other version, and
/// (in the initial version) its index once the deletions are made.
struct Placement<Index> {
    var fate = Fate.undecided
    var counterpart: Index?
    var indexAfterDeletions: Int?
}

/// The sections and items of two versions matched by identity and each
/// given its fate: the work of `Diff.differencesForSectionedView`, before
/// its stages are written out.
struct SectionedMatching<Section: AnimatableSectionModelType> {
    typealias Item = Section.Item

    let initial: [Section]
    let final: [Section]
    let initialItems: [[Item]]
    let finalItems: [[Item]]
    var initialSections: [Placement<Int>]
    var finalSections: [Placement<Int>]
    var initialItemPlacements: [[Placement<ItemPath>]]
    var finalItemPlacements: [[Placement<ItemPath>]]

    init(initial: [Section], final: [Section]) throws {
        self.initial = initial
        self.final = final
        initialItems = initial.map(\.items)
        finalItems = final.map(\.items)
        initialSections = Array(repeating: Placement(), count: initial.count)
        finalSections = Array(repeating: Placement(), count: final.count)
        initialItemPlacements = initialItems.map { Array(repeating: Placement(), count: $0.count) }
        finalItemPlacements = finalItems.map { Array(repeating: Placement(), count: $0.count) }
        try matchSections()
        placeSections()
        try matchItems()
        markDeletedItems()
        try placeItems()
    }

    // MARK: Sections

    private mutating func matchSections() throws {
        var indexOf: [Section.Identity: Int] = Dictionary(minimumCapacity: initial.count)
        for (index, section) in initial.enumerated() {
            guard indexOf.updateValue(index, forKey: section.identity) == nil else {
                throw Diff.Error.duplicateSection(section: section)
            }
        }
        for (index, section) in final.enumerated() {
            guard let origin = indexOf[section.identity] else { continue }
            guard initialSections[origin].counterpart == nil else {
                throw Diff.Error.duplicateSection(section: section)
            }
            initialSections[origin].counterpart = index
            finalSections[index].counterpart = origin
        }
        var afterDeletions = 0
        for index in initial.indices {
            if initialSections[index].counterpart == nil {
                initialSections[index].fate = .deleted
            } else {
                initialSections[index].indexAfterDeletions = afterDeletions
                afterDeletions += 1
            }
        }
    }

    /// Walks the final sections in order beside the next initial section
    /// still undecided: a section that is that one is in place, any other moves.
    private mutating func placeSections() {
        var nextInPlace: Int? = 0
        for index in final.indices {
            nextInPlace = Self.firstUndecided(in: initialSections, from: nextInPlace)
            guard let origin = finalSections[index].counterpart else {
                finalSections[index].fate = .inserted
                continue
            }
            let fate: Fate = origin == nextInPlace ? .movedAutomatically : .moved
            finalSections[index].fate = fate
            initialSections[origin].fate = fate
        }
    }

    // MARK: Items

    private mutating func matchItems() throws {
        var pathOf: [Item.Identity: ItemPath] = Dictionary(minimumCapacity: initialItems.reduce(0) { $0 + $1.count })
        for (section, items) in initialItems.enumerated() {
            for (index, item) in items.enumerated() {
                if let earlier = pathOf.updateValue(ItemPath(sectionIndex: section, itemIndex: index), forKey: item.identity) {
                    throw Diff.Error.duplicateItem(item: initialItems[earlier.sectionIndex][earlier.itemIndex])
                }
            }
        }
        for (section, items) in finalItems.enumerated() {
            for (index, item) in items.enumerated() {
                guard let origin = pathOf[item.identity] else { continue }
                guard initialItemPlacements[origin.sectionIndex][origin.itemIndex].counterpart == nil else {
                    throw Diff.Error.duplicateItem(item: item)
                }
                let path = ItemPath(sectionIndex: section, itemIndex: index)
                initialItemPlacements[origin.sectionIndex][origin.itemIndex].counterpart = path
                finalItemPlacements[section][index].counterpart = origin
            }
        }
    }

    /// Items that are gone, or bound for an inserted section, are deleted;
    /// the rest of a staying section are numbered as they stand once those are.
    private mutating func markDeletedItems() {
        for section in initial.indices where initialSections[section].counterpart != nil {
            var afterDeletions = 0
            for index in initialItems[section].indices {
                guard let destination = initialItemPlacements[section][index].counterpart,
                      finalSections[destination.sectionIndex].fate != .inserted else {
                    initialItemPlacements[section][index].fate = .deleted
                    continue
                }
                initialItemPlacements[section][index].indexAfterDeletions = afterDeletions
                afterDeletions += 1
            }
        }
    }

    /// Walks each staying final section's items beside the next undecided
    /// item of the section it came from, as `placeSections` walks sections.
    /// An item from a deleted section is inserted.
    private mutating func placeItems() throws {
        for section in final.indices {
            guard let originSection = finalSections[section].counterpart else { continue }
            var nextInPlace: Int? = 0
            for index in finalItems[section].indices {
                nextInPlace = Self.firstUndecided(in: initialItemPlacements[originSection], from: nextInPlace)
                guard let origin = finalItemPlacements[section][index].counterpart,
                      initialSections[origin.sectionIndex].fate != .deleted else {
                    finalItemPlacements[section][index].fate = .inserted
                    continue
                }
                guard initialSections[origin.sectionIndex].fate.stays else {
                    throw DifferentiatorInconsistency(description: "item \(origin) comes from a section that neither stays nor leaves")
                }
                let fate: Fate = origin == ItemPath(sectionIndex: originSection, itemIndex: nextInPlace ?? -1) ? .movedAutomatically : .moved
                initialItemPlacements[origin.sectionIndex][origin.itemIndex].fate = fate
                finalItemPlacements[section][index].fate = fate
            }
        }
    }

    private static func firstUndecided<Index>(in placements: [Placement<Index>], from start: Int?) -> Int? {
        guard let start else { return nil }
        return placements[start...].firstIndex { $0.fate == .undecided }
    }
}
