import DBus
import RxWidgets

/// A served form: the `Form` model built from a template or a JSON spec; its
/// `rx.changes` and `rx.submitted` become the interface's signals.
final class FormWidget: Widget {
    static let interfaceName = "org.rxwidgets.Widgets1.Form"

    let form: Form
    private let disposeBag = DisposeBag()

    init(name: String, spec text: String, options: [String: DBusValue], creator: MethodCall?, service: WidgetService) throws {
        form = Form(spec: try FormWidget.spec(text, limits: service.limits), today: service.today)
        super.init(kind: .form, name: name, creator: creator, transient: options["transient"] == .boolean(true), service: service)
        declare(makeInterface())
        form.rx.changes
            .subscribe(onNext: { [unowned self] change in
                for value in change.values {
                    emit("ValueChanged", [.string(value.name), .variant(dbusValue(value.value))])
                }
                for validity in change.validity {
                    emit("ValidationChanged", [.string(validity.name), .boolean(validity.value.isValid),
                                               .string(validity.value.reason?.rawValue ?? ""), .string(validity.value.message)])
                }
            })
            .disposed(by: disposeBag)
        form.rx.submitted
            .subscribe(onNext: { [unowned self] in emit("Submitted", [valuesDictionary($0)]) })
            .disposed(by: disposeBag)
    }

    static let optionTypes: [String: DBusType] = ["transient": .boolean]

    private static func spec(_ text: String, limits: Limits) throws -> FormSpec {
        if let template = FormTemplates.spec(named: text) {
            return template
        }
        guard text.utf8.count <= limits.specBytes else {
            throw WidgetsError.limitExceeded("spec has \(text.utf8.count) bytes; the limit is \(limits.specBytes)")
        }
        guard text.drop(while: { $0.isWhitespace }).first == "{" else {
            let shown = text.count > 60 ? String(text.prefix(60)) + "…" : text
            throw WidgetsError.invalidSpec("spec: '\(shown)' is neither a template (\(FormTemplates.all.keys.sorted().joined(separator: ", "))) nor a JSON object")
        }
        do {
            return try FormSpec.parse(json: text)
        } catch let error as FormSpecError {
            throw WidgetsError.invalidSpec(error.description)
        }
    }

    // MARK: Values

    private func dbusValue(_ value: FieldValue) -> DBusValue {
        switch value {
        case .text(let text): return .string(text)
        case .bool(let flag): return .boolean(flag)
        case .number(let number): return .double(number)
        case .date(let day): return .string(day.description)
        }
    }

    private func valuesDictionary(_ values: [String: FieldValue]) -> DBusValue {
        .dictionary(key: .string, value: .variant, form.fieldNames.compactMap { name in
            values[name].map { (.string(name), .variant(dbusValue($0))) }
        })
    }

    private func validityDictionary() -> DBusValue {
        .dictionary(key: .string, value: .structure([.boolean, .string, .string]), form.fieldNames.compactMap { name in
            form.validity[name].map { validity in
                (.string(name), .structure([.boolean(validity.isValid), .string(validity.reason?.rawValue ?? ""), .string(validity.message)]))
            }
        })
    }

    /// A client's value for `field`, of the D-Bus type the field's kind takes.
    private func fieldValue(_ value: DBusValue, for field: String, _ what: String) throws -> FieldValue {
        guard let spec = form.spec.field(named: field) else {
            throw WidgetsError.unknownField("the form has no field named '\(field)'")
        }
        switch (spec.kind, value) {
        case (.date, .string(let text)), (.choice, .string(let text)), (.text, .string(let text)):
            try service.arguments.checkString(text, "\(what) of field '\(field)'")
            return .text(text)
        case (.switch, .boolean(let flag)):
            return .bool(flag)
        case (.slider, .double(let number)), (.stepper, .double(let number)):
            return .number(number)
        default:
            let expected = [FieldKind.switch: "b", .slider: "d", .stepper: "d"][spec.kind] ?? "s"
            throw DBusError.invalidArgs("\(what): field '\(field)' is a \(spec.kind.rawValue) field and expects '\(expected)', got '\(value.type.signature)'")
        }
    }

