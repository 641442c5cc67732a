import DBus
import RxCoreEssentials
import WidgetsAPI

/// A form served by rxwidgetsd (`org.rxwidgets.Widgets1.Form`), called
/// through `FormContract`.
public final class RemoteForm: RemoteWidget {
    typealias API = FormContract

    /// What a field's conditions decide (`FieldStates`).
    public struct FieldState: Equatable, Sendable {
        /// Shown; a hidden field counts neither for validity nor submit.
        public var visible: Bool
        /// Editable; a disabled field refuses changes with `NotEditable`.
        public var enabled: Bool
        /// A missing value makes it invalid.
        public var required: Bool

        /// A state of these flags.
        public init(visible: Bool, enabled: Bool, required: Bool) {
            self.visible = visible
            self.enabled = enabled
            self.required = required
        }
    }

    /// One field as the form's `Layout` describes it.
    public typealias Field = FieldLayout

    init(client: WidgetsClient, path: ObjectPath) throws {
        try super.init(client: client, path: path, interface: API.name)
    }

    /// Every field, in the spec's order, with what a front end needs to draw it.
    /// A field of a kind this library does not know (a newer daemon's) is left out.
    public var layout: [Field] {
        ((try? value(API.layout)?.decoded()) ?? []).compactMap(FieldLayout.init(entry:))
    }

    /// The buttons: name, the choice field it sets and the value.
    public var buttons: [(name: String, field: String, value: String)] {
        ((try? value(API.buttons)?.decoded()) ?? []).map { $0.fields }
    }

    /// The current values, kept current.
    public var values: [String: DBusValue] {
        RemoteForm.dictionary(value(API.values))
    }

    /// Each field's validity: valid, reason (nil when valid, or one this
    /// library does not know) and message, kept current.
    public var validity: [String: Validity] {
        ((try? value(API.validity)?.decoded()) ?? [:]).mapValues { ($0.fields.0, ValidityReason(rawValue: $0.fields.1), $0.fields.2) }
    }

    /// A field's validity as `Validity` gives it.
    public typealias Validity = (valid: Bool, reason: ValidityReason?, message: String)

    /// Whether every field is valid, kept current.
    public var isValid: Bool {
        value(API.valid) ?? false
    }

    /// Whether submitting is enabled, kept current.
    public var submitEnabled: Bool {
        value(API.submitEnabled) ?? false
    }

    /// The derived outputs (`heartHeight`, `birthdayBorder`…), kept current.
    public var outputs: [String: DBusValue] {
        RemoteForm.dictionary(value(API.outputs))
    }

    /// Each field's (visible, enabled, required), as its conditions decide, kept current.
    public var fieldStates: [String: FieldState] {
        RemoteForm.states((try? value(API.fieldStates)?.decoded()) ?? [:])
    }

    /// Who serves the form's remote checks and options providers now: kind
    /// (`validator` or `provider`), the name and the serving connection.
    /// Read from the daemon each time (the property's changes are not announced).
    public var attachments: [(kind: String, name: String, connection: String)] {
        ((try? read(API.attachments)?.decoded()) ?? []).map { $0.fields }
    }

    /// The locale the daemon words the form's messages in (`de_DE.UTF-8`,
    /// or `C`): a front end in another language words reason codes itself.
    public var locale: String {
        value(API.locale) ?? "C"
    }

    /// The page a person is on, from 0 (0 without pages), kept current.
    public var page: Int {
        Int(value(API.page) ?? 0)
    }

    /// Each page's title and whether it is shown now; empty without pages.
    public var pages: [(title: String, shown: Bool)] {
        ((try? value(API.pages)?.decoded()) ?? []).map { $0.fields }
    }

    /// A choice field's options now (from `Layout`, where derived options are current).
    public func options(for field: String) -> [String] {
        layout.first { $0.name == field }?.options ?? []
    }

