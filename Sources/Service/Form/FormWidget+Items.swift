import DBus
import WidgetsAPI
import RxWidgetsEssentials

/// An array field's value on the bus: `aa{sv}`, one dictionary per item,
/// its fields in the item's order.
extension FormWidget {
    static func itemsValue(_ items: [[String: FieldValue]]) -> DBusValue {
        .array(element: .array(.dictEntry(key: .string, value: .variant)), items.map { item in
            .dictionary(key: .string, value: .variant, item.keys.sorted().map { (.string($0), .variant(dbusValue(item[$0]!))) })
        })
    }

    /// What a new item of `field` holds (0 for a field that is not an array: the form refuses it).
    func newItemFootprint(of field: String) -> Int {
        guard let array = form.spec.field(named: field)?.array else { return 0 }
        return Footprint.of(.items([array.newItem(today: context.today())]))
    }

    /// A client's items for the array field `spec`: each a dictionary of
    /// the item's fields, each value checked as that field's.
    func items(_ elements: [DBusValue], of spec: FieldSpec, named field: String, _ what: String) throws -> FieldValue {
        guard let array = spec.array else { return .items([]) }
        guard elements.count <= array.capacity else {
            throw FormError.tooManyItems(field: field, count: elements.count, capacity: array.capacity)
        }
        return .items(try elements.enumerated().map { index, element in
            var item: [String: FieldValue] = [:]
            for entry in element.dictionaryEntries ?? [] {
                let name = entry.key.stringValue ?? ""
                let path = FieldPath(array: field, index: index, field: name).description
                guard let itemField = array.field(named: name) else {
                    throw WidgetsError.unknownField("\(what): the items of field \(quoted(field)) have no field named \(quoted(name)); they have \(array.item.map(\.name).joined(separator: ", "))")
                }
                item[name] = try fieldValue(entry.value.variantValue ?? entry.value, of: itemField, named: path, what)
            }
            return item
        })
    }
}
