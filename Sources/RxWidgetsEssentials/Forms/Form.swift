import Localization

/// A form built from a `FormSpec` out of the widgets' controls: one
/// `DatePicker`, `Switch`, `Slider`, `Stepper` or `TextField` per field (a
/// choice is a relay fed by `Button`s). Setting a field is a gesture on its
/// control; what follows from the values — states, validity, outputs,
/// `submitEnabled` — is derived once per change, in dependency order
/// (`Form+Pipelines.swift` says why), and remote checks and options
/// providers answer through `flatMapLatest` pipelines (`Form+Remote.swift`).
///
/// Every call is all or nothing: values are checked before any is applied.
/// A call that changes something publishes one `FormChange`; a call that
/// changes nothing publishes nothing (who serves the form counts its
/// changes from them: the daemon's `Revision` is the widget's). "Today"
/// comes from the injected clock, read whenever a date is judged.
public final class Form: ReactiveCompatible {
    /// The spec the form was built from.
    public let spec: FormSpec
    /// The language its messages are given in: the spec's `locale`, else
    /// the one it was built with.
    public let language: Language
    /// The buttons, by name; tapping one sets its choice.
    public let buttons: [String: Button]
    /// The values, as last published.
    public private(set) var values: [String: FieldValue] = [:]
    /// The validity of every field, as last published.
    public private(set) var validity: [String: FieldValidity] = [:]
    /// The outputs, as last published.
    public private(set) var outputs: [String: FieldValue] = [:]
    /// Whether the fields that enable submit are all valid, as last published.
    public private(set) var submitEnabled = false
    /// Every field's visibility, editability and requiredness, as last published.
    public private(set) var fieldStates: [String: FieldState] = [:]
    /// Every choice field's options, as last published (derived ones as
    /// their source field's value decides).
    public private(set) var options: [String: [String]] = [:]
    /// The page a person is on (an index of `spec.pages`; 0 without pages),
    /// as last published: always a shown page.
    public private(set) var page = 0
    /// Per page of `spec.pages`, whether its `visibleWhen` shows it, as last published.
    public private(set) var pagesShown: [Bool] = []

    let today: () -> CalendarDay
    /// Where remote checks wait out their debounce and timeout.
    let scheduler: SchedulerType
    /// Validators and options providers, and the server that announces
    /// what their answers change.
    /// Setting one asks again every question that found no one.
    public weak var remoteDelegate: FormRemoteDelegate? {
        didSet { recheckUnanswered { _ in true } }
    }
    let fields: [FormField]
    let fieldsByName: [String: FormField]
    /// The fields, each after the fields its options, bounds and conditions
    /// read: the order in which values are applied, so that a field's
    /// options are derived before its own value is checked against them.
    let dependencyOrder: [FormField]
    /// The fields another field's bounds read: a change of one moves a bound in `Layout`.
    let boundSources: Set<String>
    var latestValidity: [String: FieldValidity] = [:]
    /// Per field, what its rules last judged and their verdict: a field
    /// whose value and context are unchanged is not judged again, so a
    /// change costs the validation of what it affects, not of the form.
    var localVerdicts: [String: (judged: FieldValue, context: FieldValidator.Context, validity: FieldValidity)] = [:]
    /// How many times a field's rules have been run on a value: what the
    /// form's changes have cost in validation (each call should add only the
    /// fields it affects).
    public internal(set) var rulesRun = 0
    var latestOutputs: [String: FieldValue] = [:]
    var latestSubmitEnabled = false
    var latestStates: [String: FieldState] = [:]
    var latestPagesShown: [Bool] = []
    /// Per array field, what its items' settling derived last time.
    var settledItems: [String: SettledItems] = [:]
    /// The item fields whose state and validity were derived anew since the
    /// last publishing: the only item entries that can have changed.
    /// Each path once (`resettledItemPathSet`): refused calls settle without
    /// publishing, so it is bounded by the item values the form holds, not
    /// by the calls made.
    var resettledItemPaths: [String] = []
    var resettledItemPathSet: Set<String> = []
    /// The page the call being published moves to; settled onto a shown page by `publish`.
    var latestPage = 0
    /// Per field, the message the application set with `setErrors`, if any.
    var serverErrors: [String: BehaviorRelay<String?>] = [:]
    /// Per `updateOn: blur` field, the value its rules last judged.
    var committedValues: [String: BehaviorRelay<FieldValue>] = [:]
    /// Per remotely checked field, the value its rules last judged and their
    /// verdict: what its remote check asks about.
    var judgedByRules: [String: BehaviorRelay<(FieldValue, FieldValidity)?>] = [:]
    /// Per remotely checked or provided field, a count that asks again when raised.
    var recheckTriggers: [String: BehaviorRelay<Int>] = [:]
    /// Per remotely checked field, what its check last said.
    var remoteOutcomes: [String: BehaviorRelay<RemoteOutcome?>] = [:]
    /// Whether `publish` is running: a change inside it needs no publishing of its own.
    var isPublishing = false
    private let changesRelay = PublishRelay<FormChange>()
    private let submittedRelay = PublishRelay<[String: FieldValue]>()
    let disposeBag = DisposeBag()

