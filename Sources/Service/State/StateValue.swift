import DBus

/// A widget's state value as the state writer takes it: a D-Bus value, or
/// a container of them whose variants are made as the file is encoded.
///
/// A picker keeps its models as an `av` per component: wrapped in
/// `DBusValue.variant` up front (an `indirect` case, a heap box per model),
/// a million models doubled the daemon's memory while their file was
/// written (51 → 103 MiB). `variants` holds the values inside, and the
/// writer wraps them a frame at a time; the bytes written are the same.
enum StateValue: Sendable {
    case value(DBusValue)
    /// An `av` whose variants hold these values.
    case variants([DBusValue])
    case array(element: DBusType, [StateValue])
    case structure([StateValue])

    /// The value as one `DBusValue`, every variant made.
    var materialized: DBusValue {
        switch self {
        case .value(let value): return value
        case .variants(let values): return .array(element: .variant, values.map { .variant($0) })
        case .array(let element, let items): return .array(element: element, items.map(\.materialized))
        case .structure(let fields): return .structure(fields.map(\.materialized))
        }
    }

    /// An upper bound of its bytes on the wire (`StateFile.wireBytes`);
    /// nil as soon as it passes `limit` or nests more than `depth` containers.
    func wireBytes(atMost limit: Int, depth: Int) -> Int? {
        func sum<Parts: Sequence>(_ start: Int, _ parts: Parts, _ size: (Parts.Element, Int) -> Int?) -> Int? {
            guard depth > 0 else { return nil }
            var total = start
            for part in parts {
                guard let bytes = size(part, limit - total) else { return nil }
                total += bytes
            }
            return total <= limit ? total : nil
        }
        switch self {
        case .value(let value): return StateFile.wireBytes(value, atMost: limit, depth: depth)
        case .variants(let values):
            // As `StateFile.wireBytes` counts a variant, without making one.
            return sum(16, values) { value, room in room < 258 ? nil : StateFile.wireBytes(value, atMost: room - 258, depth: depth - 2).map { 258 + $0 } }
        case .array(_, let items): return sum(16, items) { $0.wireBytes(atMost: $1, depth: depth - 1) }
        case .structure(let fields): return sum(8, fields) { $0.wireBytes(atMost: $1, depth: depth - 1) }
        }
    }
}
