import DBus
import RxWidgetsEssentials

/// Which values of a form are secrets (text fields with `secret`, an
/// array's item fields among them), and those values taken out of what is
/// broadcast or written to disk (API rule 13: a secret stays with its owner).
struct FormSecrets {
    private let fields: Set<String>
    /// Per array field, its item's secret fields.
    private let itemFields: [String: Set<String>]

    init(_ spec: FormSpec) {
        func secret(_ field: FieldSpec) -> Bool { field.kind == .text && field.presentation.secret }
        fields = Set(spec.fields.filter(secret).map(\.name))
        itemFields = Dictionary(spec.fields.compactMap { field in
            field.array.map { array in (field.name, Set(array.item.filter(secret).map(\.name))) }
        }.filter { !$0.1.isEmpty }, uniquingKeysWith: { first, _ in first })
    }

    /// Whether `name` (a field or an item field's path) holds a secret.
    func contains(_ name: String) -> Bool {
        guard let path = FieldPath(name), let (_, field) = path.item else { return fields.contains(name) }
        return itemFields[path.field]?.contains(field) == true
    }

    /// The value of `name` as anyone may see it: a secret is the empty
    /// string, and an array's items hold their secret fields empty.
    func redacting(_ name: String, _ value: DBusValue) -> DBusValue {
        if contains(name) { return .string("") }
        guard let secret = itemFields[name] else { return value }
        return mapItems(value) { entry in secret.contains(entry.key.stringValue ?? "") ? (entry.key, .variant(.string(""))) : entry }
    }

    /// The value of `name` as the state file keeps it: nil for a secret,
    /// an array's items without their secret fields (a restored item has
    /// them as a new item begins them).
    func withoutSecrets(_ name: String, _ value: DBusValue) -> DBusValue? {
        if contains(name) { return nil }
        guard let secret = itemFields[name] else { return value }
        return mapItems(value) { entry in secret.contains(entry.key.stringValue ?? "") ? nil : entry }
    }

    private func mapItems(_ value: DBusValue, _ transform: ((key: DBusValue, value: DBusValue)) -> (key: DBusValue, value: DBusValue)?) -> DBusValue {
        guard case .array(let element, let items) = value else { return value }
        return .array(element: element, items.map { item in
            .dictionary(key: .string, value: .variant, (item.dictionaryEntries ?? []).compactMap(transform))
        })
    }
}