    /// Builds the form; `today` gives the day that date rules and initial
    /// values relative to today use. A spec should be acyclic (as
    /// `FormSpec.parse` ensures): a field that reaches itself through its
    /// conditions reads itself as valid. Remote checks time on `scheduler`.
    /// Its messages are in the spec's language, else in `language`.
    public init(spec: FormSpec, language: Language = .process, today: @escaping () -> CalendarDay = CalendarDay.today, scheduler: SchedulerType = MainScheduler.instance) {
        self.spec = spec
        self.language = spec.language ?? language
        self.today = today
        self.scheduler = scheduler
        let day = today()
        fields = spec.fields.map { FormField(spec: $0, initial: $0.initialValue(today: day)) }
        let byName = Dictionary(fields.map { ($0.spec.name, $0) }, uniquingKeysWith: { first, _ in first })
        fieldsByName = byName
        dependencyOrder = Form.dependencyOrder(of: fields, byName)
        boundSources = Set(spec.fields.flatMap { [$0.rules.min?.field, $0.rules.max?.field].compactMap { $0 } })
        var buttons: [String: Button] = [:]
        for buttonSpec in spec.buttons {
            let button = Button()
            buttons[buttonSpec.name] = button
            if let relay = byName[buttonSpec.field]?.choice {
                button.rx.tap.map { buttonSpec.value }.bind(to: relay).disposed(by: disposeBag)
            }
        }
        self.buttons = buttons
        buildPipelines()
        values = currentValues
        validity = latestValidity
        outputs = latestOutputs
        submitEnabled = latestSubmitEnabled
        fieldStates = latestStates
        options = currentOptions
        pagesShown = latestPagesShown
    }

    /// Every field's value as its control holds it now (the one copy besides
    /// the published `values`, which is what observers were last told).
    var currentValues: [String: FieldValue] {
        Dictionary(fields.map { ($0.spec.name, $0.currentValue) }, uniquingKeysWith: { first, _ in first })
    }

    /// Every choice field's options now.
    private var currentOptions: [String: [String]] {
        Dictionary(fields.filter { $0.spec.kind == .choice }.map { ($0.spec.name, $0.options) }, uniquingKeysWith: { first, _ in first })
    }

    /// The fields ordered so that each comes after what it depends on (a
    /// depth-first walk with an explicit stack; a cycle is cut where found).
    private static func dependencyOrder(of fields: [FormField], _ byName: [String: FormField]) -> [FormField] {
        var order: [FormField] = []
        var entered = Set<String>()
        for root in fields where entered.insert(root.spec.name).inserted {
            var stack: [(field: FormField, next: Int)] = [(root, 0)]
            while let top = stack.last {
                let dependencies = top.field.spec.dependencies
                guard top.next == dependencies.count else {
                    stack[stack.count - 1].next += 1
                    if let dependency = byName[dependencies[top.next]], entered.insert(dependency.spec.name).inserted {
                        stack.append((dependency, 0))
                    }
                    continue
                }
                order.append(top.field)
                stack.removeLast()
            }
        }
        return order
    }

    // MARK: Reading

    /// The field names, in order.
    public var fieldNames: [String] {
        fields.map(\.spec.name)
    }

