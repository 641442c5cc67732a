import DBus
import Localization
import RxWidgetsEssentials
import WidgetsAPI

/// A served form: the `Form` model built from a template or a JSON spec; its
/// `rx.changes` and `rx.submitted` become the interface's signals.
final class FormWidget: ServedWidget {
    let host: WidgetHost

    let form: Form
    /// The text fields whose `secret` is true, an array's item fields among them.
    let secrets: FormSecrets
    /// The spec as given (a template's name or JSON), kept for the state file.
    private let specText: String
    /// The `locale` option as given ("" for none), kept for the state file.
    private let locale: String
    /// What the built spec holds: the form, its fields and patterns, the
    /// spec's text (`Footprint`).
    private let specFootprint: Int
    /// What the options its choice fields offer now hold, kept as they change.
    private var optionsFootprint = 0
    /// The validators and options providers clients attached, by name.
    var validators: [String: Attachment] = [:]
    var providers: [String: Attachment] = [:]
    private let disposeBag = DisposeBag()

    init(name: String, spec text: String, options: [String: DBusValue], creator: Creator, context: WidgetContext) throws {
        let locale = options[FormOption.locale]?.stringValue ?? ""
        let language = try FormWidget.language(named: locale)
        form = Form(spec: try FormWidget.spec(text, in: language, limits: context.limits), language: language, today: context.today)
        self.locale = locale
        specText = text
        specFootprint = Footprint.form + Footprint.heap(of: text)
            + form.spec.fields.reduce(0) { $0 + Footprint.formField + ($1.rules.pattern?.programSize ?? 0) * Footprint.patternInstruction }
        secrets = FormSecrets(form.spec)
        host = WidgetHost(kind: .form, name: name, creator: creator, transient: options[FormOption.transient] == .boolean(true), context: context)
        form.remoteDelegate = self
        form.rx.changes
            .subscribe(onNext: { [weak self] change in
                guard let self else { return }
                if !change.options.isEmpty {
                    measureOptions()
                }
                reportChanges(of: change)
                for options in change.options {
                    emit(API.optionsChanged, options.name, options.value)
                }
                for value in change.values {
                    // A broadcast: a secret's value stays with its owner (API rule 13).
                    let shown = secrets.redacting(value.name, FormWidget.dbusValue(value.value))
                    emit(API.valueChanged, value.name, Variant(shown))
                }
                for validity in change.validity {
                    emit(API.validationChanged, validity.name, validity.value.isValid, validity.value.reason?.rawValue ?? "", validity.value.message)
                }
                for state in change.fieldStates {
                    emit(API.fieldStateChanged, state.name, state.value.visible, state.value.enabled, state.value.required)
                }
            })
            .disposed(by: disposeBag)
        measureOptions()
        form.rx.submitted
            .subscribe(onNext: { [weak self] values in self.map { $0.emit(API.submitted, $0.orderedValues(values, redacted: true)) } })
            .disposed(by: disposeBag)
    }

    /// The properties a change of the form's model altered.
    private func reportChanges(of change: FormChange) {
        reportContentChange()
        if !change.values.isEmpty {
            reportChange(API.values.name)
        }
        if !change.validity.isEmpty || change.entriesDropped {
            reportChange(API.validity.name)
        }
        if change.valid != nil {
            reportChange(API.valid.name)
        }
        if change.submitEnabled != nil {
            reportChange(API.submitEnabled.name)
        }
        if !change.outputs.isEmpty {
            reportChange(API.outputs.name)
        }
        if !change.fieldStates.isEmpty || change.entriesDropped {
            reportChange(API.fieldStates.name)
        }
        if change.layout {
            reportChange(API.layout.name)
        }
        if change.page != nil {
            reportChange(API.page.name)
        }
        if change.pagesShown {
            reportChange(API.pages.name)
        }
    }

    func peerLeft(_ uniqueName: String) {
        detach(uniqueName)
    }

    // MARK: State

    /// The form's `FormState`. A secret is never written to disk: a
    /// restored form has it as its spec begins it.
    func stateSnapshot() -> StateSnapshot {
        let values = orderedValues(form.values, redacted: false).entries.compactMap { entry in
            secrets.withoutSecrets(entry.key, entry.value).map { (field: entry.key, value: $0) }
        }
        let state = FormState(spec: specText, values: values, errors: form.serverMessages, page: form.page, locale: locale)
        return { state.pieces }
    }

