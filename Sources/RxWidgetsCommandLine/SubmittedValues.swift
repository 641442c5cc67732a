import RxWidgetsClient

/// What a submitted form prints, the same from every front end.
package enum SubmittedValues {
    package enum Format: Equatable {
        /// `name=value` lines, in the layout's order.
        case lines
        /// One JSON object (`--json`).
        case json
        /// One field's value alone (`input`, `write`).
        case value(String)
    }

    /// An array's items are printed field by field in the item's order:
    /// `NAME[INDEX].FIELD=VALUE` lines (as `answer` takes them back), or a
    /// JSON array of objects.
    package static func output(of values: [String: DBusValue], layout: [RemoteForm.Field], as format: Format) -> String {
        let ordered = layout.compactMap { field in values[field.name].map { (field, $0) } }
        switch format {
        case .lines:
            return ordered.map { field, value in lines(of: field, value) }.joined()
        case .json:
            let members: [String] = ordered.map { field, value in ValueText.string(field.name) + ":" + json(of: field, value) }
            return "{" + members.joined(separator: ",") + "}\n"
        case .value(let name): return values[name].map { lines(of: $0).map { $0 + "\n" }.joined() } ?? "\n"
        }
    }

    /// `NAME=VALUE` lines of one field; an array's as `NAME[INDEX].FIELD=VALUE`.
    private static func lines(of field: RemoteForm.Field, _ value: DBusValue) -> String {
        guard let items = items(of: value, field) else {
            return lines(of: value).map { "\(field.name)=\($0)\n" }.joined()
        }
        var output = ""
        for item in items {
            for (name, itemValue) in item.fields {
                let path = FieldPath(array: field.name, index: item.index, field: name).description
                output += lines(of: itemValue).map { "\(path)=\($0)\n" }.joined()
            }
        }
        return output
    }

    /// One field's value as JSON; an array's as an array of objects in the item's order.
    private static func json(of field: RemoteForm.Field, _ value: DBusValue) -> String {
        guard let items = items(of: value, field) else { return ValueText.json(value) }
        let objects: [String] = items.map { item in
            let members: [String] = item.fields.map { ValueText.string($0.0) + ":" + ValueText.json($0.1) }
            return "{" + members.joined(separator: ",") + "}"
        }
        return "[" + objects.joined(separator: ",") + "]"
    }

    /// An array field's items, each its fields' values in the item's order; nil for other fields.
    private static func items(of value: DBusValue, _ field: RemoteForm.Field) -> [(index: Int, fields: [(String, DBusValue)])]? {
        guard field.kind == .array, let elements = value.arrayElements else { return nil }
        return elements.enumerated().map { index, element in
            let entries = Dictionary((element.dictionaryEntries ?? []).map { ($0.key.stringValue ?? "", $0.value.variantValue ?? $0.value) }) { first, _ in first }
            return (index, field.item.compactMap { template in entries[template.name].map { (template.name, $0) } })
        }
    }

    /// A value's lines: a list of texts (a file field's paths) one a line,
    /// as `answer` takes them back (FIELD=PATH once per file); none for an
    /// empty list; any other value on one line.
    private static func lines(of value: DBusValue) -> [String] {
        if case .array(.string, let elements) = value {
            return elements.map(ValueText.plain)
        }
        return [ValueText.plain(value)]
    }
}
