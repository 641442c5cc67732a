/// What a value takes of the heap once read, as the daemon's memory budget
/// counts it and as `WireReader` counts it while reading: a slot per
/// value, a 32-byte header per array, a box for a variant's or a dictionary
/// entry's contents, and a string of more than 15 UTF-8 bytes its bytes
/// rounded up to 16 behind a 32-byte header.
extension DBusValue {
    /// One value's slot (in an array, a structure, a box).
    public static let slotBytes = MemoryLayout<DBusValue>.stride
    /// An array's header.
    public static let arrayHeaderBytes = 32
    /// The box of an `indirect` case (a variant, a dictionary entry), beyond its contents' slots.
    public static let boxBytes = 16

    /// The heap a string of `count` UTF-8 bytes takes beyond its slot.
    public static func heapBytes(ofText count: Int) -> Int {
        count <= 15 ? 0 : 32 + (count + 15) & ~15
    }

    /// The value's slot and everything it points to. The recursion is as
    /// deep as the value's nesting, which D-Bus bounds (every value comes
    /// from a message or a state file made of messages).
    public var footprint: Int {
        switch self {
        case .string(let text): return DBusValue.slotBytes + DBusValue.heapBytes(ofText: text.utf8.count)
        case .objectPath(let path): return DBusValue.slotBytes + DBusValue.heapBytes(ofText: path.rawValue.utf8.count)
        case .signature(let signature): return DBusValue.slotBytes + DBusValue.heapBytes(ofText: signature.rawValue.utf8.count)
        case .array(_, let elements): return DBusValue.slotBytes + DBusValue.footprint(of: elements)
        case .structure(let fields): return DBusValue.slotBytes + DBusValue.footprint(of: fields)
        case .dictEntry(let key, let value): return DBusValue.slotBytes + DBusValue.boxBytes + key.footprint + value.footprint
        case .variant(let inner): return DBusValue.slotBytes + DBusValue.boxBytes + inner.footprint
        default: return DBusValue.slotBytes
        }
    }

    /// An array of values: its header and every element.
    public static func footprint(of values: [DBusValue]) -> Int {
        values.reduce(arrayHeaderBytes) { $0 + $1.footprint }
    }
}