    /// The form a state file describes, built and checked as `CreateForm`
    /// and `SetValues` would.
    static func restored(from file: StateFile, context: WidgetContext) throws -> FormWidget {
        let state = try FormState(stored: file.state)
        let widget = try FormWidget(name: file.name, spec: state.spec, options: state.locale.isEmpty ? [:] : [FormOption.locale.rawValue: .string(state.locale)],
                                    creator: Creator(restoring: file), context: context)
        let fieldValues = try state.values.map { field, value in
            (field: field, value: try widget.fieldValue(value, for: field, "stored value of \(quoted(field))"))
        }
        for (field, message) in state.errors {
            try widget.context.arguments.checkString(message, "stored error of \(quoted(field))")
        }
        try widget.form.restore(values: fieldValues, errors: state.errors, page: state.page)
        widget.resume(atRevision: file.revision)
        return widget
    }

    /// The `locale` option's language; the daemon's own when none is given.
    private static func language(named locale: String) throws -> Language {
        guard !locale.isEmpty else { return .process }
        do {
            return try Language(installed: locale)
        } catch {
            throw DBusError.invalidArgs("options 'locale' \(error)")
        }
    }

    private static func spec(_ text: String, in language: Language, limits: Limits) throws -> FormSpec {
        if let template = FormTemplates.spec(named: text, in: language) {
            return template
        }
        guard text.utf8.count <= limits.specBytes else {
            throw WidgetsError.limitExceeded("spec has \(text.utf8.count) bytes; the limit is \(limits.specBytes)")
        }
        guard text.drop(while: { $0.isWhitespace }).first == "{" else {
            throw WidgetsError.invalidSpec("spec: \(quoted(text, limit: 60)) is neither a template (\(FormTemplates.all.keys.sorted().joined(separator: ", "))) nor a JSON object")
        }
        do {
            return try FormSpec.parse(json: text, limits: limits.formSpecLimits)
        } catch let error as FormSpecError {
            throw WidgetsError.invalidSpec(error.description)
        } catch let error as FormSpecLimitError {
            throw WidgetsError.limitExceeded("spec: \(error)")
        }
    }

    // MARK: Values

    private func measureOptions() {
        optionsFootprint = form.options.values.reduce(0) { $0 + Footprint.dictionaryEntry + Footprint.of($1) }
    }

    /// A walk of its values and messages (at most one per field) and the
    /// cached sums of its spec and options.
    var footprint: Int {
        footprint(errors: form.serverMessages)
    }

    /// What the form would hold with these messages of the application.
    private func footprint(errors: [String: String]) -> Int {
        form.values.values.reduce(specFootprint + optionsFootprint) { $0 + Footprint.of($1) }
            + errors.reduce(0) { $0 + Footprint.dictionaryEntry + Footprint.heap(of: $1.value) }
    }

    /// Refuses options from a provider that would make the form hold more
    /// than the memory budgets leave it (they replace the field's options).
    func admit(options: [String], for field: String) throws {
        let old = form.options[field].map { Footprint.dictionaryEntry + Footprint.of($0) } ?? 0
        let new = Footprint.dictionaryEntry + Footprint.of(options)
        try admit(footprint: footprint + new - old, "\(options.count) options of field \(quoted(field))")
    }

    /// Refuses values that would make the form hold more than the memory
    /// budgets leave it (each field's value replaces the one it has; a
    /// dictionary holds no field twice).
    private func admit(values given: [(field: String, value: FieldValue)]) throws {
        let growth = given.reduce(0) { $0 + Footprint.of($1.value) - (form.values[$1.field].map(Footprint.of) ?? 0) }
        try admit(footprint: footprint + growth, "values of \(given.reduce(0) { $0 + Footprint.of($1.value) }) bytes")
    }

    static func dbusValue(_ value: FieldValue) -> DBusValue {
        switch value {
        case .text(let text): return .string(text)
        case .bool(let flag): return .boolean(flag)
        case .number(let number): return .double(number)
        case .date(let day): return .string(day.description)
        case .paths(let paths): return .array(element: .string, paths.map(DBusValue.string))
        case .items(let items): return itemsValue(items)
        }
    }

    /// The values in the form's field order.
    /// The values in field order; with `redacted`, a secret field's value
    /// is the empty string (API rule 13).
    private func orderedValues(_ values: [String: FieldValue], redacted: Bool) -> VariantDictionary {
        VariantDictionary(form.fieldNames.compactMap { name in
            values[name].map { (name, redacted ? secrets.redacting(name, FormWidget.dbusValue($0)) : FormWidget.dbusValue($0)) }
        })
    }

    private func valuesDictionary(_ values: [String: FieldValue], redacted: Bool) -> DBusValue {
        orderedValues(values, redacted: redacted).dbusValue
    }

