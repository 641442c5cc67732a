/// Where a value lives in a form: a field, or a field of one item of an
/// array field, written `addresses[2].city` (signals, `SetValue`,
/// `Validity` and `FieldStates` name item fields so).
public struct FieldPath: Equatable, Sendable, CustomStringConvertible {
    /// The top-level field.
    public var field: String
    /// The item and its field, for a path into an array.
    public var item: (index: Int, field: String)?

    /// The path of a top-level field.
    public init(field: String) {
        self.field = field
    }

    /// The path of `field` in item `index` of the array `array`.
    public init(array: String, index: Int, field: String) {
        self.field = array
        item = (index, field)
    }

    /// Parses `NAME` or `NAME[INDEX].NAME`; nil for anything else.
    public init?(_ text: String) {
        guard let open = text.firstIndex(of: "[") else {
            self.init(field: text)
            return
        }
        let rest = text[text.index(after: open)...]
        guard let close = rest.firstIndex(of: "]"), rest[rest.index(after: close)...].hasPrefix("."),
              let index = Int(rest[..<close]), index >= 0, String(index) == rest[..<close] else { return nil }
        let name = String(rest[rest.index(close, offsetBy: 2)...])
        guard !name.isEmpty, !name.contains("["), !name.contains(".") else { return nil }
        self.init(array: String(text[..<open]), index: index, field: name)
    }

    /// `NAME` or `NAME[INDEX].NAME`.
    public var description: String {
        item.map { "\(field)[\($0.index)].\($0.field)" } ?? field
    }

    public static func == (lhs: FieldPath, rhs: FieldPath) -> Bool {
        lhs.field == rhs.field && lhs.item?.index == rhs.item?.index && lhs.item?.field == rhs.item?.field
    }
}