    /// The `options` of a choice field's `Layout` attributes.
    static func states(_ entries: [String: DBusStruct<Bool, Bool, Bool>]) -> [String: FieldState] {
        entries.mapValues { FieldState(visible: $0.fields.0, enabled: $0.fields.1, required: $0.fields.2) }
    }

    static func dictionary(_ options: Options?) -> [String: DBusValue] {
        dictionary((try? options?.decoded()) ?? VariantDictionary([]))
    }

    static func dictionary(_ entries: VariantDictionary) -> [String: DBusValue] {
        Dictionary(entries.entries.map { ($0.key, $0.value) }) { _, last in last }
    }

    /// A field's value read from the daemon (`GetValue`): a secret field's
    /// real value when this client's uid owns the form, else empty — the
    /// broadcast `Values` never carries secrets.
    public func value(of field: String) throws -> DBusValue {
        try call(API.getValue, field).value
    }

    /// A user's input into `field`.
    public func setValue(_ value: DBusValue, for field: String) throws {
        try call(API.setValue, (field, Variant(value)))
    }

    /// Several fields' input at once, all or nothing (`SetValues`): a value
    /// of the wrong type changes none. Returns the form's new `Revision`.
    @discardableResult
    public func setValues(_ values: [(field: String, value: DBusValue)]) throws -> UInt64 {
        try call(API.setValues, (Options(values.map { (key: $0.field, value: $0.value) }), 0))
    }

    /// A tap on a button.
    public func tap(_ control: String) throws {
        try call(API.tap, control)
    }

    /// A stepper's +.
    public func increment(_ field: String) throws {
        try call(API.increment, field)
    }

    /// A stepper's −.
    public func decrement(_ field: String) throws {
        try call(API.decrement, field)
    }

    /// The application's verdicts on fields (`SetErrors`): each named field
    /// invalid with reason `server` and the message until its value
    /// changes; `[:]` clears them.
    public func setErrors(_ errors: [String: String]) throws {
        try call(API.setErrors, errors)
    }

    /// A front end's "the field lost focus": an `updateOn: blur` field is judged now.
    public func commit(_ field: String) throws {
        try call(API.commit, field)
    }

    /// Attaches the validator this client serves at `object` (see
    /// `WidgetsClient.serveValidator`, which serves and attaches in one).
    public func attachValidator(_ name: String, at object: ObjectPath) throws {
        try call(API.attachValidator, (name, object))
    }

    /// Attaches the options provider this client serves at `object`.
    public func attachOptionsProvider(_ name: String, at object: ObjectPath) throws {
        try call(API.attachOptionsProvider, (name, object))
    }

    /// Back to the spec's initial values.
    public func reset() throws {
        try call(API.reset, ())
    }

    /// A person's "add another" on an array field: a new item after the others.
    public func addItem(to field: String) throws {
        try call(API.addItem, field)
    }

    /// Removes item `index` of an array field.
    public func removeItem(from field: String, at index: Int) throws {
        try call(API.removeItem, (field, Int32(clamping: index)))
    }

    /// Moves item `from` of an array field to `to`.
    public func moveItem(in field: String, from: Int, to: Int) throws {
        try call(API.moveItem, (field, Int32(clamping: from), Int32(clamping: to)))
    }

    /// A person's Next: to the next shown page, once this page's fields are
    /// valid (`ValidationFailed` naming them otherwise; `OutOfRange` on the last).
    public func nextPage() throws {
        try call(API.nextPage, ())
    }

    /// A person's Back: to the previous shown page (`OutOfRange` on the first).
    public func previousPage() throws {
        try call(API.previousPage, ())
    }

    /// The values, when the form is valid and on its last page; `ValidationFailed` otherwise.
    public func submit() throws -> [String: DBusValue] {
        RemoteForm.dictionary(try call(API.submit, ()))
    }
}

extension Reactive where Base: RemoteForm {
    private typealias API = FormContract