    /// As a prompt, a form answers its values as `Submit` gives them: a
    /// person's `Finish` submits it (refused while invalid).
    /// The values.
    var promptAnswerType: DBusType { .array(.dictEntry(key: .string, value: .variant)) }

    func promptAnswer(validated: Bool) throws -> DBusValue {
        valuesDictionary(validated ? try form.submit() : form.values, redacted: false)
    }

    /// An answer with its secret fields' values empty to a reader who may
    /// not see them (API rule 13).
    func redacted(_ answer: DBusValue, for reader: PropertyReader) -> DBusValue {
        guard !seesSecrets(reader), let entries = answer.dictionaryEntries else { return answer }
        return .dictionary(key: .string, value: .variant, entries.map { entry in
            (entry.key, .variant(secrets.redacting(entry.key.stringValue ?? "", entry.value.variantValue ?? entry.value)))
        })
    }

    /// Whether `reader` may see secret values: a caller of the owner's uid or 0.
    /// What goes to everyone on the bus never carries them.
    private func seesSecrets(_ reader: PropertyReader) -> Bool {
        guard case .caller(let uid?) = reader else { return false }
        return uid == ownerUID || uid == 0
    }

    private func validityDictionary() -> DBusValue {
        .dictionary(key: .string, value: .structure([.boolean, .string, .string]), form.entryNames.compactMap { name in
            form.validity[name].map { validity in
                (.string(name), .structure([.boolean(validity.isValid), .string(validity.reason?.rawValue ?? ""), .string(validity.message)]))
            }
        })
    }

    /// What a front end needs to draw `field` (an entry of `Layout`),
    /// bounds resolved against today; an item's field (`inItem`) as its
    /// spec describes it, its state being each item's own.
    private func layout(of field: FieldSpec, inItem: Bool = false) -> FieldLayout {
        let rules = field.rules
        let presentation = field.presentation
        var layout = FieldLayout(name: field.name, kind: field.kind, label: presentation.label ?? field.name)
        layout.help = presentation.help
        layout.required = (inItem ? nil : form.fieldStates[field.name]?.required) ?? rules.required
        // The output a front end colours the field's border with: the first validityColor output of the field.
        layout.border = inItem ? nil : form.spec.outputs.first(where: { if case .validityColor(field.name, _, _, _) = $0.rule { return true } else { return false } })?.name
        layout.updatesOnBlur = field.updateOn == .blur
        layout.page = form.spec.pages.isEmpty || inItem ? nil : form.spec.page(of: field.name)
        layout.secret = presentation.secret
        layout.multiline = presentation.multiline
        layout.placeholder = presentation.placeholder
        layout.minLength = rules.minLength
        layout.maxLength = rules.maxLength
        layout.pattern = rules.pattern?.source
        if field.kind == .choice {
            layout.options = (inItem ? nil : form.options[field.name]) ?? field.options
            layout.buttons = inItem ? [] : form.spec.buttons.filter { $0.field == field.name }.map(\.name)
            layout.optionLabels = presentation.optionLabels
        }
        let bounds = inItem ? form.bounds(ofItemField: field) : form.bounds(of: field.name)
        layout.minimum = bounds.min.map(FormWidget.dbusValue)
        layout.maximum = bounds.max.map(FormWidget.dbusValue)
        layout.step = rules.step
        layout.ownMessages = ValidityReason.allCases.filter { rules.messages[$0] != nil }
        if field.kind == .file {
            layout.chooser = field.chooser
            layout.accept = rules.accept
        }
        if let array = field.array {
            layout.minimum = .uint32(UInt32(clamping: array.minItems))
            layout.maximum = .uint32(UInt32(clamping: array.maxItems))
            layout.item = array.item.map { self.layout(of: $0, inItem: true) }
        }
        return layout
    }

    /// A client's value for `field` (or an item field's path), of the D-Bus type the field's kind takes.
    func fieldValue(_ value: DBusValue, for field: String, _ what: String) throws -> FieldValue {
        if let path = FieldPath(field), let (_, name) = path.item {
            guard let item = form.spec.field(named: path.field)?.array?.field(named: name) else {
                throw WidgetsError.unknownField("the form has no field named \(quoted(field))")
            }
            return try fieldValue(value, of: item, named: field, what)
        }
        guard let spec = form.spec.field(named: field) else {
            throw WidgetsError.unknownField("the form has no field named \(quoted(field))")
        }
        return try fieldValue(value, of: spec, named: field, what)
    }

