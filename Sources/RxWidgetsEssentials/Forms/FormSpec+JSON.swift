import Localization

extension FormSpec {
    /// Parses a JSON form spec (docs/forms.md); throws `FormSpecError` listing
    /// every problem with its JSON path, or `FormSpecLimitError` when the spec
    /// would cost more than `limits` allow. Never traps, whatever the input.
    public static func parse(json text: String, limits: FormSpecLimits = FormSpecLimits()) throws -> FormSpec {
        let value: JSONValue
        do {
            value = try JSONValue.parse(text)
        } catch let error as JSONSyntaxError {
            throw FormSpecError(problems: [.init(path: "$", message: "not valid JSON: \(error)")])
        }
        return try parse(value, limits: limits)
    }

    /// Decodes a parsed JSON form spec; throws `FormSpecError` listing every
    /// problem, or `FormSpecLimitError` for the first budget it crosses.
    public static func parse(_ value: JSONValue, limits: FormSpecLimits = FormSpecLimits()) throws -> FormSpec {
        // D-Bus strings cannot carry U+0000: a spec string holding one could
        // never be sent back in a reply or a signal.
        if let (path, text) = value.firstString(failing: { !$0.unicodeScalars.contains("\u{0}") }) {
            throw FormSpecError(problems: [.init(path: path, message: "\(quoted(text, quote: "\"")) contains U+0000, which D-Bus strings cannot carry")])
        }
        if let (path, text) = value.firstString(failing: { $0.fits(characters: limits.stringLength) }) {
            throw FormSpecLimitError(path: path, message: "a string of \(text.unicodeScalars.count) characters; the limit is \(limits.stringLength)")
        }
        var decoder = SpecDecoder(limits: limits)
        let spec = decoder.decodeSpec(value)
        if let exceeded = decoder.exceeded {
            throw exceeded
        }
        guard decoder.problems.isEmpty, let spec else {
            throw FormSpecError(problems: decoder.problems)
        }
        return spec
    }
}

/// Decodes a spec, collecting problems instead of stopping at the first.
struct SpecDecoder {
    let limits: FormSpecLimits
    var problems: [FormSpecError.Problem] = []
    /// The first budget crossed; once set, no more patterns are compiled.
    var exceeded: FormSpecLimitError?
    private var patternInstructions = 0
    private var matchingSteps = 0
    var conditionNodes = 0
    var optionEntries = 0
    /// How many values each pattern being decoded may judge in one call:
    /// an array's capacity while its item is decoded, else 1.
    var valuesPerPattern = 1
    /// Σ over array fields of capacity × item fields.
    var itemValues = 0
    /// Per choice field, every option it can offer, made once: a spec may ask
    /// thousands of times of a map of thousands of options.
    private var offered: [String: Set<String>] = [:]

    /// Whether `field` can ever offer `option`.
    mutating func offers(_ field: FieldSpec, _ option: String) -> Bool {
        if let known = offered[field.name] {
            return known.contains(option)
        }
        let all = Set(field.possibleOptions)
        offered[field.name] = all
        return all.contains(option)
    }

    init(limits: FormSpecLimits) {
        self.limits = limits
    }

    mutating func problem(_ path: String, _ message: String) {
        problems.append(.init(path: path, message: message))
    }

    // MARK: Primitives

    /// The object's members by key; with `allowed` nil, any key is.
    mutating func object(_ value: JSONValue, _ path: String, keys allowed: Set<String>?) -> [String: (JSONValue, String)]? {
        guard case .object(let members) = value else {
            problem(path, "expected an object, got \(value.kindDescription)")
            return nil
        }
        var result: [String: (JSONValue, String)] = [:]
        for member in members {
            let memberPath = JSONValue.path(path, key: member.key)
            guard let allowed else {
                result[member.key] = (member.value, memberPath)
                continue
            }
            if allowed.contains(member.key) {
                result[member.key] = (member.value, memberPath)
            } else {
                problem(memberPath, "unknown key; expected one of \(allowed.sorted().joined(separator: ", "))")
            }
        }
        return result
    }

