import FoundationEssentials

/// Foundation's `IndexPath`, the very type RxCocoa code uses. Declared here
/// as an alias so that a file importing this library sees it without
/// importing Foundation, and one importing both sees one type.
public typealias IndexPath = FoundationEssentials.IndexPath

extension IndexPath {
    /// A row in a section (a table) or a row in a component (a picker), as UIKit builds it.
    public init(row: Int, section: Int) {
        self.init(indexes: [section, row])
    }

    /// An item in a section of a collection view, as UIKit builds it.
    public init(item: Int, section: Int) {
        self.init(indexes: [section, item])
    }

    /// The section (a picker's component): the first index, as in UIKit.
    public var section: Int {
        get { self[0] }
        set { self[0] = newValue }
    }

    /// The row: the second index, as in UIKit.
    public var row: Int {
        get { self[1] }
        set { self[1] = newValue }
    }

    /// The item of a collection view: the row.
    public var item: Int {
        get { row }
        set { row = newValue }
    }
}