    /// A client's value for a field of `spec`, named `field` in messages.
    func fieldValue(_ value: DBusValue, of spec: FieldSpec, named field: String, _ what: String) throws -> FieldValue {
        switch (spec.kind, value) {
        case (.date, .string(let text)), (.choice, .string(let text)), (.text, .string(let text)):
            try context.arguments.checkString(text, "\(what) of field '\(field)'")
            return .text(text)
        case (.switch, .boolean(let flag)):
            return .bool(flag)
        case (.slider, .double(let number)), (.stepper, .double(let number)):
            return .number(number)
        case (.file, .string(let path)) where !spec.chooser.isMultiple:
            try context.arguments.checkString(path, "\(what) of field '\(field)'")
            return .text(path)
        case (.file, .array(.string, let elements)) where spec.chooser.isMultiple:
            let paths = elements.compactMap(\.stringValue)
            for (index, path) in paths.enumerated() {
                try context.arguments.checkString(path, "\(what)[\(index)] of field '\(field)'")
            }
            return .paths(paths)
        case (.array, .array(let element, let elements)) where element == .array(.dictEntry(key: .string, value: .variant)):
            return try items(elements, of: spec, named: field, what)
        default:
            let expected = [FieldKind.switch: "b", .slider: "d", .stepper: "d", .array: "aa{sv}"][spec.kind] ?? (spec.chooser.isMultiple ? "as" : "s")
            throw DBusError.invalidArgs("\(what): field '\(field)' is a \(spec.kind.rawValue) field and expects '\(expected)', got '\(value.type.signature)'")
        }
    }

    // MARK: Interface

    func boundInterface() -> Interface { FormWidget.declaration.bind(to: self) }

    typealias API = FormContract

    /// `org.rxwidgets.Widgets1.Form`: the contract's handlers, bound to every form.
    static let declaration = InterfaceDeclaration(Handlers())

    /// The handlers of `FormContract`, one per member, as the contract names them.
    struct Handlers: InterfaceHandlers {
        typealias Target = FormWidget
        typealias Contract = FormContract

