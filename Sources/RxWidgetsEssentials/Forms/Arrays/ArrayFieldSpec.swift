/// What an `array` field repeats and how many times: the item's fields
/// (a template: each item holds one value of each), the counts its rules
/// ask for, and the most items a value may hold at all.
public struct ArrayFieldSpec: Equatable, Sendable {
    /// The fields of one item, in order. Their conditions read fields of
    /// the same item only (written `item.NAME` in a spec, held here by NAME).
    public var item: [FieldSpec]
    /// Fewer items are `tooShort`.
    public var minItems: Int
    /// More items are `tooLong`.
    public var maxItems: Int
    /// The most items a value may hold (`FormSpecLimits.arrayItems`):
    /// more are refused, so every item's cost is bounded.
    public var capacity: Int

    /// An item of `item`'s fields, between `minItems` and `maxItems` of them.
    public init(item: [FieldSpec], minItems: Int = 0, maxItems: Int = 100, capacity: Int = 1_000) {
        self.item = item
        self.minItems = minItems
        self.maxItems = maxItems
        self.capacity = capacity
    }

    /// The item field named `name`.
    public func field(named name: String) -> FieldSpec? {
        item.first { $0.name == name }
    }

    /// A new item: each field's initial value.
    public func newItem(today: CalendarDay) -> [String: FieldValue] {
        Dictionary(item.map { ($0.name, $0.initial.resolve(today: today)) }, uniquingKeysWith: { first, _ in first })
    }
}
