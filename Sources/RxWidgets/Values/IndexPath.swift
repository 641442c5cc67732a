/// A row in a section (a table) or a row in a component (a picker).
public struct IndexPath: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The row.
    public var row: Int
    /// The section, or the picker's component.
    public var section: Int

    /// The path of `row` in `section`.
    public init(row: Int, section: Int) {
        self.row = row
        self.section = section
    }

    /// The picker's name for the section.
    public var component: Int {
        section
    }

    /// Ordered by section, then row.
    public static func < (lhs: IndexPath, rhs: IndexPath) -> Bool {
        (lhs.section, lhs.row) < (rhs.section, rhs.row)
    }

    /// `[section, row]`, as Foundation prints it.
    public var description: String {
        "[\(section), \(row)]"
    }
}