        let setValue: MethodHandler = API.setValue.changing { widget, arguments, _ in
            let (field, given) = arguments
            let value = try widget.fieldValue(given.value, for: field, "value")
            try widget.admit(values: [(field, value)])
            try widget.form.setValue(value, for: field)
        }
        let setValues: MethodHandler = API.setValues.serve { widget, arguments, call in
            let (given, expected) = arguments
            try widget.mutate(call) {
                let values = try given.value.dictionaryEntries.map { entries in
                    try entries.map { entry -> (field: String, value: FieldValue) in
                        let field = entry.key.stringValue ?? ""
                        return (field, try widget.fieldValue(entry.value.variantValue ?? entry.value, for: field, "values[\(quoted(field))]"))
                    }
                } ?? []
                // The D-Bus Revision is the widget's count of its changes.
                guard expected == 0 || expected == widget.revision else {
                    throw FormError.revisionMismatch(expected: expected, current: widget.revision)
                }
                try widget.admit(values: values)
                try widget.form.setValues(values)
            }
            return widget.revision
        }.admitting { widget, caller in try widget.authorize(caller) }
        let getValue: MethodHandler = API.getValue.serve { widget, field, call in
            guard let value = try? widget.form.value(of: field) else {
                throw WidgetsError.unknownField("the form has no field named \(quoted(field))")
            }
            let exact = dbusValue(value)
            return Variant(widget.seesSecrets(.caller(uid: call.senderUID)) ? exact : widget.secrets.redacting(field, exact))
        }
        let addItem: MethodHandler = API.addItem.changing { widget, field, _ in
            try widget.admit(footprint: widget.footprint + widget.newItemFootprint(of: field), "a new item of field \(quoted(field))")
            try widget.form.addItem(to: field)
        }
        let removeItem: MethodHandler = API.removeItem.changing { widget, arguments, _ in
            try widget.form.removeItem(from: arguments.0, at: Int(arguments.1))
        }
        let moveItem: MethodHandler = API.moveItem.changing { widget, arguments, _ in
            try widget.form.moveItem(in: arguments.0, from: Int(arguments.1), to: Int(arguments.2))
        }
        let tap: MethodHandler = API.tap.changing { widget, control, _ in
            guard widget.form.buttons[control] != nil else {
                throw WidgetsError.unknownField("the form has no control named \(quoted(control)); it has \(widget.form.buttons.keys.sorted().joined(separator: ", "))")
            }
            try widget.form.tap(control)
        }
        let increment: MethodHandler = API.increment.changing { widget, field, _ in
            try widget.form.increment(field)
        }
        let decrement: MethodHandler = API.decrement.changing { widget, field, _ in
            try widget.form.decrement(field)
        }
        let validate: MethodHandler = API.validate.serve { widget, _, _ in
            (widget.form.isValid, Raw(unchecked: widget.validityDictionary()))
        }
        let submit: MethodHandler = API.submit.changing { widget, _, _ in
            // The caller is the owner or 0 (a changing call): it gets the secrets.
            Raw(unchecked: widget.valuesDictionary(try widget.form.submit(), redacted: false))
        }
        let setErrors: MethodHandler = API.setErrors.changing { widget, errors, _ in
            for (field, message) in errors.sorted(by: { $0.key < $1.key }) {
                try widget.context.arguments.checkString(message, "errors[\(quoted(field))]")
            }
            try widget.admit(footprint: widget.footprint(errors: errors), "messages of \(errors.values.reduce(0) { $0 + $1.utf8.count }) bytes")
            try widget.form.setErrors(errors)
        }
        let reset: MethodHandler = API.reset.changing { widget, _, _ in
            widget.form.reset()
        }
        let nextPage: MethodHandler = API.nextPage.changing { widget, _, _ in
            try widget.form.nextPage()
        }
        let previousPage: MethodHandler = API.previousPage.changing { widget, _, _ in
            try widget.form.previousPage()
        }
        let commit: MethodHandler = API.commit.changing { widget, field, _ in
            try widget.form.commit(field)
        }
        let attachValidator: MethodHandler = API.attachValidator.changing { widget, arguments, call in
            try widget.attach(arguments.0, at: arguments.1, by: call.sender, provider: false)
        }
        let attachOptionsProvider: MethodHandler = API.attachOptionsProvider.changing { widget, arguments, call in
            try widget.attach(arguments.0, at: arguments.1, by: call.sender, provider: true)
        }
        let fields: PropertyHandler = API.fields.serve { widget in
            Raw(unchecked: .array(element: .structure([.string, .string]), widget.form.spec.fields.map { .structure([.string($0.name), .string($0.kind.rawValue)]) }))
        }
        let layout: PropertyHandler = API.layout.serve { widget in
            Raw(unchecked: .array(element: .structure([.string, .string, VariantDictionary.dbusType]), widget.form.spec.fields.map { widget.layout(of: $0).entry }))
        }
        let buttons: PropertyHandler = API.buttons.serve { widget in
            Raw(unchecked: .array(element: .structure([.string, .string, .string]), widget.form.spec.buttons.map { .structure([.string($0.name), .string($0.field), .string($0.value)]) }))
        }
        let values: PropertyHandler = API.values.serve(reading: { widget, reader in Raw(unchecked: widget.valuesDictionary(widget.form.values, redacted: !widget.seesSecrets(reader))) })
        let validity: PropertyHandler = API.validity.serve { Raw(unchecked: $0.validityDictionary()) }
        let valid: PropertyHandler = API.valid.serve { $0.form.isValid }
        let submitEnabled: PropertyHandler = API.submitEnabled.serve { $0.form.submitEnabled }
        let outputs: PropertyHandler = API.outputs.serve { widget in
            Raw(unchecked: .dictionary(key: .string, value: .variant, widget.form.spec.outputs.compactMap { output in
                widget.form.outputs[output.name].map { (.string(output.name), .variant(dbusValue($0))) }
            }))
        }
        let fieldStates: PropertyHandler = API.fieldStates.serve { widget in
            Raw(unchecked: .dictionary(key: .string, value: .structure([.boolean, .boolean, .boolean]), widget.form.entryNames.compactMap { name in
                widget.form.fieldStates[name].map { (.string(name), .structure([.boolean($0.visible), .boolean($0.enabled), .boolean($0.required)])) }
            }))
        }
        let page: PropertyHandler = API.page.serve { Int32(clamping: $0.form.page) }
        let locale: PropertyHandler = API.locale.serve { $0.form.language.localeName }
        let attachments: PropertyHandler = API.attachments.serve { widget in
            let entries = [("provider", widget.providers), ("validator", widget.validators)].flatMap { kind, attached in
                attached.keys.sorted().map { DBusValue.structure([.string(kind), .string($0), .string(attached[$0]!.uniqueName)]) }
            }
            return Raw(unchecked: .array(element: .structure([.string, .string, .string]), entries))
        }
        let pages: PropertyHandler = API.pages.serve { widget in
            Raw(unchecked: .array(element: .structure([.string, .boolean]), widget.form.spec.pages.indices.map { index in
                .structure([.string(widget.form.spec.pages[index].title), .boolean(widget.form.isShown(page: index))])
            }))
        }
        let revision: PropertyHandler = API.widget.revision.serve { $0.revision }
    }
}
