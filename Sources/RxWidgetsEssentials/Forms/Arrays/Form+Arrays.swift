import Localization

/// Array fields: items added, removed and moved as a person does with
/// "add another", a delete button and a drag; a field of one item set by
/// its path (`addresses[2].city`). Each item's fields are judged by their
/// own rules and conditions (which read the same item), and reported under
/// their paths in `validity` and `fieldStates`; the array itself is
/// invalid while it holds fewer than `minItems` or more than `maxItems`
/// items, or while a shown field of an item is.
extension Form {
    /// Appends a new item (each field at its initial value); returns whether anything changed.
    @discardableResult
    public func addItem(to field: String) throws -> Bool {
        let (target, array, items) = try editableArray(field)
        guard items.count < array.capacity else {
            throw FormError.tooManyItems(field: field, count: items.count + 1, capacity: array.capacity)
        }
        return publish { target.set(.items(items + [array.newItem(today: today())])) }
    }

    /// Removes item `index`; the items after it move up one.
    @discardableResult
    public func removeItem(from field: String, at index: Int) throws -> Bool {
        var (target, _, items) = try editableArray(field)
        try checkItem(index, of: field, count: items.count)
        items.remove(at: index)
        return publish { target.set(.items(items)) }
    }

    /// Moves item `from` to index `to` (an index of the items after the move).
    @discardableResult
    public func moveItem(in field: String, from: Int, to: Int) throws -> Bool {
        var (target, _, items) = try editableArray(field)
        try checkItem(from, of: field, count: items.count)
        try checkItem(to, of: field, count: items.count)
        items.insert(items.remove(at: from), at: to)
        return publish { target.set(.items(items)) }
    }

    /// Sets the field of one item, as a person's input into it.
    func setItemValue(_ value: FieldValue, at path: FieldPath) throws -> Bool {
        guard path.item != nil else { return try setValue(value, for: path.field) }
        let items = try settingItemField(at: path, to: value, in: nil)
        let target = try field(path.field)
        return publish { target.set(items) }
    }

    /// The items of `path`'s array — `given` in the same call, else as they
    /// are — with the item field at `path` set to `value`, checked as
    /// `setItemValue` checks it.
    func settingItemField(at path: FieldPath, to value: FieldValue, in given: FieldValue?) throws -> FieldValue {
        guard let (index, name) = path.item else { return value }
        let (target, _, current) = try editableArray(path.field)
        var items = current
        if case .items(let givenItems)? = given {
            items = givenItems
        }
        try checkItem(index, of: path.field, count: items.count)
        guard let template = target.itemTemplate[name] else { throw FormError.unknownField(path.description) }
        guard fieldStates[path.description]?.enabled != false else { throw FormError.notEditable(field: path.description) }
        do {
            items[index][name] = try template.accept(value, today: today())
        } catch let error as FormError {
            throw error.naming(path)
        }
        return .items(items)
    }

    /// A stepper's + or − in one item: its step (1 by default), held within
    /// its `min` and `max`, as the top-level stepper's control holds it.
    func stepItem(at path: FieldPath, up: Bool) throws -> Bool {
        guard let (_, name) = path.item, let spec = try field(path.field).spec.array?.field(named: name) else {
            throw FormError.unknownField(path.description)
        }
        guard spec.kind == .stepper else { throw FormError.notAStepper(field: path.description, kind: spec.kind) }
        guard case .number(let number) = try itemValue(at: path) else { return false }
        var next = number + (up ? 1 : -1) * (spec.rules.step ?? 1)
        if case .number(let low)? = spec.rules.min { next = max(next, low) }
        if case .number(let high)? = spec.rules.max { next = min(next, high) }
        return try setItemValue(.number(next), at: path)
    }

    /// The value of one item's field.
    func itemValue(at path: FieldPath) throws -> FieldValue {
        guard let (index, name) = path.item, case .items(let items)? = values[path.field] else { throw FormError.unknownField(path.description) }
        try checkItem(index, of: path.field, count: items.count)
        guard let value = items[index][name] else { throw FormError.unknownField(path.description) }
        return value
    }

    private func editableArray(_ name: String) throws -> (FormField, ArrayFieldSpec, [[String: FieldValue]]) {
        let target = try field(name)
        guard let array = target.spec.array, case .items(let items) = target.currentValue else {
            throw FormError.notAnArray(field: name, kind: target.spec.kind)
        }
        _ = try editableField(name)
        return (target, array, items)
    }

    private func checkItem(_ index: Int, of field: String, count: Int) throws {
        guard (0..<count).contains(index) else { throw FormError.noSuchItem(field: field, index: index, count: count) }
    }

    // MARK: Deriving

    /// The names `validity` and `fieldStates` hold: each field's, an
    /// array's followed by its items' fields' paths.
    func entryNames(of values: [String: FieldValue]) -> [String] {
        fields.flatMap { field -> [String] in
            guard let array = field.spec.array, case .items(let items)? = values[field.spec.name] else { return [field.spec.name] }
            return [field.spec.name] + items.indices.flatMap { index in array.item.map { FieldPath(array: field.spec.name, index: index, field: $0.name).description } }
        }
    }

