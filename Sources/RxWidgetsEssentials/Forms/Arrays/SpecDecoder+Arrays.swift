/// Decoding of `array` fields (docs/forms.md, "Field arrays"): the item's
/// fields, whose conditions read `item.NAME` (a field of the same item),
/// `min` and `max`, and the initial items. An item's fields are what a
/// top-level field is but for what reads another item or the whole form:
/// no arrays inside, no `optionsFrom`, remote checks, `equalTo`,
/// `notEqualTo`, bounds of another field or `updateOn: blur`.
extension SpecDecoder {
    mutating func decodeArray(_ members: [String: (JSONValue, String)], kind: FieldKind, path: String) -> ArrayFieldSpec? {
        guard kind == .array else {
            for key in ["item", "min", "max"] {
                if let entry = members[key] { problem(entry.1, "\(key) applies to array fields only") }
            }
            return nil
        }
        for key in ["options", "rules", "placeholder", "secret", "multiline", "optionsFrom", "updateOn"] {
            if let entry = members[key] { problem(entry.1, "\(key) does not apply to an array field; give it to the item's fields") }
        }
        guard let itemEntry = members["item"] else {
            problem(path, "missing \"item\" of an array field: the fields of one item")
            return nil
        }
        guard let entries = array(itemEntry) else { return nil }
        guard !entries.isEmpty else {
            problem(itemEntry.1, "an item needs at least one field")
            return nil
        }
        guard entries.count <= limits.itemFields else {
            exceeded = exceeded ?? FormSpecLimitError(path: itemEntry.1, message: "an item of \(entries.count) fields; the limit is \(limits.itemFields)")
            return nil
        }
        itemValues += entries.count * limits.arrayItems
        if itemValues > limits.itemValues {
            exceeded = exceeded ?? FormSpecLimitError(path: itemEntry.1, message: "the form's arrays could hold \(itemValues) item values (\(limits.arrayItems) items × their fields); the budget is \(limits.itemValues)")
            return nil
        }
        // Clamped, so a refused spec never makes a million new items.
        let maxItems = min(members["max"].flatMap { count($0) } ?? min(100, limits.arrayItems), limits.arrayItems)
        let minItems = min(members["min"].flatMap { count($0) } ?? 0, maxItems)
        if let entry = members["max"], let given = count(entry), given > limits.arrayItems {
            problem(entry.1, "an array holds at most \(limits.arrayItems) items; got \(given)")
        }
        if let entry = members["min"], let given = count(entry), given > maxItems {
            problem(entry.1, "min is above max (\(maxItems))")
        }
        valuesPerPattern = limits.arrayItems
        defer { valuesPerPattern = 1 }
        var item: [FieldSpec] = []
        for (entry, fieldPath) in entries {
            guard let field = decodeItemField(entry, fieldPath) else { continue }
            if item.contains(where: { $0.name == field.name }) {
                problem("\(fieldPath).name", "a field named \(quoted(field.name, quote: "\"")) already exists in the item")
                continue
            }
            item.append(field)
        }
        decodeItemConditions(&item, entries)
        return ArrayFieldSpec(item: item, minItems: minItems, maxItems: maxItems, capacity: limits.arrayItems)
    }

    /// One field of an item, refused where it would read beyond its item.
    private mutating func decodeItemField(_ entry: JSONValue, _ path: String) -> FieldSpec? {
        if case .object(let members) = entry {
            for member in members where ["optionsFrom", "updateOn"].contains(member.key) {
                problem(JSONValue.path(path, key: member.key), "\(member.key) is not supported in an array's item")
            }
            if members.contains(where: { $0.key == "kind" && $0.value == .string(FieldKind.array.rawValue) }) {
                problem(JSONValue.path(path, key: "kind"), "an array's item cannot hold an array (arrays are one level deep)")
                return nil
            }
        }
        guard let field = decodeField(entry, path) else { return nil }
        let rules = field.rules
        for (key, reads) in [("remote", rules.remote != nil), ("equalTo", rules.equalTo != nil), ("notEqualTo", rules.notEqualTo != nil),
                             ("min", rules.min?.field != nil), ("max", rules.max?.field != nil)] where reads {
            problem("\(path).rules.\(key)", "\(key) reading beyond the item is not supported in an array's item")
        }
        return field
    }

    /// The item fields' `visibleWhen`, `enabledWhen` and `requiredWhen`,
    /// which test values of the same item (`{"field": "item.kind", …}`).
    private mutating func decodeItemConditions(_ item: inout [FieldSpec], _ entries: [(JSONValue, String)]) {
        let scope = Dictionary(item.map { ("item.\($0.name)", $0) }, uniquingKeysWith: { first, _ in first })
        for index in item.indices {
            guard let (entry, path) = entries.first(where: { if case .object(let members) = $0.0 { return members.contains { $0.key == "name" && $0.value == .string(item[index].name) } } else { return false } }),
                  case .object(let list) = entry else { continue }
            let members = Dictionary(list.map { ($0.key, ($0.value, JSONValue.path(path, key: $0.key))) }, uniquingKeysWith: { first, _ in first })
            var nodes = 0
            let owner = "item.\(item[index].name)"
            func condition(_ key: String, _ decoder: inout SpecDecoder) -> FieldCondition? {
                guard let conditionEntry = members[key] else { return nil }
                if let (name, namePath) = SpecDecoder.firstField(in: conditionEntry, outside: scope) {
                    decoder.problem(namePath, "an item's condition reads fields of the same item, written item.NAME (\(scope.keys.sorted().joined(separator: ", "))); got \(quoted(name, quote: "\""))")
                    return nil
                }
                guard let decoded = decoder.decodeCondition(conditionEntry, owner: owner, scope, nodes: &nodes) else { return nil }
                guard decoded.validityFields.isEmpty else {
                    decoder.problem(conditionEntry.1, "a condition in an array's item tests values (equals, notEquals, in), not validity")
                    return nil
                }
                return decoded.renamingFields { String($0.dropFirst("item.".count)) }
            }
            item[index].visibleWhen = condition("visibleWhen", &self)
            item[index].enabledWhen = condition("enabledWhen", &self)
            item[index].requiredWhen = condition("requiredWhen", &self)
            if item[index].requiredWhen != nil, item[index].rules.required {
                problem("\(path).requiredWhen", "requiredWhen decides whether the field is required; leave out rules.required")
            }
            chargeConditions(nodes, at: path)
        }
    }

    /// The first `"field"` of a condition that names no field of `scope`,
    /// with its path. The JSON is at most 64 deep, so this recursion is too.
    static func firstField(in entry: (JSONValue, String), outside scope: [String: FieldSpec]) -> (String, String)? {
        switch entry.0 {
        case .object(let members):
            for member in members {
                let path = JSONValue.path(entry.1, key: member.key)
                if member.key == "field", case .string(let name) = member.value, scope[name] == nil {
                    return (name, path)
                }
                if let found = firstField(in: (member.value, path), outside: scope) { return found }
            }
            return nil
        case .array(let elements):
            for (index, element) in elements.enumerated() {
                if let found = firstField(in: (element, "\(entry.1)[\(index)]"), outside: scope) { return found }
            }
            return nil
        default:
            return nil
        }
    }

    /// An array's `initial`: an array of items, each an object of some of
    /// the item's fields and their values.
    mutating func decodeInitialItems(_ entry: (JSONValue, String), of array: ArrayFieldSpec?) -> InitialValue? {
        guard let array, let elements = self.array(entry) else { return nil }
        guard elements.count <= array.capacity else {
            problem(entry.1, "\(elements.count) items; an array holds at most \(array.capacity)")
            return nil
        }
        var items: [[String: InitialValue]] = []
        for (element, path) in elements {
            guard let members = object(element, path, keys: Set(array.item.map(\.name))) else { continue }
            var item: [String: InitialValue] = [:]
            for (name, member) in members {
                guard let field = array.field(named: name),
                      let value = decodeInitial(member, kind: field.kind, options: field.possibleOptions, chooser: field.chooser) else { continue }
                item[name] = value
            }
            items.append(item)
        }
        return items.count == elements.count ? .items(items) : nil
    }
}

extension FieldCondition {
    /// The same condition testing the fields `rename` names instead.
    /// Depth is bounded by the JSON a spec is parsed from.
    func renamingFields(_ rename: (String) -> String) -> FieldCondition {
        switch self {
        case .equals(let field, let value): return .equals(field: rename(field), value: value)
        case .notEquals(let field, let value): return .notEquals(field: rename(field), value: value)
        case .isIn(let field, let values): return .isIn(field: rename(field), values: values)
        case .valid(let field, let isValid): return .valid(field: rename(field), isValid: isValid)
        case .all(let conditions): return .all(conditions.map { $0.renamingFields(rename) })
        case .any(let conditions): return .any(conditions.map { $0.renamingFields(rename) })
        case .not(let condition): return .not(condition.renamingFields(rename))
        }
    }
}