    // MARK: Interface

    private func makeInterface() -> Interface {
        Interface(FormWidget.interfaceName, methods: [
            changing("SetValue", in: [Argument("field", .string), Argument("value", .variant)]) { [unowned self] call in
                let field: String = try call.argument(0)
                let value = try fieldValue(call.arguments[1].variantValue ?? call.arguments[1], for: field, "value")
                try form.setValue(value, for: field)
                return []
            },
            Method("SetValues", in: [Argument("values", "a{sv}"), Argument("expected_revision", .uint64)], out: [Argument("revision", .uint64)]) { [unowned self] call in
                let expected: UInt64 = try call.argument(1)
                try mutate(call) {
                    if expected != 0 && expected != revision {
                        throw WidgetsError.revisionMismatch("expected_revision is \(expected) but form '\(name)' is at revision \(revision)")
                    }
                    let values = try (call.arguments[0].dictionaryEntries ?? []).map { entry -> (field: String, value: FieldValue) in
                        let field = entry.key.stringValue ?? ""
                        return (field, try fieldValue(entry.value.variantValue ?? entry.value, for: field, "values['\(field)']"))
                    }
                    try form.setValues(values)
                }
                return [.uint64(revision)]
            },
            Method("GetValue", in: [Argument("field", .string)], out: [Argument("value", .variant)]) { [unowned self] call in
                let field: String = try call.argument(0)
                guard let value = form.values[field] else {
                    throw WidgetsError.unknownField("the form has no field named '\(field)'")
                }
                return [.variant(dbusValue(value))]
            },
            changing("Tap", in: [Argument("control", .string)]) { [unowned self] call in
                let control: String = try call.argument(0)
                guard form.buttons[control] != nil else {
                    throw WidgetsError.unknownField("the form has no control named '\(control)'; it has \(form.buttons.keys.sorted().joined(separator: ", "))")
                }
                try form.tap(control)
                return []
            },
            changing("Increment", in: [Argument("field", .string)]) { [unowned self] call in
                try form.increment(try call.argument(0))
                return []
            },
            changing("Decrement", in: [Argument("field", .string)]) { [unowned self] call in
                try form.decrement(try call.argument(0))
                return []
            },
            Method("Validate", out: [Argument("valid", .boolean), Argument("fields", "a{s(bss)}")]) { [unowned self] _ in
                [.boolean(form.isValid), validityDictionary()]
            },
            changing("Submit", out: [Argument("values", "a{sv}")]) { [unowned self] _ in
                [valuesDictionary(try form.submit())]
            },
            changing("Reset") { [unowned self] _ in
                form.reset()
                return []
            },
        ], signals: [
            SignalDeclaration("ValueChanged", [Argument("field", .string), Argument("value", .variant)]),
            SignalDeclaration("ValidationChanged", [Argument("field", .string), Argument("valid", .boolean), Argument("reason", .string), Argument("message", .string)]),
            SignalDeclaration("Submitted", [Argument("values", "a{sv}")]),
        ], properties: [
            Property("Fields", "a(ss)", emitsChanged: .const) { [unowned self] in
                .array(element: .structure([.string, .string]), form.spec.fields.map { .structure([.string($0.name), .string($0.kind.rawValue)]) })
            },
            Property("Values", "a{sv}") { [unowned self] in valuesDictionary(form.values) },
            Property("Validity", "a{s(bss)}") { [unowned self] in validityDictionary() },
            Property("Valid", .boolean) { [unowned self] in .boolean(form.isValid) },
            Property("SubmitEnabled", .boolean) { [unowned self] in .boolean(form.submitEnabled) },
            Property("Outputs", "a{sv}") { [unowned self] in
                .dictionary(key: .string, value: .variant, form.spec.outputs.compactMap { output in
                    form.outputs[output.name].map { (.string(output.name), .variant(dbusValue($0))) }
                })
            },
            revisionProperty(),
        ])
    }
}