    /// The current value of a field.
    public func value(of field: String) throws -> FieldValue {
        if let path = FieldPath(field), path.item != nil {
            return try itemValue(at: path)
        }
        guard fieldsByName[field] != nil, let value = values[field] else { throw FormError.unknownField(field) }
        return value
    }

    /// Whether every shown field is valid (a hidden one does not count).
    public var isValid: Bool {
        validity.allSatisfy { $0.value.isValid || fieldStates[$0.key]?.visible == false }
    }

    /// The overall validity and each field's.
    public func validate() -> (valid: Bool, fields: [String: FieldValidity]) {
        (isValid, validity)
    }

    /// A number or date field's bounds now: today's day for a relative one,
    /// the other field's value plus the offset for a cross-field one.
    public func bounds(of field: String) -> (min: FieldValue?, max: FieldValue?) {
        guard let rules = fieldsByName[field]?.spec.rules else { return (nil, nil) }
        let day = today()
        return (Form.resolve(rules.min, fieldValue: rules.min?.field.flatMap { values[$0] }, today: day),
                Form.resolve(rules.max, fieldValue: rules.max?.field.flatMap { values[$0] }, today: day))
    }

    /// An item field's bounds now (they never read another field).
    public func bounds(ofItemField field: FieldSpec) -> (min: FieldValue?, max: FieldValue?) {
        let day = today()
        return (Form.resolve(field.rules.min, fieldValue: nil, today: day), Form.resolve(field.rules.max, fieldValue: nil, today: day))
    }

    // MARK: Changing

    /// Sets one field, as a user's input; returns whether anything changed.
    /// A disabled field refuses with `FormError.notEditable`.
    @discardableResult
    public func setValue(_ value: FieldValue, for field: String) throws -> Bool {
        if let path = FieldPath(field), path.item != nil {
            return try setItemValue(value, at: path)
        }
        let target = try editableField(field)
        let accepted = try target.accept(value, today: today())
        return publish { target.set(accepted) }
    }

    /// Sets several fields at once, all or nothing: each is checked as it
    /// is applied — in dependency order, so a field's options are derived
    /// from the values set with it — and on the first refusal every field
    /// is put back and nothing is published. An item's field, named by its
    /// path (`addresses[1].city`), is set in its array's items.
    public func setValues(_ values: [(field: String, value: FieldValue)]) throws {
        var given: [String: FieldValue] = [:]
        var itemValues: [(path: FieldPath, value: FieldValue)] = []
        for (name, value) in values {
            if let path = FieldPath(name), path.item != nil {
                itemValues.append((path, value))
            } else {
                given[try field(name).spec.name] = value
            }
        }
        for (path, value) in itemValues {
            given[path.field] = try settingItemField(at: path, to: value, in: given[path.field])
        }
        try apply(given, onlyEditable: true)
        publish {}
    }

    /// Puts back what storage kept of a form: its values — disabled fields'
    /// too, in dependency order — judged at once (an `updateOn: blur` field
    /// as if committed), then the application's errors. All or nothing.
    public func restore(values: [(field: String, value: FieldValue)], errors: [String: String], page: Int = 0) throws {
        let given = Dictionary(try values.map { (try field($0.field).spec.name, $0.value) }, uniquingKeysWith: { $1 })
        for name in errors.keys.sorted() where fieldsByName[name] == nil {
            throw FormError.unknownField(name)
        }
        // A provider's options are not stored: its choice keeps the stored
        // value among them until the provider answers again.
        for (name, value) in given {
            if let target = fieldsByName[name], case .provider? = target.spec.optionsFrom, case .text(let option) = value,
               option != FieldValue.notSelected, !target.options.contains(option) {
                target.options.append(option)
            }
        }
        try apply(given, onlyEditable: false)
        publish {
            for field in fields {
                commitValue(of: field)
            }
            for (name, relay) in serverErrors where relay.value != errors[name] {
                relay.accept(errors[name])
            }
            latestPage = min(max(page, 0), spec.pageCount - 1)
        }
    }

    /// The messages `setErrors` set that still hold, by field.
    public var serverMessages: [String: String] {
        serverErrors.compactMapValues(\.value)
    }

