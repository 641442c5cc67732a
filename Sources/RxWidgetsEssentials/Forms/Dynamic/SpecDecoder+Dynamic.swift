/// Decoding of the keys that make a form dynamic (docs/forms.md, "Dynamic
/// behaviour"): conditions, derived options and cross-field bounds, each
/// checked against the fields it names, and the whole checked for cycles.
extension SpecDecoder {
    static let fieldKeys: Set<String> = ["name", "kind", "initial", "options", "rules", "label", "help", "placeholder", "secret", "multiline",
                                         "visibleWhen", "enabledWhen", "requiredWhen", "optionsFrom", "updateOn", "mode", "multiple", "item", "min", "max", "optionLabels"]

    // MARK: First pass: what needs no other field

    mutating func decodeOptionsSource(_ entry: (JSONValue, String), kind: FieldKind) -> OptionsSource? {
        guard kind == .choice else {
            problem(entry.1, "only choice fields have options")
            return nil
        }
        guard let members = object(entry.0, entry.1, keys: ["field", "map", "provider", "fields"]) else { return nil }
        if members["map"] != nil || members["field"] != nil {
            for key in ["provider", "fields"] where members[key] != nil {
                problem(members[key]?.1 ?? entry.1, "\(key) belongs to a provider's optionsFrom; this one has a map")
            }
            guard let field = string(members["field"], required: true, in: entry.1, key: "field") else { return nil }
            guard let mapEntry = members["map"] else {
                problem(entry.1, "missing \"map\"")
                return nil
            }
            guard let lists = object(mapEntry.0, mapEntry.1, keys: nil) else { return nil }
            var map: [String: [String]] = [:]
            for (key, listEntry) in lists {
                chargeOptions(1, at: listEntry.1)
                guard exceeded == nil, let options = strings(listEntry) else { continue }
                chargeOptions(options.count, at: listEntry.1)
                if Set(options).count != options.count { problem(listEntry.1, "options must be unique") }
                if options.contains(FieldValue.notSelected) { problem(listEntry.1, "\"\(FieldValue.notSelected)\" is reserved for no selection") }
                map[key] = options
            }
            return .map(field: field, options: map)
        }
        guard let provider = string(members["provider"], required: true, in: entry.1, key: "provider or field") else { return nil }
        guard let fields = strings(members["fields"]) else {
            if members["fields"] == nil { problem(entry.1, "missing \"fields\"") }
            return nil
        }
        return .provider(name: provider, fields: fields)
    }

    private mutating func chargeOptions(_ count: Int, at path: String) {
        optionEntries += count
        if optionEntries > limits.optionEntries, exceeded == nil {
            exceeded = FormSpecLimitError(path: path, message: "the form's optionsFrom maps hold \(optionEntries) keys and options so far; the budget is \(limits.optionEntries)")
        }
    }

    /// `{"field": F, "offset": N}` as a bound; N is whole days for dates.
    mutating func decodeFieldBound(_ entry: (JSONValue, String), kind: FieldKind) -> Bound? {
        guard let members = object(entry.0, entry.1, keys: ["field", "offset"]) else { return nil }
        guard let field = string(members["field"], required: true, in: entry.1, key: "field") else { return nil }
        let offset = number(members["offset"]) ?? 0
        if kind == .date, offset != offset.rounded() || abs(offset) > 1_000_000 {
            problem(members["offset"]?.1 ?? entry.1, "expected a whole number of days from -1000000 to 1000000, got \(JSONValue.format(offset))")
            return nil
        }
        return .field(field, offset: offset)
    }

    // MARK: Second pass: references between fields