    /// The entry's value when `match` accepts it; otherwise a problem saying what was expected.
    mutating func value<T>(_ entry: (JSONValue, String)?, _ expected: String, _ match: (JSONValue) -> T?) -> T? {
        guard let (value, path) = entry else { return nil }
        guard let result = match(value) else {
            problem(path, "expected \(expected), got \(value.kindDescription)")
            return nil
        }
        return result
    }

    mutating func string(_ entry: (JSONValue, String)?, required: Bool = false, in path: String = "", key: String = "") -> String? {
        if entry == nil, required {
            problem(path, "missing \(quoted(key, quote: "\""))")
        }
        return value(entry, "a string") { if case .string(let text) = $0 { return text } else { return nil } }
    }

    mutating func number(_ entry: (JSONValue, String)?) -> Double? {
        value(entry, "a number") { if case .number(let number) = $0 { return number } else { return nil } }
    }

    mutating func bool(_ entry: (JSONValue, String)?) -> Bool? {
        value(entry, "true or false") { if case .bool(let flag) = $0 { return flag } else { return nil } }
    }

    mutating func count(_ entry: (JSONValue, String)?) -> Int? {
        value(entry, "a whole number from 0 to 1000000") { value in
            guard case .number(let number) = value, number >= 0, number == number.rounded(), number <= 1_000_000 else { return nil }
            return Int(number)
        }
    }

    mutating func array(_ entry: (JSONValue, String)?) -> [(JSONValue, String)]? {
        guard let (_, path) = entry else { return nil }
        let elements: [JSONValue]? = value(entry, "an array") { if case .array(let elements) = $0 { return elements } else { return nil } }
        return elements?.enumerated().map { ($1, "\(path)[\($0)]") }
    }

    mutating func strings(_ entry: (JSONValue, String)?) -> [String]? {
        guard let elements = array(entry) else { return nil }
        var result: [String] = []
        for element in elements {
            if let text = string(element) {
                result.append(text)
            }
        }
        return result.count == elements.count ? result : nil
    }

