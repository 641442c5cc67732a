/// Fits property values into one message: `GetAll`, `GetManagedObjects` and
/// `InterfacesAdded` carry many at once, and a message the bus would refuse
/// gets the sender disconnected. When they do not all fit, the largest are
/// left out — a client reads those with `Get`, one message each.
enum PropertyBudget {
    typealias Entry = (name: String, value: DBusValue)

    /// The entries grouped by object, then interface, with the largest left
    /// out until the rest take at most `budget` bytes.
    static func fit(_ groups: [[[Entry]]], within budget: Int) -> [[[Entry]]] {
        var sizes: [(object: Int, interface: Int, entry: Int, bytes: Int)] = []
        var total = 0
        for (object, interfaces) in groups.enumerated() {
            for (interface, entries) in interfaces.enumerated() {
                for (index, entry) in entries.enumerated() {
                    // The entry, its key and the variant around the value.
                    let bytes = 8 + 9 + entry.name.utf8.count + 258 + entry.value.encodedBytesBound
                    sizes.append((object, interface, index, bytes))
                    total += bytes
                }
            }
        }
        guard total > budget else { return groups }
        var dropped = Set<[Int]>()
        for size in sizes.sorted(by: { $0.bytes > $1.bytes }) where total > budget {
            dropped.insert([size.object, size.interface, size.entry])
            total -= size.bytes
        }
        return groups.enumerated().map { object, interfaces in
            interfaces.enumerated().map { interface, entries in
                entries.enumerated().filter { !dropped.contains([object, interface, $0.offset]) }.map(\.element)
            }
        }
    }
}
