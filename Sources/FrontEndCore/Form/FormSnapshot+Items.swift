import RxWidgetsClient
import RxWidgetsCommandLine

/// A row standing for one item of an array field: where the item's
/// gestures (remove, move) are made.
package struct ItemRow: Equatable {
    /// The array field.
    package var array: String
    /// The item's index.
    package var index: Int
    /// How many items the array holds.
    package var count: Int
}

extension FormSnapshot {
    /// The layout with each array field's items laid out after it: per item
    /// a row for the item, then its fields named by their paths, their
    /// values taken out of the array's. An item's row is shown and enabled
    /// as its array is.
    mutating func expandingItems(_ layout: [RemoteForm.Field]) -> [RemoteForm.Field] {
        layout.flatMap { field -> [RemoteForm.Field] in
            guard field.kind == .array, !field.item.isEmpty else { return [field] }
            let items = values[field.name]?.arrayElements ?? []
            var rows = [field]
            for (index, item) in items.enumerated() {
                let name = "\(field.name)[\(index)]"
                var row = RemoteForm.Field(name: name, kind: .array, label: "\(field.label) \(index + 1)")
                row.page = field.page
                rows.append(row)
                itemRows[name] = ItemRow(array: field.name, index: index, count: items.count)
                states[name] = states[field.name]
                let entries = Dictionary((item.dictionaryEntries ?? []).map { ($0.key.stringValue ?? "", $0.value.variantValue ?? $0.value) }) { first, _ in first }
                for template in field.item {
                    var itemField = template
                    itemField.name = FieldPath(array: field.name, index: index, field: template.name).description
                    itemField.page = field.page
                    values[itemField.name] = entries[template.name]
                    rows.append(itemField)
                }
            }
            return rows
        }
    }

    /// The item a field belongs to: its own row, or an item field's path.
    package func item(of field: String) -> ItemRow? {
        if let row = itemRows[field] { return row }
        guard let path = FieldPath(field), let (index, _) = path.item else { return nil }
        return itemRows["\(path.field)[\(index)]"]
    }
}