    /// The names of `validity`, as last published.
    public var entryNames: [String] {
        entryNames(of: values)
    }

    /// Each item's fields' states and validity, under their paths, as the
    /// item's conditions and rules decide (a field of a hidden array is
    /// hidden); entries of items no longer held are dropped. Returns the
    /// first shown invalid item field's verdict, worded for the array.
    func settleItems(of field: FormField, _ items: [[String: FieldValue]], arrayState: FieldState) -> FieldValidity? {
        guard let array = field.spec.array else { return nil }
        let name = field.spec.name
        let day = today()
        // An item equal to the one settled last time, under the same array
        // state and day, keeps what was derived for it: a change costs the
        // items it touches.
        let previous = settledItems[name].flatMap { $0.state == arrayState && $0.day == day ? $0 : nil }
        var verdicts: [FieldValidity?] = []
        verdicts.reserveCapacity(items.count)
        for (index, item) in items.enumerated() {
            if let previous, index < previous.items.count, FieldValue.identical(previous.items[index], item) {
                verdicts.append(previous.verdicts[index])
                continue
            }
            verdicts.append(settleItem(item, at: index, of: name, array, arrayState: arrayState, day: day))
        }
        settledItems[name] = SettledItems(items: items, verdicts: verdicts, state: arrayState, day: day)
        forgetItems(of: name, from: items.count, fields: array.item.map(\.name))
        return verdicts.lazy.compactMap { $0 }.first
    }

    /// One item's fields' states and validity; the first shown invalid field's verdict, worded for the array.
    private func settleItem(_ item: [String: FieldValue], at index: Int, of name: String, _ array: ArrayFieldSpec, arrayState: FieldState, day: CalendarDay) -> FieldValidity? {
        var first: FieldValidity?
        for spec in array.item {
            let path = FieldPath(array: name, index: index, field: spec.name).description
            if resettledItemPathSet.insert(path).inserted {
                resettledItemPaths.append(path)
            }
            let required = spec.requiredWhen.map { $0.holds(values: item, validity: [:]) } ?? spec.rules.required
            let state = FieldState(visible: arrayState.visible && (spec.visibleWhen?.holds(values: item, validity: [:]) ?? true),
                                   enabled: arrayState.enabled && (spec.enabledWhen?.holds(values: item, validity: [:]) ?? true),
                                   required: required)
            latestStates[path] = state
            let value = item[spec.name] ?? spec.initialValue(today: day)
            let context = FieldValidator.Context(equalTo: nil, notEqualTo: nil,
                                                 min: Form.resolve(spec.rules.min, fieldValue: nil, today: day),
                                                 max: Form.resolve(spec.rules.max, fieldValue: nil, today: day), required: required)
            let validity = judge(value, of: spec, as: path, in: context)
            latestValidity[path] = validity
            if first == nil, state.visible, let reason = validity.reason {
                first = FieldValidity(reason: reason, message: ValidityMessage.item(index, label: spec.presentation.label ?? spec.name, validity.message, in: language))
            }
        }
        return first
    }

    /// Drops what was derived for the items of `name` from index `count` on.
    private func forgetItems(of name: String, from count: Int, fields: [String]) {
        var index = count
        while latestStates[FieldPath(array: name, index: index, field: fields.first ?? "").description] != nil {
            for field in fields {
                let path = FieldPath(array: name, index: index, field: field).description
                latestStates[path] = nil
                latestValidity[path] = nil
                localVerdicts[path] = nil
            }
            index += 1
        }
    }

    /// What `settleItems` derived from an array's items last time.
    struct SettledItems {
        let items: [[String: FieldValue]]
        /// Per item, its first shown invalid field's verdict, worded for the array.
        let verdicts: [FieldValidity?]
        let state: FieldState
        let day: CalendarDay
    }

    /// A change of a field's value as it is announced: an array whose items
    /// kept their number announces each item field that changed under its
    /// path; any other change is the field's whole value.
    func itemChanges(_ change: FieldChange<FieldValue>, from old: FieldValue?) -> [FieldChange<FieldValue>] {
        guard case .items(let new) = change.value, case .items(let previous)? = old, new.count == previous.count,
              let array = fieldsByName[change.name]?.spec.array else { return [change] }
        return new.indices.flatMap { index in
            array.item.compactMap { field -> FieldChange<FieldValue>? in
                guard let value = new[index][field.name], previous[index][field.name].map({ !$0.isIdentical(to: value) }) ?? true else { return nil }
                return FieldChange(name: FieldPath(array: change.name, index: index, field: field.name).description, value: value)
            }
        }
    }

    /// An array's items without the fields their conditions hide, as
    /// `Submit` gives them; any other value as it is.
    func shownItems(of name: String, _ value: FieldValue) -> FieldValue {
        guard case .items(let items) = value else { return value }
        return .items(items.enumerated().map { index, item in
            item.filter { fieldStates[FieldPath(array: name, index: index, field: $0.key).description]?.visible != false }
        })
    }
}
