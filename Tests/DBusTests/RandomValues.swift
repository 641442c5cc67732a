import BusTestSupport
@testable import DBus

/// A random value of every D-Bus type, nested up to `depth` containers
/// deep: arrays of one element type, structures, dictionaries, variants.
func randomValue(depth: Int, using random: inout SeededGenerator) -> DBusValue {
    let strings = ["", "a", "día", String(repeating: "x", count: 300), "\u{1F600} wide"]
    let leaf = Int.random(in: 0..<13, using: &random)
    if depth > 0 && Bool.random(using: &random) {
        switch Int.random(in: 0..<4, using: &random) {
        case 0:
            let element = randomValue(depth: depth - 1, using: &random)
            let count = Int.random(in: 0..<4, using: &random)
            // Elements of one type: the first one's, again.
            return .array(element: element.type, Array(repeating: element, count: count))
        case 1:
            return .structure((0..<Int.random(in: 1..<4, using: &random)).map { _ in randomValue(depth: depth - 1, using: &random) })
        case 2:
            let value = randomValue(depth: depth - 1, using: &random)
            return .array(element: .dictEntry(key: .string, value: value.type), [.dictEntry(.string("k"), value), .dictEntry(.string("l"), value)])
        default:
            return .variant(randomValue(depth: depth - 1, using: &random))
        }
    }
    switch leaf {
    case 0: return .byte(UInt8.random(in: 0...255, using: &random))
    case 1: return .boolean(Bool.random(using: &random))
    case 2: return .int16(Int16.random(in: .min ... .max, using: &random))
    case 3: return .uint16(UInt16.random(in: 0 ... .max, using: &random))
    case 4: return .int32(Int32.random(in: .min ... .max, using: &random))
    case 5: return .uint32(UInt32.random(in: 0 ... .max, using: &random))
    case 6: return .int64(Int64.random(in: .min ... .max, using: &random))
    case 7: return .uint64(UInt64.random(in: 0 ... .max, using: &random))
    case 8: return .double(Double.random(in: -1e9...1e9, using: &random))
    case 9: return .objectPath(ObjectPath("/org/rx\(Int.random(in: 0..<9, using: &random))")!)
    case 10: return .signature(Signature(types: [.int32, .array(.string)]))
    default: return .string(strings.randomElement(using: &random)!)
    }
}
