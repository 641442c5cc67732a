/// The form's pipelines: per field its value, its options when another
/// field decides them, its state (conditions over other fields' values and
/// validity) and its validity (its rules, judged against the fields it
/// compares with and its bounds, resolved); then the outputs and
/// `submitEnabled` over those. Each ends in a `latest…` dictionary that
/// `publish` compares with the published one; values and options are read
/// from the fields themselves, which hold them.
extension Form {
    func buildPipelines() {
        for field in fields {
            let name = field.spec.name
            let serverError = BehaviorRelay<String?>(value: nil)
            serverErrors[name] = serverError
            if field.spec.updateOn == .blur {
                committedValues[name] = BehaviorRelay(value: field.currentValue)
            }
            // A server error lasts until the value next changes. Subscribed
            // before the validity, so a change is validated without it.
            field.value.distinctUntilChanged().skip(1)
                .subscribe(onNext: { _ in if serverError.value != nil { serverError.accept(nil) } })
                .disposed(by: disposeBag)
        }
        for field in dependencyOrder {
            bindOptions(of: field)
        }
        for field in dependencyOrder {
            let name = field.spec.name
            validityStream(of: name)
                .subscribe(onNext: { [weak self] in self?.latestValidity[name] = $0 })
                .disposed(by: disposeBag)
            stateStream(of: name)
                .subscribe(onNext: { [weak self] in self?.latestStates[name] = $0 })
                .disposed(by: disposeBag)
        }
        let outputs = spec.outputs.map { output in
            outputValue(output).map { FieldChange(name: output.name, value: $0) }
        }
        Observable.combineLatest(outputs)
            .subscribe(onNext: { [weak self] outputs in
                self?.latestOutputs = Dictionary(outputs.map { ($0.name, $0.value) }, uniquingKeysWith: { $1 })
            })
            .disposed(by: disposeBag)
        let counted = (spec.submitRequires ?? spec.fields.map(\.name)).compactMap { name in
            Observable.combineLatest(validityStream(of: name), stateStream(of: name)) { validity, state in !state.visible || validity.isValid }
        }
        Observable.combineLatest(counted) { $0.allSatisfy { $0 } }
            .startWith(counted.isEmpty)
            .distinctUntilChanged()
            .subscribe(onNext: { [weak self] in self?.latestSubmitEnabled = $0 })
            .disposed(by: disposeBag)
    }

    /// A choice's options: its own, or derived from another field's value;
    /// a value no longer among them becomes `notSelected`, as a user's
    /// choice would be cleared when its list changes.
    private func bindOptions(of field: FormField) {
        guard field.spec.kind == .choice else { return }
        if case .provider(let provider, let sources)? = field.spec.optionsFrom {
            bindProvidedOptions(of: field, provider: provider, sources: sources)
            return
        }
        guard case .map(let sourceName, let lists)? = field.spec.optionsFrom, let source = fieldsByName[sourceName] else { return }
        source.value
            .map { lists[$0.description] ?? [] }
            .distinctUntilChanged()
            .subscribe(onNext: { [weak self, weak field] options in
                guard let field else { return }
                self?.applyOptions(options, to: field)
            })
            .disposed(by: disposeBag)
    }

    /// The value a field's rules judge: the latest, or for an
    /// `updateOn: blur` field the one last committed.
    private func judgedValue(of field: FormField) -> Observable<FieldValue> {
        committedValues[field.spec.name]?.asObservable() ?? field.value
    }

    /// The field's validity, built once and shared: its rules over its
    /// judged value, the fields it compares with, its resolved bounds,
    /// whether it is required now, and the application's error.
    func validityStream(of name: String) -> Observable<FieldValidity> {
        if let built = validityStreams[name] {
            return built
        }
        guard let field = fieldsByName[name], let serverError = serverErrors[name] else {
            return .just(.valid)
        }
        // Marks the field while its inputs are built: a cyclic spec reads itself as valid.
        validityStreams[name] = .just(.valid)
        let rules = field.spec.rules
        let validator = FieldValidator(field: field.spec)
        let today = self.today
        let minimum = boundSource(rules.min)
        let maximum = boundSource(rules.max)
        let context = Observable.combineLatest(valueOf(rules.equalTo), valueOf(rules.notEqualTo), minimum.value, maximum.value, requiredStream(of: field.spec)) { equal, different, low, high, required in
            FieldValidator.Context(equalTo: equal, notEqualTo: different, min: minimum.resolve(low, today()), max: maximum.resolve(high, today()), required: required)
        }
        let local = Observable.combineLatest(judgedValue(of: field), context) { value, context in (value, validator.validate(value, in: context)) }
            .share(replay: 1)
        let remote = BehaviorRelay<RemoteOutcome?>(value: nil)
        remoteOutcomes[name] = remote
        if let rule = rules.remote {
            bindRemoteCheck(of: field, rule, local: local, into: remote)
        }
        let stream = Observable.combineLatest(local, serverError.asObservable(), remote.asObservable()) { local, server, outcome in
            server.map { FieldValidity(reason: .server, message: $0) } ?? Form.combine(local: local.1, value: local.0, remote: outcome, rules: rules)
        }
        .distinctUntilChanged()
        .share(replay: 1)
        validityStreams[name] = stream
        return stream
    }