    mutating func decodeDynamicBehaviour(_ fields: inout [FieldSpec], _ entries: [(JSONValue, String)]) {
        let byName = Dictionary(fields.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        for index in fields.indices {
            let name = fields[index].name
            guard let path = fieldPath(name, entries), let entry = entries.first(where: { $0.1 == path }), case .object(let list) = entry.0 else { continue }
            let members = Dictionary(list.map { ($0.key, ($0.value, JSONValue.path(path, key: $0.key))) }, uniquingKeysWith: { first, _ in first })
            var nodes = 0
            fields[index].visibleWhen = members["visibleWhen"].flatMap { decodeCondition($0, owner: name, byName, nodes: &nodes) }
            fields[index].enabledWhen = members["enabledWhen"].flatMap { decodeCondition($0, owner: name, byName, nodes: &nodes) }
            fields[index].requiredWhen = members["requiredWhen"].flatMap { decodeCondition($0, owner: name, byName, nodes: &nodes) }
            if fields[index].requiredWhen != nil, fields[index].rules.required {
                problem("\(path).requiredWhen", "requiredWhen decides whether the field is required; leave out rules.required")
            }
            chargeConditions(nodes, at: path)
            checkOptionsSource(fields[index], path: "\(path).optionsFrom", byName)
            for (key, bound) in [("min", fields[index].rules.min), ("max", fields[index].rules.max)] {
                checkFieldBound(bound, of: fields[index], path: "\(path).rules.\(key)", byName)
            }
        }
        guard problems.isEmpty, exceeded == nil else { return }
        checkCycles(fields, entries)
    }

    mutating func chargeConditions(_ nodes: Int, at path: String) {
        conditionNodes += nodes
        if conditionNodes > limits.conditionNodes, exceeded == nil {
            exceeded = FormSpecLimitError(path: path, message: "the form's conditions have \(conditionNodes) nodes so far; the budget is \(limits.conditionNodes)")
        }
    }

    mutating func decodeCondition(_ entry: (JSONValue, String), owner: String, _ fields: [String: FieldSpec], nodes: inout Int) -> FieldCondition? {
        nodes += 1
        // The JSON is at most 64 deep, so this recursion is too.
        guard let members = object(entry.0, entry.1, keys: ["field", "equals", "notEquals", "in", "valid", "all", "any", "not"]) else { return nil }
        let combinators = ["all", "any", "not"].filter { members[$0] != nil }
        let tests = ["equals", "notEquals", "in", "valid"].filter { members[$0] != nil }
        guard combinators.count + tests.count == 1, combinators.isEmpty || members["field"] == nil else {
            problem(entry.1, "expected one of {\"field\": F, \"equals\"|\"notEquals\"|\"in\"|\"valid\": …}, {\"all\": [..]}, {\"any\": [..]}, {\"not\": {..}}; got the keys \(members.keys.sorted().joined(separator: ", "))")
            return nil
        }
        if let combinator = combinators.first, let operand = members[combinator] {
            if combinator == "not" {
                return decodeCondition(operand, owner: owner, fields, nodes: &nodes).map(FieldCondition.not)
            }
            guard let elements = array(operand) else { return nil }
            let conditions = elements.compactMap { decodeCondition($0, owner: owner, fields, nodes: &nodes) }
            guard conditions.count == elements.count else { return nil }
            return combinator == "all" ? .all(conditions) : .any(conditions)
        }
        guard let test = tests.first, let operand = members[test], let name = string(members["field"], required: true, in: entry.1, key: "field") else { return nil }
        guard name != owner else {
            problem("\(entry.1).field", "a field's condition cannot refer to the field itself")
            return nil
        }
        guard let target = fields[name] else {
            problem("\(entry.1).field", "no field is named \(quoted(name, quote: "\""))")
            return nil
        }
        switch test {
        case "valid":
            return bool(operand).map { .valid(field: name, isValid: $0) }
        case "in":
            guard let elements = array(operand) else { return nil }
            // Each value is compared on every evaluation, as a node is.
            nodes += elements.count
            let values = elements.compactMap { conditionValue($0, of: target) }
            return values.count == elements.count ? .isIn(field: name, values: values) : nil
        default:
            guard let value = conditionValue(operand, of: target) else { return nil }
            return test == "equals" ? .equals(field: name, value: value) : .notEquals(field: name, value: value)
        }
    }

