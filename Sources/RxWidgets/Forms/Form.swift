/// A form built from a `FormSpec` out of the widgets' controls: one
/// `DatePicker`, `Switch`, `Slider`, `Stepper` or `TextField` per field (a
/// choice is a relay fed by `Button`s), and one pipeline per field — its
/// value, `combineLatest` with the field it must equal, mapped through its
/// rules, `distinctUntilChanged` — with the outputs and `submitEnabled` as
/// `combineLatest` over those.
///
/// Every call is all or nothing: values are checked before any is applied.
/// A call that changes something raises `revision` by one and publishes one
/// `FormChange`; a call that changes nothing publishes nothing. "Today"
/// comes from the injected clock, read whenever a date is judged.
public final class Form: ReactiveCompatible {
    /// The spec the form was built from.
    public let spec: FormSpec
    /// The buttons, by name; tapping one sets its choice.
    public let buttons: [String: Button]
    /// Grows by one with every call that changes the form; 1 when created.
    public private(set) var revision: UInt64 = 1

    /// Resumes the count where a stored form left it, so a form restored
    /// from storage keeps the revision it had; for a form nothing observes yet.
    public func resume(atRevision stored: UInt64) {
        revision = max(stored, 1)
    }

    /// The values, as last published.
    public private(set) var values: [String: FieldValue] = [:]
    /// The validity of every field, as last published.
    public private(set) var validity: [String: FieldValidity] = [:]
    /// The outputs, as last published.
    public private(set) var outputs: [String: FieldValue] = [:]
    /// Whether the fields that enable submit are all valid, as last published.
    public private(set) var submitEnabled = false

    private let today: () -> CalendarDay
    private let fields: [FormField]
    private let fieldsByName: [String: FormField]
    private var latestValues: [String: FieldValue] = [:]
    private var latestValidity: [String: FieldValidity] = [:]
    private var latestOutputs: [String: FieldValue] = [:]
    private var latestSubmitEnabled = false
    /// Per field, the message the application set with `setErrors`, if any.
    private var serverErrors: [String: BehaviorRelay<String?>] = [:]
    private let changesRelay = PublishRelay<FormChange>()
    private let submittedRelay = PublishRelay<[String: FieldValue]>()
    private let disposeBag = DisposeBag()

    /// Builds the form; `today` gives the day that date rules and initial
    /// values relative to today use.
    public init(spec: FormSpec, today: @escaping () -> CalendarDay = CalendarDay.today) {
        self.spec = spec
        self.today = today
        let day = today()
        fields = spec.fields.map { FormField(spec: $0, initial: $0.initial.resolve(today: day)) }
        fieldsByName = Dictionary(fields.map { ($0.spec.name, $0) }, uniquingKeysWith: { first, _ in first })
        var buttons: [String: Button] = [:]
        for buttonSpec in spec.buttons {
            let button = Button()
            buttons[buttonSpec.name] = button
            if let relay = fieldsByName[buttonSpec.field]?.choice {
                button.rx.tap.map { buttonSpec.value }.bind(to: relay).disposed(by: disposeBag)
            }
        }
        self.buttons = buttons
        buildPipelines()
        values = latestValues
        validity = latestValidity
        outputs = latestOutputs
        submitEnabled = latestSubmitEnabled
    }

    // MARK: Pipelines

