/// One field of a form on its control: the value pipeline starts at the
/// control, and setting the field is a user's gesture on the control (the
/// state changes, then the control sends its event).
final class FormField {
    let spec: FieldSpec
    /// A choice's options now: the spec's, or as its `optionsFrom` derives them.
    var options: [String]
    private let control: FieldControl

    private enum FieldControl {
        case date(DatePicker)
        case choice(BehaviorRelay<String>)
        case toggle(Switch)
        case slider(Slider, exact: ExactValue)
        case stepper(Stepper)
        case text(TextField)
        case file(FileChooserView)
        case items(BehaviorRelay<[[String: FieldValue]]>, template: [String: FormField])
    }

    /// The double a client set on a slider, whose control keeps a `Float`:
    /// reported as long as the control still holds its rounding.
    private final class ExactValue {
        var value: Double

        init(_ value: Double) {
            self.value = value
        }

        func reading(_ control: Float) -> Double {
            Float(value) == control ? value : Double(control)
        }
    }

    init(spec: FieldSpec, initial: FieldValue) {
        self.spec = spec
        options = spec.options
        let rules = spec.rules
        switch (spec.kind, initial) {
        case (.date, .date(let day)):
            let picker = DatePicker()
            picker.date = day.date(in: picker.calendar)
            control = .date(picker)
        case (.choice, .text(let option)):
            control = .choice(BehaviorRelay(value: option))
        case (.switch, .bool(let on)):
            let toggle = Switch()
            toggle.isOn = on
            control = .toggle(toggle)
        case (.slider, .number(let number)):
            let slider = Slider()
            if case .number(let min)? = rules.min { slider.minimumValue = Float(min) }
            if case .number(let max)? = rules.max { slider.maximumValue = Float(max) }
            slider.value = Float(number)
            control = .slider(slider, exact: ExactValue(number))
        case (.stepper, .number(let number)):
            let stepper = Stepper()
            stepper.minimumValue = -Double.greatestFiniteMagnitude
            stepper.maximumValue = Double.greatestFiniteMagnitude
            if case .number(let min)? = rules.min { stepper.minimumValue = min }
            if case .number(let max)? = rules.max { stepper.maximumValue = max }
            stepper.stepValue = rules.step ?? 1
            stepper.value = number
            control = .stepper(stepper)
        case (.array, .items(let items)):
            // The item's fields as fields of their own: what checks an item's values.
            let template = (spec.array?.item ?? []).map { FormField(spec: $0, initial: $0.initialValue(today: CalendarDay(daysSinceEpoch: 0))) }
            control = .items(BehaviorRelay(value: items), template: Dictionary(template.map { ($0.spec.name, $0) }, uniquingKeysWith: { first, _ in first }))
        case (.file, _):
            let chooser = FileChooserView(mode: spec.chooser.mode, isMultiple: spec.chooser.isMultiple, filters: [], folder: "", suggestedName: "", confirmsOverwrite: false)
            chooser.select(FormField.paths(in: initial))
            control = .file(chooser)
        default:
            let field = TextField()
            if case .text(let text) = initial {
                field.text = text
            }
            control = .text(field)
        }
    }

    /// A file field's value as the chooser's selection: "" is none.
    private static func paths(in value: FieldValue) -> [String] {
        switch value {
        case .paths(let paths): return paths
        case .text(let path): return path.isEmpty ? [] : [path]
        default: return []
        }
    }

    /// The chooser's selection as a file field's value: one path, or the list with `multiple`.
    private static func value(of chooser: FileChooserView) -> FieldValue {
        chooser.isMultiple ? .paths(chooser.selection) : .text(chooser.selection.first ?? "")
    }

    /// The value: current on subscription, then after each change of the control.
    var value: Observable<FieldValue> {
        switch control {
        case .date(let picker): return picker.rx.date.map { [calendar = picker.calendar] in .date(CalendarDay($0, calendar: calendar)) }
        case .choice(let relay): return relay.map { .text($0) }
        case .toggle(let toggle): return toggle.rx.isOn.map { .bool($0) }
        case .slider(let slider, let exact): return slider.rx.value.map { .number(exact.reading($0)) }
        case .stepper(let stepper): return stepper.rx.value.map { .number($0) }
        case .text(let field): return field.rx.text.orEmpty.map { .text($0) }
        case .file(let chooser):
            return Observable.deferred { chooser.rx.chosen.map { _ in FormField.value(of: chooser) }.startWith(FormField.value(of: chooser)) }
        case .items(let relay, _): return relay.map { .items($0) }
        }
    }

