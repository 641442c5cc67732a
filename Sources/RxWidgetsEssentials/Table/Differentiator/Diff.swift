/// The Differentiator: the changes between two versions of sectioned data,
/// as the stages a table applies one batch update at a time
/// (RxDataSources' `Diff`).
public enum Diff {
    /// Why two versions cannot be diffed.
    ///
    /// The cases carry the offending values for diagnosis, as RxDataSources'
    /// do, typed `Any` to hold any section or item type; they are
    /// `@unchecked Sendable` because a diff is computed, thrown and caught
    /// on the one thread that owns the data (the main loop), and the values
    /// are the caller's own, never mutated through the error.
    public enum Error: Swift.Error, CustomDebugStringConvertible, @unchecked Sendable {
        /// Two items share an identity, in the initial or in the final data.
        case duplicateItem(item: Any)
        /// Two sections share an identity.
        case duplicateSection(section: Any)
        /// The section type's `init(original:items:)` does not give a section
        /// with those items and the original's identity.
        case invalidInitializerImplementation(section: Any, expectedItems: Any, expectedIdentifier: Any)

        /// Names the duplicate, or what the initializer returned and should have.
        public var debugDescription: String {
            switch self {
            case .duplicateItem(let item):
                return "Duplicate item \(item)"
            case .duplicateSection(let section):
                return "Duplicate section \(section)"
            case .invalidInitializerImplementation(let section, let expectedItems, let expectedIdentifier):
                return "Wrong initializer implementation for: \(section)\nExpected it should return items: \(expectedItems)\nExpected it should have id: \(expectedIdentifier)"
            }
        }
    }

    /// The changes from `initialSections` to `finalSections`, matched by the
    /// sections' and items' identities, in up to three stages, each one
    /// table batch update, empty stages left out:
    ///
    /// 1. sections that are gone deleted, items that are gone deleted, and
    ///    items whose content changed (`!=`) updated;
    /// 2. new sections inserted and sections moved into place;
    /// 3. new items inserted and items moved into place.
    ///
    /// A section or item keeps its place without a move when it comes next
    /// of those that stayed (in the original order); an item of a deleted
    /// section, or bound for an inserted one, is deleted and inserted rather
    /// than moved. Identical data gives no stage. Applying the stages in
    /// order to `initialSections` gives `finalSections`.
    ///
    /// Throws `Error.duplicateSection` or `Error.duplicateItem` when an
    /// identity repeats, and `Error.invalidInitializerImplementation` when
    /// `Section.init(original:items:)` does not keep the items and identity
    /// it was given.
    public static func differencesForSectionedView<Section: AnimatableSectionModelType>(
        initialSections: [Section],
        finalSections: [Section]
    ) throws -> [Changeset<Section>] {
        let matching = try SectionedMatching(initial: initialSections, final: finalSections)
        let removals = try matching.removals()
        let placedSections = try matching.sectionPlacement(after: removals.sections)
        let placedItems = try matching.itemPlacement(after: placedSections?.finalSections ?? removals.sections)
        return [removals.changeset, placedSections, placedItems].compactMap { $0 }
    }
}

/// A matching that contradicts itself: a fault of the Differentiator, never
/// of the data, reported rather than trapped.
struct DifferentiatorInconsistency: Error, CustomStringConvertible {
    let description: String
}

extension AnimatableSectionModelType {
    /// `init(original:items:)`, checked to keep `items` and the original's identity.
    init(checkedOriginal original: Self, items: [Item]) throws {
        self.init(original: original, items: items)
        guard self.items == items, identity == original.identity else {
            throw Diff.Error.invalidInitializerImplementation(section: self, expectedItems: items, expectedIdentifier: original.identity)
        }
    }
}