    private func buildPipelines() {
        var validities: [String: Observable<FieldValidity>] = [:]
        for field in fields {
            let name = field.spec.name
            let serverError = BehaviorRelay<String?>(value: nil)
            serverErrors[name] = serverError
            field.value
                .subscribe(onNext: { [weak self] in self?.latestValues[name] = $0 })
                .disposed(by: disposeBag)
            // A server error lasts until the value next changes. Subscribed
            // before the validity, so a change is validated without it.
            field.value.distinctUntilChanged().skip(1)
                .subscribe(onNext: { _ in if serverError.value != nil { serverError.accept(nil) } })
                .disposed(by: disposeBag)
            let validator = FieldValidator(field: field.spec)
            let otherName = field.spec.rules.equalTo
            let other: Observable<FieldValue?> = otherName.flatMap { fieldsByName[$0] }.map { $0.value.map { $0 as FieldValue? } } ?? .just(nil)
            let today = self.today
            let fieldValidity = Observable.combineLatest(field.value, other, serverError.asObservable()) { value, other, server in
                server.map { FieldValidity(reason: .server, message: $0) } ?? validator.validate(value, equalTo: other, otherName: otherName, today: today())
            }
            .distinctUntilChanged()
            .share(replay: 1)
            fieldValidity
                .subscribe(onNext: { [weak self] in self?.latestValidity[name] = $0 })
                .disposed(by: disposeBag)
            validities[name] = fieldValidity
        }
        let outputs = spec.outputs.map { output in
            outputValue(output, validities: validities).map { FieldChange(name: output.name, value: $0) }
        }
        Observable.combineLatest(outputs)
            .subscribe(onNext: { [weak self] outputs in
                self?.latestOutputs = Dictionary(outputs.map { ($0.name, $0.value) }, uniquingKeysWith: { $1 })
            })
            .disposed(by: disposeBag)
        let required = (spec.submitRequires ?? spec.fields.map(\.name)).compactMap { validities[$0] }
        Observable.combineLatest(required) { $0.allSatisfy(\.isValid) }
            .startWith(required.isEmpty)
            .distinctUntilChanged()
            .subscribe(onNext: { [weak self] in self?.latestSubmitEnabled = $0 })
            .disposed(by: disposeBag)
    }

    private func outputValue(_ output: OutputSpec, validities: [String: Observable<FieldValidity>]) -> Observable<FieldValue> {
        switch output.rule {
        case .validityColor(let field, let valid, let invalid, let empty):
            guard let value = fieldsByName[field]?.value, let validity = validities[field] else { return .never() }
            return Observable.combineLatest(value, validity) { value, validity in
                if let empty, value == .text("") {
                    return .text(empty)
                }
                return .text(validity.isValid ? valid : invalid)
            }
        case .choiceImage(let field, let option, let selected, let unselected):
            guard let value = fieldsByName[field]?.value else { return .never() }
            return value.map { .text($0 == .text(option) ? selected : unselected) }
        case .scaled(let field, let factor, let offset):
            guard let value = fieldsByName[field]?.value else { return .never() }
            return value.map { value in
                guard case .number(let number) = value else { return .number(offset) }
                return .number(number * factor + offset)
            }
        case .allValid(let fields):
            return Observable.combineLatest(fields.compactMap { validities[$0] }) { .bool($0.allSatisfy(\.isValid)) }
        }
    }

    // MARK: Reading

    /// The field names, in order.
    public var fieldNames: [String] {
        fields.map(\.spec.name)
    }

    /// The current value of a field.
    public func value(of field: String) throws -> FieldValue {
        guard fieldsByName[field] != nil, let value = values[field] else { throw FormError.unknownField(field) }
        return value
    }

    /// Whether every field is valid.
    public var isValid: Bool {
        validity.values.allSatisfy(\.isValid)
    }

    /// The overall validity and each field's.
    public func validate() -> (valid: Bool, fields: [String: FieldValidity]) {
        (isValid, validity)
    }

    // MARK: Changing

    /// Sets one field, as a user's input; returns whether anything changed.
    @discardableResult
    public func setValue(_ value: FieldValue, for field: String) throws -> Bool {
        let target = try self.field(field)
        let accepted = try target.accept(value)
        return commit { target.set(accepted) }
    }

    /// Sets several fields at once: every name and value is checked first,
    /// then all are applied in one change, or none. With an expected revision
    /// other than 0 the call fails unless the form is at that revision.
    /// Returns the revision after the call.
    @discardableResult
    public func setValues(_ values: [(field: String, value: FieldValue)], expectedRevision: UInt64 = 0) throws -> UInt64 {
        if expectedRevision != 0 && expectedRevision != revision {
            throw FormError.revisionMismatch(expected: expectedRevision, current: revision)
        }
        let accepted = try values.map { entry -> (FormField, FieldValue) in
            let target = try field(entry.field)
            return (target, try target.accept(entry.value))
        }
        commit {
            for (target, value) in accepted {
                target.set(value)
            }
        }
        return revision
    }