    /// `ValidationChanged`: a field whose validity or reason changed.
    public var validationChanged: Observable<(field: String, valid: Bool, reason: String, message: String)> {
        base.signal(API.validationChanged).map { $0 }
    }

    /// `ValueChanged`: a field's new value.
    public var valueChanged: Observable<(field: String, value: DBusValue)> {
        base.signal(API.valueChanged).map { ($0.0, $0.1.value) }
    }

    /// `Submitted`: the values of each successful submit.
    public var submitted: Observable<[String: DBusValue]> {
        base.signal(API.submitted).map { RemoteForm.dictionary($0) }
    }

    /// `Valid`: the current value on subscription, then every change.
    public var valid: Observable<Bool> {
        base.property(API.valid)
    }

    /// `SubmitEnabled`: the current value on subscription, then every change.
    public var submitEnabled: Observable<Bool> {
        base.property(API.submitEnabled)
    }

    /// `Outputs`: the current value on subscription, then every change.
    public var outputs: Observable<[String: DBusValue]> {
        base.property(API.outputs).map { RemoteForm.dictionary($0) }
    }

    /// `FieldStates`: every field's visibility, editability and
    /// requiredness, current on subscription, then every change.
    public var fieldStates: Observable<[String: RemoteForm.FieldState]> {
        base.property(API.fieldStates).map { RemoteForm.states((try? $0.decoded()) ?? [:]) }
    }

    /// `FieldStateChanged`: a field whose state changed.
    public var fieldStateChanged: Observable<(field: String, state: RemoteForm.FieldState)> {
        base.signal(API.fieldStateChanged).map { ($0.0, RemoteForm.FieldState(visible: $0.1, enabled: $0.2, required: $0.3)) }
    }

    /// A choice field's options: current on subscription, then each
    /// `OptionsChanged` for it.
    public func options(for field: String) -> Observable<[String]> {
        base.signal(API.optionsChanged).filter { $0.0 == field }.map { $0.1 }
            .startWith(base.options(for: field))
    }

    /// `Commit` without blocking.
    public func commit(_ field: String) -> Observable<Void> {
        request(API.commit, field)
    }

    /// `SetValue` without blocking.
    public func setValue(_ value: DBusValue, for field: String) -> Observable<Void> {
        request(API.setValue, (field, Variant(value)))
    }

    /// `Increment` without blocking.
    public func increment(_ field: String) -> Observable<Void> {
        request(API.increment, field)
    }

    /// `Decrement` without blocking.
    public func decrement(_ field: String) -> Observable<Void> {
        request(API.decrement, field)
    }

    /// `GetValue` without blocking (a secret's real value for its owner's uid).
    public func value(of field: String) -> Observable<DBusValue> {
        request(API.getValue, field).map(\.value)
    }

    /// `Tap` without blocking.
    public func tap(_ control: String) -> Observable<Void> {
        request(API.tap, control)
    }

    /// `AddItem` without blocking.
    public func addItem(to field: String) -> Observable<Void> {
        request(API.addItem, field)
    }

    /// `RemoveItem` without blocking.
    public func removeItem(from field: String, at index: Int) -> Observable<Void> {
        request(API.removeItem, (field, Int32(clamping: index)))
    }

    /// `MoveItem` without blocking.
    public func moveItem(in field: String, from: Int, to: Int) -> Observable<Void> {
        request(API.moveItem, (field, Int32(clamping: from), Int32(clamping: to)))
    }

    /// `NextPage` without blocking.
    public func nextPage() -> Observable<Void> {
        request(API.nextPage, ())
    }

    /// `PreviousPage` without blocking.
    public func previousPage() -> Observable<Void> {
        request(API.previousPage, ())
    }

    /// `Page`: the current value on subscription, then every change.
    public var page: Observable<Int> {
        base.property(API.page).map { Int($0) }
    }

    /// `Submit` without blocking.
    public func submit() -> Observable<[String: DBusValue]> {
        request(API.submit, ()).map { RemoteForm.dictionary($0) }
    }
}