    mutating func name(_ entry: (JSONValue, String)?, in path: String) -> String? {
        guard let name = string(entry, required: true, in: path, key: "name") else { return nil }
        if !NameRules.isFieldName(name), let (_, namePath) = entry {
            problem(namePath, "expected a name of 1 to 64 letters, digits and '_', not starting with a digit; got \(quoted(name, quote: "\""))")
            return nil
        }
        return name
    }

    // MARK: Spec

    mutating func decodeSpec(_ value: JSONValue) -> FormSpec? {
        guard let root = object(value, "$", keys: ["fields", "buttons", "outputs", "submitRequires", "pages", "locale"]) else { return nil }
        guard let fieldEntries = array(root["fields"]) else {
            if root["fields"] == nil { problem("$", "missing \"fields\"") }
            return nil
        }
        if fieldEntries.isEmpty {
            problem("$.fields", "a form needs at least one field")
        }
        guard fieldEntries.count <= limits.fields else {
            exceeded = FormSpecLimitError(path: "$.fields", message: "\(fieldEntries.count) fields; the limit is \(limits.fields)")
            return nil
        }
        for key in ["buttons", "outputs"] {
            if let entry = root[key], case .array(let elements) = entry.0, elements.count > limits.buttonsAndOutputs {
                exceeded = FormSpecLimitError(path: entry.1, message: "\(elements.count) \(key); the limit is \(limits.buttonsAndOutputs)")
                return nil
            }
        }
        var fields: [FieldSpec] = []
        var seen = Set<String>()
        for (entry, path) in fieldEntries {
            guard let field = decodeField(entry, path) else { continue }
            guard seen.insert(field.name).inserted else {
                problem("\(path).name", "a field named \(quoted(field.name, quote: "\"")) already exists")
                continue
            }
            fields.append(field)
        }
        checkEqualTo(fields, fieldEntries)
        let pages = root["pages"].map { decodePages($0, fields: fields) } ?? []
        fields = FormSpec.placing(fields, on: pages)
        decodeDynamicBehaviour(&fields, fieldEntries)
        let buttons = decodeButtons(root["buttons"], fields: fields)
        let outputs = decodeOutputs(root["outputs"], fields: fields)
        var submitRequires: [String]?
        if let entry = root["submitRequires"], let names = strings(entry) {
            for (index, name) in names.enumerated() where !seen.contains(name) {
                problem("\(entry.1)[\(index)]", "no field is named \(quoted(name, quote: "\""))")
            }
            submitRequires = names
        }
        var spec = FormSpec(fields: fields, buttons: buttons, outputs: outputs, submitRequires: submitRequires, pages: pages)
        spec.language = decodeLocale(root["locale"])
        return spec
    }

    /// `optionLabels`: a choice's words for its options, each an option's
    /// value (one a provider may offer later cannot be named: it shows as it is).
    mutating func decodeOptionLabels(_ entry: (JSONValue, String), kind: FieldKind, options: [String]) -> [String: String] {
        guard kind == .choice else {
            problem(entry.1, "optionLabels applies to choice fields only")
            return [:]
        }
        guard let members = object(entry.0, entry.1, keys: nil) else { return [:] }
        var labels: [String: String] = [:]
        for (option, member) in members {
            guard options.contains(option) else {
                problem(member.1, "no option is \(quoted(option, quote: "\"")); the options are \(options.map { quoted($0, quote: "\"") }.joined(separator: ", "))")
                continue
            }
            labels[option] = string(member, required: false, in: entry.1, key: option)
        }
        return labels
    }

    /// The `locale` key: an installed locale the form's messages are given in.
    mutating func decodeLocale(_ entry: (JSONValue, String)?) -> Language? {
        guard let entry, let name = string(entry, required: false, in: "$", key: "locale") else { return nil }
        do {
            return try Language(installed: name)
        } catch {
            problem(entry.1, "\(error)")
            return nil
        }
    }

    // MARK: Fields

    mutating func decodeField(_ value: JSONValue, _ path: String) -> FieldSpec? {
        guard let members = object(value, path, keys: SpecDecoder.fieldKeys) else { return nil }
        let name = self.name(members["name"], in: path)
        guard let kindText = string(members["kind"], required: true, in: path, key: "kind") else { return nil }
        guard let kind = FieldKind(rawValue: kindText) else {
            problem("\(path).kind", "expected one of \(FieldKind.allCases.map(\.rawValue).joined(separator: ", ")); got \(quoted(kindText, quote: "\""))")
            return nil
        }
        var options: [String] = []
        if let entry = members["options"] {
            if kind != .choice {
                problem(entry.1, "only choice fields have options")
            } else if let list = strings(entry) {
                if list.isEmpty { problem(entry.1, "a choice needs at least one option") }
                if Set(list).count != list.count { problem(entry.1, "options must be unique") }
                if list.contains(FieldValue.notSelected) { problem(entry.1, "\"\(FieldValue.notSelected)\" is reserved for no selection") }
                options = list
            }
        }
        let optionsFrom = members["optionsFrom"].flatMap { decodeOptionsSource($0, kind: kind) }
        if kind == .choice, members["options"] == nil, optionsFrom == nil, members["optionsFrom"] == nil {
            problem(path, "missing \"options\" of a choice field")
        }
        let possibleOptions = optionsFrom?.possibleOptions(besides: options) ?? options
        let chooser = decodeChooser(members, kind: kind)
        let array = decodeArray(members, kind: kind, path: path)
        let initial = kind == .array ? members["initial"].flatMap { decodeInitialItems($0, of: array) }
            : members["initial"].flatMap { decodeInitial($0, kind: kind, options: possibleOptions, chooser: chooser) }
        let rules = members["rules"].map { decodeRules($0, kind: kind) } ?? FieldRules()
        if chooser.mode == .folder, !rules.accept.isEmpty, let rulesPath = members["rules"]?.1 {
            problem("\(rulesPath).accept", "accept applies to files; this field chooses a folder")
        }
        var presentation = FieldPresentation(label: string(members["label"]), help: string(members["help"]))
        for key in ["placeholder", "secret", "multiline"] where members[key] != nil && kind != .text {
            problem(members[key]?.1 ?? path, "\(key) applies to text fields only")
        }
        if let entry = members["optionLabels"] {
            presentation.optionLabels = decodeOptionLabels(entry, kind: kind, options: possibleOptions)
        }
        if kind == .text {
            presentation.placeholder = string(members["placeholder"])
            presentation.secret = bool(members["secret"]) ?? false
            presentation.multiline = bool(members["multiline"]) ?? false
        }
        let updateOn = members["updateOn"].flatMap { entry in
            self.value(entry, "\"change\" or \"blur\"") { if case .string(let text) = $0 { return UpdateOn(rawValue: text) } else { return nil } }
        } ?? .change
        guard let name else { return nil }
        return FieldSpec(name: name, kind: kind, initial: initial, options: options, rules: rules, presentation: presentation, optionsFrom: optionsFrom, updateOn: updateOn,
                         chooser: chooser, array: array)
    }

    /// A file field's `mode` and `multiple`; other kinds take neither.
    private mutating func decodeChooser(_ members: [String: (JSONValue, String)], kind: FieldKind) -> FileFieldChooser {
        guard kind == .file else {
            for key in ["mode", "multiple"] {
                if let entry = members[key] { problem(entry.1, "\(key) applies to file fields only") }
            }
            return FileFieldChooser()
        }
        let mode = members["mode"].flatMap { entry in
            value(entry, "\"open\", \"save\" or \"folder\"") { if case .string(let text) = $0 { return FileChooserView.Mode(rawValue: text) } else { return nil } }
        } ?? .open
        let multiple = bool(members["multiple"]) ?? false
        if multiple, mode != .open, let entry = members["multiple"] {
            problem(entry.1, "multiple applies to mode \"open\" only; this field's mode is \(quoted(mode.rawValue, quote: "\""))")
        }
        return FileFieldChooser(mode: mode, isMultiple: multiple)
    }

    /// A file field's value in a spec: one absolute path (or "" for none),
    /// or, with `multiple`, an array of them.
    mutating func filePaths(_ entry: (JSONValue, String), of chooser: FileFieldChooser) -> FieldValue? {
        let (value, path) = entry
        switch (chooser.isMultiple, value) {
        case (false, .string(let text)):
            guard text.isEmpty || text.hasPrefix("/") else {
                problem(path, "expected an absolute path (or \"\" for none), got \(quoted(text, quote: "\""))")
                return nil
            }
            return .text(text)
        case (true, .array):
            guard let paths = strings(entry) else { return nil }
            if let relative = paths.firstIndex(where: { !$0.hasPrefix("/") }) {
                problem("\(path)[\(relative)]", "expected an absolute path, got \(quoted(paths[relative], quote: "\""))")
                return nil
            }
            return .paths(paths)
        default:
            problem(path, "expected \(Self.expectedValue(of: .file, chooser)) for a file field, got \(value.kindDescription)")
            return nil
        }
    }

    mutating func decodeInitial(_ entry: (JSONValue, String), kind: FieldKind, options: [String], chooser: FileFieldChooser) -> InitialValue? {
        let (value, path) = entry
        switch (kind, value) {
        case (.file, _):
            return filePaths(entry, of: chooser).map { .value($0) }
        case (.date, .string(let text)):
            switch DayBound(text) {
            case .day(let day)?: return .value(.date(day))
            case .today(let offset)?: return .today(offsetDays: offset)
            case nil:
                problem(path, "expected a real calendar day YYYY-MM-DD, or today, today+N, today-N; got \(quoted(text, quote: "\""))")
                return nil
            }
        case (.choice, .string(let text)):
            guard text == FieldValue.notSelected || options.contains(text) else {
                problem(path, "expected one of the options or \"\(FieldValue.notSelected)\"; got \(quoted(text, quote: "\""))")
                return nil
            }
            return .value(.text(text))
        case (.text, .string(let text)):
            return .value(.text(text))
        case (.switch, .bool(let flag)):
            return .value(.bool(flag))
        case (.slider, .number(let number)), (.stepper, .number(let number)):
            return .value(.number(number))
        default:
            problem(path, "expected \(Self.expectedValue(of: kind, chooser)) for a \(kind.rawValue) field, got \(value.kindDescription)")
            return nil
        }
    }

    static func expectedValue(of kind: FieldKind, _ chooser: FileFieldChooser) -> String {
        switch kind {
        case .date: return "a date string"
        case .choice, .text: return "a string"
        case .switch: return "true or false"
        case .slider, .stepper: return "a number"
        case .file: return chooser.isMultiple ? "an array of absolute paths" : "an absolute path as a string"
        case .array: return "an array of items (objects of the item's fields)"
        }
    }

    private mutating func decodeRules(_ entry: (JSONValue, String), kind: FieldKind) -> FieldRules {
        var rules = FieldRules()
        let keys: Set<String> = ["required", "min", "max", "step", "minLength", "maxLength", "pattern", "equalTo", "notEqualTo", "forbidden", "accept", "messages", "remote", "debounce", "timeout"]
        guard let members = object(entry.0, entry.1, keys: keys) else { return rules }
        let isNumber = kind == .slider || kind == .stepper
        func applies(_ key: String, _ ok: Bool, _ kinds: String, _ decoder: inout SpecDecoder) -> (JSONValue, String)? {
            guard let member = members[key] else { return nil }
            guard ok else {
                decoder.problem(member.1, "\(key) applies to \(kinds) fields only")
                return nil
            }
            return member
        }
        rules.required = bool(members["required"]) ?? false
        rules.min = applies("min", isNumber || kind == .date, "number and date", &self).flatMap { decodeBound($0, kind: kind) }
        rules.max = applies("max", isNumber || kind == .date, "number and date", &self).flatMap { decodeBound($0, kind: kind) }
        if let stepEntry = applies("step", isNumber, "slider and stepper", &self), let step = number(stepEntry) {
            if step > 0 { rules.step = step } else { problem(stepEntry.1, "expected a number above 0") }
        }
        rules.minLength = applies("minLength", kind == .text, "text", &self).flatMap { count($0) }
        rules.maxLength = applies("maxLength", kind == .text, "text", &self).flatMap { count($0) }
        if let patternEntry = applies("pattern", kind == .text, "text", &self), let source = string(patternEntry), exceeded == nil {
            do {
                let pattern = try Pattern(source)
                charge(pattern, longestInput: rules.maxLength, at: patternEntry.1)
                rules.pattern = pattern
            } catch {
                problem(patternEntry.1, "not a supported pattern: \(error)")
            }
        }
        rules.equalTo = members["equalTo"].flatMap { string($0) }
        rules.notEqualTo = members["notEqualTo"].flatMap { string($0) }
        rules.forbidden = applies("forbidden", kind == .text || kind == .choice, "text and choice", &self).flatMap { strings($0) } ?? []
        if let acceptEntry = applies("accept", kind == .file, "file", &self), let patterns = strings(acceptEntry) {
            if patterns.isEmpty || patterns.contains(where: \.isEmpty) {
                problem(acceptEntry.1, "expected glob patterns such as \"*.png\", none of them empty")
            }
            rules.accept = patterns
        }
        rules.remote = decodeRemote(members)
        if let messagesEntry = members["messages"], let messages = object(messagesEntry.0, messagesEntry.1, keys: Set(ValidityReason.allCases.filter { $0 != .server }.map(\.rawValue))) {
            for (key, entry) in messages {
                if let reason = ValidityReason(rawValue: key), let text = string(entry) {
                    rules.messages[reason] = text
                }
            }
        }
        checkOrder(rules, members)
        return rules
    }

    /// Adds a compiled pattern to the form's budgets; marks the first one crossed.
    private mutating func charge(_ pattern: Pattern, longestInput maxLength: Int?, at path: String) {
        patternInstructions += pattern.programSize
        matchingSteps += pattern.programSize * min(maxLength ?? limits.stringLength, limits.stringLength) * valuesPerPattern
        if patternInstructions > limits.patternInstructions {
            exceeded = FormSpecLimitError(path: path, message: "the form's patterns compile to \(patternInstructions) instructions so far; the budget is \(limits.patternInstructions)")
        } else if matchingSteps > limits.matchingSteps {
            exceeded = FormSpecLimitError(path: path, message: "matching the form's patterns could take \(matchingSteps) steps (instructions × longest value, maxLength or \(limits.stringLength)); the budget is \(limits.matchingSteps): shorten the pattern or set a smaller maxLength")
        }
    }

    private mutating func decodeBound(_ entry: (JSONValue, String), kind: FieldKind) -> Bound? {
        switch (kind, entry.0) {
        case (.date, .string(let text)):
            guard let day = DayBound(text) else {
                problem(entry.1, "expected a real calendar day YYYY-MM-DD, or today, today+N, today-N; got \(quoted(text, quote: "\""))")
                return nil
            }
            return .day(day)
        case (.slider, .number(let number)), (.stepper, .number(let number)):
            return .number(number)
        case (_, .object):
            return decodeFieldBound(entry, kind: kind)
        default:
            problem(entry.1, "expected \(kind == .date ? "a date string" : "a number") or {\"field\": F, \"offset\": N}, got \(entry.0.kindDescription)")
            return nil
        }
    }

    private mutating func checkOrder(_ rules: FieldRules, _ members: [String: (JSONValue, String)]) {
        if boundsOutOfOrder(rules.min, rules.max) {
            problem(members["max"]?.1 ?? "", "max is below min")
        }
        if let low = rules.minLength, let high = rules.maxLength, low > high {
            problem(members["maxLength"]?.1 ?? "", "maxLength is below minLength")
        }
    }

    private mutating func checkEqualTo(_ fields: [FieldSpec], _ entries: [(JSONValue, String)]) {
        let byName = Dictionary(fields.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        for (index, field) in fields.enumerated() {
            for (key, other, verb) in [("equalTo", field.rules.equalTo, "equal"), ("notEqualTo", field.rules.notEqualTo, "differ from")] {
                guard let other else { continue }
                let path = "\(fieldPath(field.name, entries) ?? "$.fields[\(index)]").rules.\(key)"
                if other == field.name {
                    problem(path, "a field cannot be required to \(verb) itself")
                } else if let target = byName[other] {
                    if target.kind != field.kind {
                        problem(path, "\(quoted(other, quote: "\"")) is a \(target.kind.rawValue) field; a field can only \(verb) a field of the same kind")
                    }
                } else {
                    problem(path, "no field is named \(quoted(other, quote: "\""))")
                }
            }
        }
    }

    /// The JSON path of the field named `name`.
    func fieldPath(_ name: String, _ entries: [(JSONValue, String)]) -> String? {
        entries.first { entry in
            guard case .object(let members) = entry.0 else { return false }
            return members.contains { $0.key == "name" && $0.value == .string(name) }
        }?.1
    }

    // MARK: Buttons and outputs

    private mutating func decodeButtons(_ entry: (JSONValue, String)?, fields: [FieldSpec]) -> [ButtonSpec] {
        guard let elements = array(entry) else { return [] }
        var buttons: [ButtonSpec] = []
        var seen = Set<String>()
        for (value, path) in elements {
            guard let members = object(value, path, keys: ["name", "field", "value"]) else { continue }
            let name = self.name(members["name"], in: path)
            let fieldName = string(members["field"], required: true, in: path, key: "field")
            let option = string(members["value"], required: true, in: path, key: "value")
            guard let name, let fieldName, let option else { continue }
            guard let field = fields.first(where: { $0.name == fieldName }), field.kind == .choice else {
                problem("\(path).field", "no choice field is named \(quoted(fieldName, quote: "\""))")
                continue
            }
            guard offers(field, option) || option == FieldValue.notSelected else {
                problem("\(path).value", "\(quoted(option, quote: "\"")) is not an option of \(quoted(fieldName, quote: "\""))")
                continue
            }
            guard seen.insert(name).inserted else {
                problem("\(path).name", "a button named \(quoted(name, quote: "\"")) already exists")
                continue
            }
            buttons.append(ButtonSpec(name: name, field: fieldName, value: option))
        }
        return buttons
    }

    private mutating func decodeOutputs(_ entry: (JSONValue, String)?, fields: [FieldSpec]) -> [OutputSpec] {
        guard let elements = array(entry) else { return [] }
        var outputs: [OutputSpec] = []
        var seen = Set<String>()
        for (value, path) in elements {
            let keys: Set<String> = ["name", "kind", "field", "fields", "valid", "invalid", "empty", "option", "selected", "unselected", "factor", "offset"]
            guard let members = object(value, path, keys: keys) else { continue }
            let name = self.name(members["name"], in: path)
            guard let kind = string(members["kind"], required: true, in: path, key: "kind") else { continue }
            let rule: OutputSpec.Rule?
            switch kind {
            case "validityColor":
                let field = outputField(members, path, fields, kinds: nil)
                let valid = string(members["valid"], required: true, in: path, key: "valid")
                let invalid = string(members["invalid"], required: true, in: path, key: "invalid")
                let empty = string(members["empty"])
                rule = field.flatMap { field in valid.flatMap { valid in invalid.map { .validityColor(field: field, valid: valid, invalid: $0, empty: empty) } } }
            case "choiceImage":
                let field = outputField(members, path, fields, kinds: [.choice])
                let option = string(members["option"], required: true, in: path, key: "option")
                let selected = string(members["selected"], required: true, in: path, key: "selected")
                let unselected = string(members["unselected"], required: true, in: path, key: "unselected")
                if let field, let option, let spec = fields.first(where: { $0.name == field }), !offers(spec, option) {
                    problem("\(path).option", "\(quoted(option, quote: "\"")) is not an option of \(quoted(field, quote: "\""))")
                }
                rule = field.flatMap { field in option.flatMap { option in selected.flatMap { selected in unselected.map { .choiceImage(field: field, option: option, selected: selected, unselected: $0) } } } }
            case "scaled":
                let field = outputField(members, path, fields, kinds: [.slider, .stepper])
                let factor = number(members["factor"]) ?? 1
                let offset = number(members["offset"]) ?? 0
                rule = field.map { .scaled(field: $0, factor: factor, offset: offset) }
            case "allValid":
                guard let names = strings(members["fields"]) else {
                    if members["fields"] == nil { problem(path, "missing \"fields\"") }
                    continue
                }
                for (index, field) in names.enumerated() where !fields.contains(where: { $0.name == field }) {
                    problem("\(path).fields[\(index)]", "no field is named \(quoted(field, quote: "\""))")
                }
                rule = .allValid(fields: names)
            default:
                problem("\(path).kind", "expected validityColor, choiceImage, scaled or allValid; got \(quoted(kind, quote: "\""))")
                continue
            }
            guard let name, let rule else { continue }
            guard seen.insert(name).inserted else {
                problem("\(path).name", "an output named \(quoted(name, quote: "\"")) already exists")
                continue
            }
            outputs.append(OutputSpec(name: name, rule: rule))
        }
        return outputs
    }

    private mutating func outputField(_ members: [String: (JSONValue, String)], _ path: String, _ fields: [FieldSpec], kinds: Set<FieldKind>?) -> String? {
        guard let name = string(members["field"], required: true, in: path, key: "field") else { return nil }
        guard let field = fields.first(where: { $0.name == name }) else {
            problem("\(path).field", "no field is named \(quoted(name, quote: "\""))")
            return nil
        }
        if let kinds, !kinds.contains(field.kind) {
            problem("\(path).field", "\(quoted(name, quote: "\"")) is a \(field.kind.rawValue) field; expected \(kinds.map(\.rawValue).sorted().joined(separator: " or "))")
            return nil
        }
        return name
    }
}

/// Whether `max` is below `min`, where that can be told without knowing today.
private func boundsOutOfOrder(_ min: Bound?, _ max: Bound?) -> Bool {
    switch (min, max) {
    case (.number(let low)?, .number(let high)?): return low > high
    case (.day(.day(let low))?, .day(.day(let high))?): return low > high
    case (.day(.today(let low))?, .day(.today(let high))?): return low > high
    default: return false
    }
}
