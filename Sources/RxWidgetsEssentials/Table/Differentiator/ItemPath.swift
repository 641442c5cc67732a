/// An item's place in sectioned data: RxDataSources' `ItemPath`, the
/// Differentiator's index path (a table's `IndexPath` names the same place
/// with `section` and `row`).
public struct ItemPath: Hashable, Sendable, CustomDebugStringConvertible {
    /// The section's index.
    public let sectionIndex: Int
    /// The item's index within its section.
    public let itemIndex: Int

    /// The item at `itemIndex` of section `sectionIndex`.
    public init(sectionIndex: Int, itemIndex: Int) {
        self.sectionIndex = sectionIndex
        self.itemIndex = itemIndex
    }

    /// `(section, item)`.
    public var debugDescription: String {
        "(\(sectionIndex), \(itemIndex))"
    }
}

extension Array where Element: AnimatableSectionModelType {
    /// The item at `index`.
    public subscript(index: ItemPath) -> Element.Item {
        self[index.sectionIndex].items[index.itemIndex]
    }
}