    /// Taps a button; returns whether anything changed.
    @discardableResult
    public func tap(_ control: String) throws -> Bool {
        guard let button = buttons[control] else { throw FormError.unknownField(control) }
        return commit { button.sendActions(for: .touchUpInside) }
    }

    /// The plus button of a stepper field; returns whether anything changed.
    @discardableResult
    public func increment(_ field: String) throws -> Bool {
        try step(field, up: true)
    }

    /// The minus button of a stepper field; returns whether anything changed.
    @discardableResult
    public func decrement(_ field: String) throws -> Bool {
        try step(field, up: false)
    }

    private func step(_ name: String, up: Bool) throws -> Bool {
        let target = try field(name)
        guard target.spec.kind == .stepper else {
            throw FormError.notAStepper(field: name, kind: target.spec.kind)
        }
        return try commit { try target.step(up: up) }
    }

    /// Puts every field back to the spec's initial value; returns whether anything changed.
    @discardableResult
    public func reset() -> Bool {
        let day = today()
        return commit {
            for field in fields {
                field.set(field.spec.initial.resolve(today: day))
            }
            for relay in serverErrors.values where relay.value != nil {
                relay.accept(nil)
            }
        }
    }

    /// The application's verdicts, as after a Submit ("this e-mail is
    /// already registered"): each named field becomes invalid with reason
    /// `server` and its message until its value next changes; fields not
    /// named lose theirs, so `[:]` clears them all. All or nothing: an
    /// unknown field changes nothing.
    @discardableResult
    public func setErrors(_ errors: [String: String]) throws -> Bool {
        for name in errors.keys.sorted() where fieldsByName[name] == nil {
            throw FormError.unknownField(name)
        }
        return commit {
            for (name, relay) in serverErrors where relay.value != errors[name] {
                relay.accept(errors[name])
            }
        }
    }

    /// The values, when every field is valid; publishes them on
    /// `rx.submitted`. Throws `FormError.validationFailed` otherwise. Changes nothing.
    public func submit() throws -> [String: FieldValue] {
        let invalid = validity.filter { !$0.value.isValid }
        guard invalid.isEmpty else {
            throw FormError.validationFailed(invalid)
        }
        submittedRelay.accept(values)
        return values
    }

    private func field(_ name: String) throws -> FormField {
        guard let field = fieldsByName[name] else { throw FormError.unknownField(name) }
        return field
    }

    /// Runs `body`, then publishes what it changed as one `FormChange`.
    @discardableResult
    private func commit(_ body: () throws -> Void) rethrows -> Bool {
        try body()
        let names = fieldNames
        let changedValues = names.compactMap { name in
            latestValues[name].flatMap { $0 != values[name] ? FieldChange(name: name, value: $0) : nil }
        }
        let changedValidity = names.compactMap { name in
            latestValidity[name].flatMap { $0 != validity[name] ? FieldChange(name: name, value: $0) : nil }
        }
        let changedOutputs = spec.outputs.map(\.name).compactMap { name in
            latestOutputs[name].flatMap { $0 != outputs[name] ? FieldChange(name: name, value: $0) : nil }
        }
        let wasValid = isValid
        let submitWasEnabled = submitEnabled
        guard !changedValues.isEmpty || !changedValidity.isEmpty || !changedOutputs.isEmpty || latestSubmitEnabled != submitWasEnabled else {
            return false
        }
        // Saturates instead of trapping: a form restored at the top counts no further.
        revision = revision < UInt64.max ? revision + 1 : revision
        values = latestValues
        validity = latestValidity
        outputs = latestOutputs
        submitEnabled = latestSubmitEnabled
        changesRelay.accept(FormChange(
            revision: revision,
            values: changedValues,
            validity: changedValidity,
            outputs: changedOutputs,
            valid: isValid != wasValid ? isValid : nil,
            submitEnabled: submitEnabled != submitWasEnabled ? submitEnabled : nil
        ))
        return true
    }

    var changes: Observable<FormChange> {
        changesRelay.asObservable()
    }

    var submissions: Observable<[String: FieldValue]> {
        submittedRelay.asObservable()
    }
}