    /// Sets the given fields in dependency order, each checked against the
    /// options the ones before it left; on a refusal puts every field back.
    /// With `onlyEditable`, a field is refused when the values applied
    /// before it leave it disabled (`{"company": true, "vatId": "…"}` is
    /// accepted in one call).
    private func apply(_ given: [String: FieldValue], onlyEditable: Bool) throws {
        let saved = snapshot()
        var applied: Set<String> = []
        var settled = true
        do {
            for target in dependencyOrder {
                guard let value = given[target.spec.name] else { continue }
                if onlyEditable, let condition = target.spec.enabledWhen {
                    // Only a condition on the validity of a field set in this
                    // call needs the form settled again; one on values reads
                    // them from the controls.
                    if !applied.isDisjoint(with: condition.validityFields) {
                        settle(askingRemotely: false)
                        settled = false
                    }
                    guard condition.holds(values: currentValues, validity: latestValidity) else { throw FormError.notEditable(field: target.spec.name) }
                }
                target.set(try target.accept(value, today: today()))
                applied.insert(target.spec.name)
            }
        } catch {
            restore(saved)
            if !settled {
                settle(askingRemotely: false)
            }
            throw error
        }
    }

    /// Taps a button; returns whether anything changed. A button of a
    /// disabled field, or one whose value its field no longer offers, refuses.
    @discardableResult
    public func tap(_ control: String) throws -> Bool {
        guard let button = buttons[control], let buttonSpec = spec.buttons.first(where: { $0.name == control }) else { throw FormError.unknownField(control) }
        let target = try editableField(buttonSpec.field)
        _ = try target.accept(.text(buttonSpec.value))
        return publish { button.sendActions(for: .touchUpInside) }
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
        if let path = FieldPath(name), path.item != nil {
            return try stepItem(at: path, up: up)
        }
        let target = try field(name)
        guard target.spec.kind == .stepper else {
            throw FormError.notAStepper(field: name, kind: target.spec.kind)
        }
        _ = try editableField(name)
        return try publish { try target.step(up: up) }
    }

    /// A front end's "the field lost focus": an `updateOn: blur` field's
    /// rules judge its value now. Returns whether anything changed; for
    /// other fields nothing does.
    @discardableResult
    public func commit(_ field: String) throws -> Bool {
        let target = try self.field(field)
        return publish { commitValue(of: target) }
    }

    func commitValue(of field: FormField) {
        if let committed = committedValues[field.spec.name], committed.value != field.currentValue {
            committed.accept(field.currentValue)
        }
    }