    /// The value now.
    var currentValue: FieldValue {
        switch control {
        case .date(let picker): return .date(CalendarDay(picker.date, calendar: picker.calendar))
        case .choice(let relay): return .text(relay.value)
        case .toggle(let toggle): return .bool(toggle.isOn)
        case .slider(let slider, let exact): return .number(exact.reading(slider.value))
        case .stepper(let stepper): return .number(stepper.value)
        case .text(let field): return .text(field.text ?? "")
        case .file(let chooser): return FormField.value(of: chooser)
        case .items(let relay, _): return .items(relay.value)
        }
    }

    /// An array field's item fields, by name, as fields of their own.
    var itemTemplate: [String: FormField] {
        if case .items(_, let template) = control { return template }
        return [:]
    }

    /// The choice relay a button feeds, for choice fields.
    var choice: BehaviorRelay<String>? {
        if case .choice(let relay) = control { return relay }
        return nil
    }

    /// The value in the field's own type: a date field takes a day or its
    /// `YYYY-MM-DD` text, a choice one of its options or `notSelected`,
    /// numbers only finite ones. Throws `FormError` otherwise.
    func accept(_ value: FieldValue, today: CalendarDay = CalendarDay(daysSinceEpoch: 0)) throws -> FieldValue {
        let name = spec.name
        switch (spec.kind, value) {
        case (.date, .date):
            return value
        case (.date, .text(let text)):
            guard let day = CalendarDay(text) else {
                throw FormError.wrongType(field: name, expected: "a real calendar day as YYYY-MM-DD", got: quoted(text, quote: "\""))
            }
            return .date(day)
        case (.choice, .text(let option)):
            guard option == FieldValue.notSelected || options.contains(option) else {
                throw FormError.notAnOption(field: name, value: option, options: options)
            }
            return value
        case (.switch, .bool), (.text, .text):
            return value
        case (.slider, .number(let number)), (.stepper, .number(let number)):
            guard number.isFinite else {
                throw FormError.wrongType(field: name, expected: "a finite number", got: "\(number)")
            }
            return value
        case (.file, .text(let path)) where !spec.chooser.isMultiple:
            guard path.isEmpty || path.hasPrefix("/") else {
                throw FormError.wrongType(field: name, expected: "an absolute path (or \"\" for none)", got: quoted(path, quote: "\""))
            }
            return value
        case (.file, .paths(let paths)) where spec.chooser.isMultiple:
            if let relative = paths.firstIndex(where: { !$0.hasPrefix("/") }) {
                throw FormError.wrongType(field: name, expected: "absolute paths", got: "\(quoted(paths[relative], quote: "\"")) at index \(relative)")
            }
            return value
        case (.array, .items(let items)):
            return .items(try acceptItems(items, fresh: spec.array?.newItem(today: today) ?? [:]))
        default:
            let expected: String
            switch spec.kind {
            case .date: expected = "a date string (YYYY-MM-DD)"
            case .choice, .text: expected = "a string"
            case .switch: expected = "a boolean"
            case .slider, .stepper: expected = "a number"
            case .file: expected = spec.chooser.isMultiple ? "a list of paths" : "a path as a string"
            case .array: expected = "a list of items"
            }
            throw FormError.wrongType(field: name, expected: expected, got: "\(value.typeDescription) \(quoted(value.description, quote: "\""))")
        }
    }

    /// Sets a value already accepted by `accept(_:)`, as a user would on the control.
    func set(_ value: FieldValue) {
        switch (control, value) {
        case (.date(let picker), .date(let day)):
            picker.date = day.date(in: picker.calendar)
            picker.sendActions(for: .valueChanged)
        case (.choice(let relay), .text(let option)):
            relay.accept(option)
        case (.toggle(let toggle), .bool(let on)):
            toggle.isOn = on
            toggle.sendActions(for: .valueChanged)
        case (.slider(let slider, let exact), .number(let number)):
            exact.value = number
            slider.value = Float(number)
            slider.sendActions(for: .valueChanged)
        case (.stepper(let stepper), .number(let number)):
            stepper.value = number
            stepper.sendActions(for: .valueChanged)
        case (.text(let field), .text(let text)):
            field.text = text
            field.sendActions(for: .editingChanged)
        case (.file(let chooser), _):
            chooser.select(FormField.paths(in: value))
            chooser.userDidChoose()
        case (.items(let relay, _), .items(let items)):
            relay.accept(items)
        default:
            break
        }
    }

    /// The stepper's plus or minus button; throws for other kinds.
    func step(up: Bool) throws {
        guard case .stepper(let stepper) = control else {
            throw FormError.notAStepper(field: spec.name, kind: spec.kind)
        }
        if up {
            stepper.increment()
        } else {
            stepper.decrement()
        }
    }
}
