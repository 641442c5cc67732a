/// One stage of a change of sectioned data, as a table applies it in one
/// batch update (RxDataSources' `Changeset`).
///
/// Within a stage, deleted sections and items and updated items are index
/// paths in `originalSections`; inserted ones and the destinations of moves
/// are in `finalSections`; a moved item's source is its place once the
/// stage's deletions are made. `finalSections` is the data the table shows
/// once the stage is applied.
public struct Changeset<Section: SectionModelType> {
    /// The item type.
    public typealias Item = Section.Item

    /// Whether the table is to reload instead of applying the stage.
    public let reloadData: Bool

    /// The data before the stage.
    public let originalSections: [Section]
    /// The data after the stage.
    public let finalSections: [Section]

    /// Sections that are new, in `finalSections`.
    public let insertedSections: [Int]
    /// Sections that are gone, in `originalSections`.
    public let deletedSections: [Int]
    /// Sections that moved: from their index once deletions are made, to their final index.
    public let movedSections: [(from: Int, to: Int)]
    /// Sections whose model changed.
    public let updatedSections: [Int]

    /// Items that are new, in `finalSections`.
    public let insertedItems: [ItemPath]
    /// Items that are gone, in `originalSections`.
    public let deletedItems: [ItemPath]
    /// Items that moved: from their place once deletions are made, to their final place.
    public let movedItems: [(from: ItemPath, to: ItemPath)]
    /// Items whose identity stayed and whose content changed, in `originalSections`.
    public let updatedItems: [ItemPath]

    /// A stage; every part empty unless given.
    public init(
        reloadData: Bool = false,
        originalSections: [Section] = [],
        finalSections: [Section] = [],
        insertedSections: [Int] = [],
        deletedSections: [Int] = [],
        movedSections: [(from: Int, to: Int)] = [],
        updatedSections: [Int] = [],
        insertedItems: [ItemPath] = [],
        deletedItems: [ItemPath] = [],
        movedItems: [(from: ItemPath, to: ItemPath)] = [],
        updatedItems: [ItemPath] = []
    ) {
        self.reloadData = reloadData
        self.originalSections = originalSections
        self.finalSections = finalSections
        self.insertedSections = insertedSections
        self.deletedSections = deletedSections
        self.movedSections = movedSections
        self.updatedSections = updatedSections
        self.insertedItems = insertedItems
        self.deletedItems = deletedItems
        self.movedItems = movedItems
        self.updatedItems = updatedItems
    }

    /// The first binding of `sections`: a reload that inserts every section.
    public static func initialValue(_ sections: [Section]) -> Changeset<Section> {
        Changeset(reloadData: true, finalSections: sections, insertedSections: Array(sections.indices))
    }

    /// Whether the stage changes sections (inserts, deletes, moves or updates them) rather than only items.
    public var changesSections: Bool {
        !insertedSections.isEmpty || !deletedSections.isEmpty || !movedSections.isEmpty || !updatedSections.isEmpty
    }
}

extension Changeset: Sendable where Section: Sendable, Section.Item: Sendable {}

extension Changeset: CustomDebugStringConvertible {
    /// The final sections, then each non-empty part.
    public var debugDescription: String {
        let parts: [(String, String, Bool)] = [
            ("insertedSections", "\(insertedSections)", insertedSections.isEmpty),
            ("deletedSections", "\(deletedSections)", deletedSections.isEmpty),
            ("movedSections", "\(movedSections)", movedSections.isEmpty),
            ("updatedSections", "\(updatedSections)", updatedSections.isEmpty),
            ("insertedItems", "\(insertedItems)", insertedItems.isEmpty),
            ("deletedItems", "\(deletedItems)", deletedItems.isEmpty),
            ("movedItems", "\(movedItems)", movedItems.isEmpty),
            ("updatedItems", "\(updatedItems)", updatedItems.isEmpty),
        ]
        let listed = parts.filter { !$0.2 }.map { "\n\($0.0):\n\t\($0.1)" }.joined()
        return " >> Final sections\n[\n" + finalSections.map { "\($0)" }.joined(separator: ",\n") + "\n]\n" + (reloadData ? "\nreload" : "") + listed
    }
}