    /// Puts every field back to the spec's initial value; returns whether anything changed.
    @discardableResult
    public func reset() -> Bool {
        let day = today()
        return publish {
            for field in dependencyOrder {
                field.set(field.spec.initialValue(today: day))
                commitValue(of: field)
            }
            for relay in serverErrors.values where relay.value != nil {
                relay.accept(nil)
            }
            latestPage = 0
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
        return publish {
            for (name, relay) in serverErrors where relay.value != errors[name] {
                relay.accept(errors[name])
            }
        }
    }

    /// The shown fields' values, when every shown field is valid and the
    /// person is on the last shown page; publishes them on `rx.submitted`.
    /// Throws `FormError.validationFailed` otherwise (`.notOnLastPage` before
    /// the last page), changing nothing. `updateOn: blur` fields are judged on their latest
    /// values: a success commits them (a change, published before the
    /// submission), a failure leaves them as they were.
    public func submit() throws -> [String: FieldValue] {
        if let next = shownPage(after: page, in: pagesShown) {
            throw FormError.notOnLastPage(page: page, next: next, count: spec.pageCount)
        }
        let saved = snapshot()
        for field in fields {
            commitValue(of: field)
        }
        settle(askingRemotely: false)
        let invalid = latestValidity.filter { !$0.value.isValid && latestStates[$0.key]?.visible != false }
        guard invalid.isEmpty else {
            restore(saved)
            settle(askingRemotely: false)
            throw FormError.validationFailed(invalid)
        }
        publish {}
        let shown = Dictionary(values.filter { fieldStates[$0.key]?.visible != false }.map { ($0.key, shownItems(of: $0.key, $0.value)) }) { first, _ in first }
        submittedRelay.accept(shown)
        return shown
    }

    func field(_ name: String) throws -> FormField {
        guard let field = fieldsByName[name] else { throw FormError.unknownField(name) }
        return field
    }

    func editableField(_ name: String) throws -> FormField {
        let target = try field(name)
        guard fieldStates[name]?.enabled != false else { throw FormError.notEditable(field: name) }
        return target
    }

    // MARK: Publishing

    /// What a refused call puts back: every value, committed value and server error.
    struct Snapshot {
        let values: [(FormField, FieldValue)]
        let committed: [String: FieldValue]
        let serverErrors: [String: String?]
    }

    func snapshot() -> Snapshot {
        Snapshot(values: dependencyOrder.map { ($0, $0.currentValue) },
                 committed: committedValues.mapValues(\.value),
                 serverErrors: serverErrors.mapValues(\.value))
    }

    /// Puts the fields back as `saved` holds them, sources before the fields
    /// whose options they decide; nothing is published.
    func restore(_ saved: Snapshot) {
        for (field, value) in saved.values where field.currentValue != value {
            field.set(value)
        }
        for (name, value) in saved.committed where committedValues[name]?.value != value {
            committedValues[name]?.accept(value)
        }
        for (name, message) in saved.serverErrors where serverErrors[name]?.value != message {
            serverErrors[name]?.accept(message)
        }
    }

    /// Runs `body`, then publishes what it changed as one `FormChange`.
    @discardableResult
    func publish(_ body: () throws -> Void) rethrows -> Bool {
        let outer = isPublishing
        isPublishing = true
        defer { isPublishing = outer }
        try body()
        let latestValues = settle()
        defer {
            resettledItemPaths = []
            resettledItemPathSet = []
        }
        let names = fieldNames + resettledItemPaths
        func changes<Value>(_ latest: [String: Value], _ published: [String: Value], _ names: [String]) -> [FieldChange<Value>] {
            names.compactMap { name in latest[name].flatMap { $0 != published[name] ? FieldChange(name: name, value: $0) : nil } }
        }
        let latestOptions = currentOptions
        let changedValues = changes(latestValues, values, fieldNames).flatMap { itemChanges($0, from: values[$0.name]) }
        let changedValidity = changes(latestValidity, validity, names)
        let changedOutputs = changes(latestOutputs, outputs, spec.outputs.map(\.name))
        let changedStates = changes(latestStates, fieldStates, names)
        // Entries of items no longer held are dropped, which no change lists.
        let entriesDropped = latestValidity.count < validity.count || latestStates.count < fieldStates.count
        let changedOptions = changes(latestOptions, options, names)
        let wasValid = isValid
        let submitWasEnabled = submitEnabled
        latestPage = shownPage(atOrBefore: latestPage, in: latestPagesShown)
        guard !changedValues.isEmpty || !changedValidity.isEmpty || !changedOutputs.isEmpty || !changedStates.isEmpty || !changedOptions.isEmpty
                || latestSubmitEnabled != submitWasEnabled || latestPage != page || latestPagesShown != pagesShown || entriesDropped else {
            return false
        }
        let pageMoved = latestPage != page
        let pagesShownChanged = latestPagesShown != pagesShown
        // An item field's requiredness is its item's state, not the layout's.
        let layoutChanged = !changedOptions.isEmpty || changedStates.contains { fieldsByName[$0.name] != nil && $0.value.required != fieldStates[$0.name]?.required }
            || changedValues.contains { boundSources.contains($0.name) }
        values = latestValues
        validity = latestValidity
        outputs = latestOutputs
        submitEnabled = latestSubmitEnabled
        fieldStates = latestStates
        options = latestOptions
        page = latestPage
        pagesShown = latestPagesShown
        changesRelay.accept(FormChange(
            values: changedValues,
            validity: changedValidity,
            outputs: changedOutputs,
            fieldStates: changedStates,
            options: changedOptions,
            layout: layoutChanged,
            valid: isValid != wasValid ? isValid : nil,
            submitEnabled: submitEnabled != submitWasEnabled ? submitEnabled : nil,
            page: pageMoved ? page : nil,
            pagesShown: pagesShownChanged,
            entriesDropped: entriesDropped
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
