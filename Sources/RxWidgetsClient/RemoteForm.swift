import DBus
import RxCoreEssentials

/// A form served by rxwidgetsd (`org.rxwidgets.Widgets1.Form`).
public final class RemoteForm: RemoteWidget {
    static let interfaceName = "org.rxwidgets.Widgets1.Form"

    /// One field as the form's `Layout` describes it.
    public typealias Field = (name: String, kind: String, attributes: [String: DBusValue])

    init(client: WidgetsClient, path: ObjectPath) throws {
        try super.init(client: client, path: path, interface: RemoteForm.interfaceName)
    }

    /// Every field, in the spec's order, with what a front end needs to draw it.
    public var layout: [Field] {
        (properties["Layout"]?.arrayElements ?? []).compactMap { entry in
            guard case .structure(let fields) = entry, fields.count == 3, let name = fields[0].stringValue, let kind = fields[1].stringValue else { return nil }
            var attributes: [String: DBusValue] = [:]
            for attribute in fields[2].dictionaryEntries ?? [] {
                attributes[attribute.key.stringValue ?? ""] = attribute.value.variantValue ?? attribute.value
            }
            return (name, kind, attributes)
        }
    }

    /// The buttons: name, the choice field it sets and the value.
    public var buttons: [(name: String, field: String, value: String)] {
        (properties["Buttons"]?.arrayElements ?? []).compactMap { entry in
            guard case .structure(let fields) = entry, fields.count == 3, let name = fields[0].stringValue, let field = fields[1].stringValue, let value = fields[2].stringValue else { return nil }
            return (name, field, value)
        }
    }

    /// The current values, kept current.
    public var values: [String: DBusValue] {
        RemoteForm.dictionary(properties["Values"])
    }

    /// Each field's validity: valid, reason and message, kept current.
    public var validity: [String: (valid: Bool, reason: String, message: String)] {
        var result: [String: (Bool, String, String)] = [:]
        for entry in properties["Validity"]?.dictionaryEntries ?? [] {
            guard let name = entry.key.stringValue, case .structure(let fields) = entry.value, fields.count == 3,
                  case .boolean(let valid) = fields[0], let reason = fields[1].stringValue, let message = fields[2].stringValue else { continue }
            result[name] = (valid, reason, message)
        }
        return result
    }

    /// Whether every field is valid, kept current.
    public var isValid: Bool {
        properties["Valid"] == .boolean(true)
    }

    /// Whether submitting is enabled, kept current.
    public var submitEnabled: Bool {
        properties["SubmitEnabled"] == .boolean(true)
    }

    /// The derived outputs (`heartHeight`, `birthdayBorder`…), kept current.
    public var outputs: [String: DBusValue] {
        RemoteForm.dictionary(properties["Outputs"])
    }

    static func dictionary(_ value: DBusValue?) -> [String: DBusValue] {
        var result: [String: DBusValue] = [:]
        for entry in value?.dictionaryEntries ?? [] {
            result[entry.key.stringValue ?? ""] = entry.value.variantValue ?? entry.value
        }
        return result
    }

    /// A user's input into `field`.
    public func setValue(_ value: DBusValue, for field: String) throws {
        try call("SetValue", [.string(field), .variant(value)])
    }

    /// A tap on a button.
    public func tap(_ control: String) throws {
        try call("Tap", [.string(control)])
    }

    /// A stepper's +.
    public func increment(_ field: String) throws {
        try call("Increment", [.string(field)])
    }

    /// A stepper's −.
    public func decrement(_ field: String) throws {
        try call("Decrement", [.string(field)])
    }

    /// Back to the spec's initial values.
    public func reset() throws {
        try call("Reset")
    }

    /// The values, when the form is valid; `ValidationFailed` otherwise.
    public func submit() throws -> [String: DBusValue] {
        RemoteForm.dictionary(try call("Submit").first)
    }
}

extension Reactive where Base: RemoteForm {
    /// `ValidationChanged`: a field whose validity or reason changed.
    public var validationChanged: Observable<(field: String, valid: Bool, reason: String, message: String)> {
        base.signal("ValidationChanged").compactMap { values in
            guard values.count == 4, let field = values[0].stringValue, case .boolean(let valid) = values[1],
                  let reason = values[2].stringValue, let message = values[3].stringValue else { return nil }
            return (field, valid, reason, message)
        }
    }

    /// `ValueChanged`: a field's new value.
    public var valueChanged: Observable<(field: String, value: DBusValue)> {
        base.signal("ValueChanged").compactMap { values in
            guard values.count == 2, let field = values[0].stringValue else { return nil }
            return (field, values[1])
        }
    }

    /// `Submitted`: the values of each successful submit.
    public var submitted: Observable<[String: DBusValue]> {
        base.signal("Submitted").map { RemoteForm.dictionary($0.first) }
    }

    /// `Valid`: the current value on subscription, then every change.
    public var valid: Observable<Bool> {
        base.property("Valid").compactMap { try? Bool(dbusValue: $0) }
    }

    /// `SubmitEnabled`: the current value on subscription, then every change.
    public var submitEnabled: Observable<Bool> {
        base.property("SubmitEnabled").compactMap { try? Bool(dbusValue: $0) }
    }

    /// `Outputs`: the current value on subscription, then every change.
    public var outputs: Observable<[String: DBusValue]> {
        base.property("Outputs").map { RemoteForm.dictionary($0) }
    }

    /// `SetValue` without blocking.
    public func setValue(_ value: DBusValue, for field: String) -> Observable<Void> {
        request("SetValue", [.string(field), .variant(value)]).map { _ in () }
    }

    /// `Tap` without blocking.
    public func tap(_ control: String) -> Observable<Void> {
        request("Tap", [.string(control)]).map { _ in () }
    }

    /// `Submit` without blocking.
    public func submit() -> Observable<[String: DBusValue]> {
        request("Submit").map { RemoteForm.dictionary($0.first) }
    }
}