    /// A condition's operand as a value of the field it tests.
    private mutating func conditionValue(_ entry: (JSONValue, String), of field: FieldSpec) -> FieldValue? {
        switch (field.kind, entry.0) {
        case (.date, .string(let text)):
            guard let day = CalendarDay(text) else {
                problem(entry.1, "expected a real calendar day YYYY-MM-DD for date field \(quoted(field.name, quote: "\"")), got \(quoted(text, quote: "\""))")
                return nil
            }
            return .date(day)
        case (.choice, .string(let text)):
            guard text == FieldValue.notSelected || field.optionsFrom?.isProvided == true || offers(field, text) else {
                problem(entry.1, "\(quoted(text, quote: "\"")) is not an option of \(quoted(field.name, quote: "\""))")
                return nil
            }
            return .text(text)
        case (.text, .string(let text)):
            return .text(text)
        case (.switch, .bool(let flag)):
            return .bool(flag)
        case (.slider, .number(let number)), (.stepper, .number(let number)):
            return .number(number)
        case (.file, .string), (.file, .array):
            return filePaths(entry, of: field.chooser)
        case (.array, _):
            problem(entry.1, "an array field \(quoted(field.name, quote: "\"")) is tested only with \"valid\"")
            return nil
        default:
            problem(entry.1, "expected \(SpecDecoder.expectedValue(of: field.kind, field.chooser)) to compare with \(field.kind.rawValue) field \(quoted(field.name, quote: "\"")), got \(entry.0.kindDescription)")
            return nil
        }
    }

    private mutating func checkOptionsSource(_ field: FieldSpec, path: String, _ fields: [String: FieldSpec]) {
        guard let source = field.optionsFrom else { return }
        let names: [(String, String)]
        switch source {
        case .map(let name, _): names = [(name, "\(path).field")]
        case .provider(_, let list): names = list.enumerated().map { ($1, "\(path).fields[\($0)]") }
        }
        for (name, namePath) in names {
            if name == field.name {
                problem(namePath, "a field's options cannot come from the field itself")
            } else if fields[name] == nil {
                problem(namePath, "no field is named \(quoted(name, quote: "\""))")
            }
        }
        if case .map(let name, let lists) = source, let origin = fields[name], origin.kind == .choice, origin.optionsFrom == nil {
            for key in lists.keys.sorted() where !origin.options.contains(key) {
                problem("\(path).map", "\(quoted(key, quote: "\"")) is not an option of \(quoted(name, quote: "\""))")
            }
        }
    }

    private mutating func checkFieldBound(_ bound: Bound?, of field: FieldSpec, path: String, _ fields: [String: FieldSpec]) {
        guard case .field(let name, _)? = bound else { return }
        guard name != field.name else {
            problem("\(path).field", "a field's bound cannot be the field itself")
            return
        }
        guard let target = fields[name] else {
            problem("\(path).field", "no field is named \(quoted(name, quote: "\""))")
            return
        }
        let numbers: Set<FieldKind> = [.slider, .stepper]
        let fits = field.kind == .date ? target.kind == .date : numbers.contains(target.kind)
        if !fits {
            problem("\(path).field", "\(quoted(name, quote: "\"")) is a \(target.kind.rawValue) field; a \(field.kind.rawValue) field's bound must be a \(field.kind == .date ? "date" : "slider or stepper") field")
        }
    }

    /// Refuses a field that reaches itself through conditions, derived
    /// options or bounds, naming the cycle. Iterative, so no spec can
    /// deepen the stack.
    private mutating func checkCycles(_ fields: [FieldSpec], _ entries: [(JSONValue, String)]) {
        let byName = Dictionary(fields.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        var finished = Set<String>()
        for start in fields where !finished.contains(start.name) {
            var stack: [(name: String, next: Int)] = [(start.name, 0)]
            var onStack: Set<String> = [start.name]
            while let top = stack.last {
                let dependencies = byName[top.name]?.dependencies ?? []
                guard top.next < dependencies.count else {
                    finished.insert(top.name)
                    onStack.remove(top.name)
                    stack.removeLast()
                    continue
                }
                stack[stack.count - 1].next += 1
                let dependency = dependencies[top.next]
                if onStack.contains(dependency) {
                    let loop = stack.map(\.name).drop { $0 != dependency } + [dependency]
                    problem(fieldPath(top.name, entries) ?? "$.fields", "the fields depend on themselves: \(loop.joined(separator: " → ")) (through conditions, optionsFrom or field bounds)")
                    return
                }
                if !finished.contains(dependency) {
                    stack.append((dependency, 0))
                    onStack.insert(dependency)
                }
            }
        }
    }
}

extension OptionsSource {
    /// Whether a remote provider decides the options, so no list is known in advance.
    var isProvided: Bool {
        if case .provider = self { return true }
        return false
    }
}

extension SpecDecoder {
    /// `remote` with its `debounce` and `timeout` (whole milliseconds).
    mutating func decodeRemote(_ members: [String: (JSONValue, String)]) -> RemoteRule? {
        guard let entry = members["remote"] else {
            for key in ["debounce", "timeout"] where members[key] != nil {
                problem(members[key]?.1 ?? "", "\(key) belongs to a remote check; this field has no \"remote\"")
            }
            return nil
        }
        guard let name = self.name(entry, in: entry.1) else { return nil }
        let debounce = milliseconds(members["debounce"], 0...60_000) ?? 300
        let timeout = milliseconds(members["timeout"], 1...600_000) ?? 5_000
        return RemoteRule(name: name, debounce: debounce, timeout: timeout)
    }

    private mutating func milliseconds(_ entry: (JSONValue, String)?, _ range: ClosedRange<Int>) -> Int? {
        value(entry, "a whole number of milliseconds from \(range.lowerBound) to \(range.upperBound)") { value in
            guard case .number(let number) = value, number == number.rounded(), number >= Double(range.lowerBound), number <= Double(range.upperBound) else { return nil }
            return Int(number)
        }
    }
}