    /// The field's visibility, editability and requiredness.
    func stateStream(of name: String) -> Observable<FieldState> {
        if let built = stateStreams[name] {
            return built
        }
        guard let spec = fieldsByName[name]?.spec else { return .just(FieldState()) }
        let stream = Observable.combineLatest(conditionStream(spec.visibleWhen, otherwise: true), conditionStream(spec.enabledWhen, otherwise: true), requiredStream(of: spec)) {
            FieldState(visible: $0, enabled: $1, required: $2)
        }
        .distinctUntilChanged()
        .share(replay: 1)
        stateStreams[name] = stream
        return stream
    }

    private func requiredStream(of spec: FieldSpec) -> Observable<Bool> {
        conditionStream(spec.requiredWhen, otherwise: spec.rules.required)
    }

    /// Whether `condition` holds, re-evaluated when a field it reads changes.
    private func conditionStream(_ condition: FieldCondition?, otherwise: Bool) -> Observable<Bool> {
        guard let condition else { return .just(otherwise) }
        typealias Reading = (name: String, value: FieldValue?, validity: FieldValidity?)
        let readings: [Observable<Reading>] = condition.valueFields.compactMap { name in
            fieldsByName[name].map { $0.value.map { (name, $0, nil) } }
        } + condition.validityFields.map { name in
            validityStream(of: name).map { (name, nil, $0) }
        }
        guard !readings.isEmpty else { return .just(condition.holds(values: [:], validity: [:])) }
        return Observable.combineLatest(readings) { readings in
            var values: [String: FieldValue] = [:]
            var validity: [String: FieldValidity] = [:]
            for reading in readings {
                values[reading.name] = reading.value ?? values[reading.name]
                validity[reading.name] = reading.validity ?? validity[reading.name]
            }
            return condition.holds(values: values, validity: validity)
        }
        .distinctUntilChanged()
    }

    private func valueOf(_ name: String?) -> Observable<FieldValue?> {
        guard let name, let field = fieldsByName[name] else { return .just(nil) }
        return field.value.map { $0 as FieldValue? }
    }

    /// A bound's input (another field's value, for a cross-field bound) and
    /// how it resolves, given today.
    private func boundSource(_ bound: Bound?) -> (value: Observable<FieldValue?>, resolve: (FieldValue?, CalendarDay) -> FieldValue?) {
        (valueOf(bound?.field), { value, today in Form.resolve(bound, fieldValue: value, today: today) })
    }

    /// A bound as a value: a number, a day (today's resolved), or another
    /// field's value plus its offset.
    static func resolve(_ bound: Bound?, fieldValue: FieldValue?, today: CalendarDay) -> FieldValue? {
        switch (bound, fieldValue) {
        case (.number(let number)?, _): return .number(number)
        case (.day(let day)?, _): return .date(day.resolve(today: today))
        case (.field(_, let offset)?, .number(let number)?): return .number(number + offset)
        case (.field(_, let offset)?, .date(let day)?): return .date(day.adding(days: Int(offset)))
        default: return nil
        }
    }

    private func outputValue(_ output: OutputSpec) -> Observable<FieldValue> {
        switch output.rule {
        case .validityColor(let field, let valid, let invalid, let empty):
            guard let value = fieldsByName[field]?.value else { return .never() }
            return Observable.combineLatest(value, validityStream(of: field)) { value, validity in
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
            return Observable.combineLatest(fields.map { validityStream(of: $0) }) { .bool($0.allSatisfy(\.isValid)) }
        }
    }
}
