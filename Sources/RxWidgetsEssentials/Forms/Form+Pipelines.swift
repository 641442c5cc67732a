import RxCoreEssentials

/// How a form derives its state. Values come from the controls' Rx events
/// (and a choice's derived options from its source's value stream); what
/// follows from them — each field's state (its conditions), validity (its
/// rules judged against the fields it compares with and its bounds,
/// resolved, and the remote check's and the application's verdicts), the
/// outputs and `submitEnabled` — is computed by `settle()` in one pass over
/// the fields in dependency order, once per published change. A diamond of
/// conditions therefore costs one evaluation per field, never one per path
/// (synchronous `combineLatest` chains re-emit for every input, which grows
/// exponentially along such a diamond), and a remote check only ever sees
/// values that are published, never one a refused call put back.
extension Form {
    func buildPipelines() {
        for field in fields {
            let name = field.spec.name
            let serverError = BehaviorRelay<String?>(value: nil)
            serverErrors[name] = serverError
            if field.spec.updateOn == .blur {
                committedValues[name] = BehaviorRelay(value: field.currentValue)
            }
            // A server error lasts until the value next changes.
            field.value.distinctUntilChanged().skip(1)
                .subscribe(onNext: { _ in if serverError.value != nil { serverError.accept(nil) } })
                .disposed(by: disposeBag)
            remoteOutcomes[name] = BehaviorRelay(value: nil)
            if let rule = field.spec.rules.remote {
                let judged = BehaviorRelay<(FieldValue, FieldValidity)?>(value: nil)
                judgedByRules[name] = judged
                bindRemoteCheck(of: field, rule, local: judged.asObservable().compactMap { $0 })
            }
        }
        for field in dependencyOrder {
            bindOptions(of: field)
        }
        settle()
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

    /// Derives every field's state and validity, the outputs and
    /// `submitEnabled` from the values now, in dependency order; with
    /// `askingRemotely`, hands a value its rules now pass to its remote check.
    /// Returns the values it derived from, as the controls hold them.
    @discardableResult
    func settle(askingRemotely: Bool = true) -> [String: FieldValue] {
        let values = currentValues
        let day = today()
        for field in dependencyOrder {
            let spec = field.spec
            let name = spec.name
            let required = spec.requiredWhen.map { $0.holds(values: values, validity: latestValidity) } ?? spec.rules.required
            latestStates[name] = FieldState(visible: [spec.visibleWhen, spec.pageCondition].allSatisfy { $0?.holds(values: values, validity: latestValidity) ?? true },
                                            enabled: spec.enabledWhen.map { $0.holds(values: values, validity: latestValidity) } ?? true,
                                            required: required)
            let rules = spec.rules
            let context = FieldValidator.Context(
                equalTo: rules.equalTo.flatMap { values[$0] },
                notEqualTo: rules.notEqualTo.flatMap { values[$0] },
                min: Form.resolve(rules.min, fieldValue: rules.min?.field.flatMap { values[$0] }, today: day),
                max: Form.resolve(rules.max, fieldValue: rules.max?.field.flatMap { values[$0] }, today: day),
                required: required)
            let judged = committedValues[name]?.value ?? values[name] ?? field.currentValue
            let local = judge(judged, of: spec, as: name, in: context)
            if askingRemotely, let relay = judgedByRules[name], relay.value.map({ $0.0 != judged || $0.1 != local }) ?? true {
                // A new question: an answer for an earlier value (even one
                // equal to this) no longer counts.
                remoteOutcomes[name]?.accept(nil)
                relay.accept((judged, local))
            }
            let outcome = remoteOutcomes[name]?.value
            latestValidity[name] = serverErrors[name]?.value.map { FieldValidity(reason: .server, message: $0) }
                ?? Form.combine(local: local, value: judged, remote: outcome, rules: rules, language: language)
            if case .items(let items) = judged, let state = latestStates[name],
               let itemVerdict = settleItems(of: field, items, arrayState: state), latestValidity[name]?.isValid == true {
                latestValidity[name] = itemVerdict
            }
        }
        latestPagesShown = spec.pages.map { $0.visibleWhen?.holds(values: values, validity: latestValidity) ?? true }
        for output in spec.outputs {
            latestOutputs[output.name] = outputValue(output.rule, values: values)
        }
        let counted = spec.submitRequires ?? spec.fields.map(\.name)
        latestSubmitEnabled = counted.allSatisfy { latestStates[$0]?.visible == false || latestValidity[$0]?.isValid == true }
        return values
    }

    /// What the rules of `spec` say of `value`, recorded under `name` (a
    /// field, or an item field's path): a value and context judged before
    /// keep their verdict, so a change costs the rules of what it affects.
    func judge(_ value: FieldValue, of spec: FieldSpec, as name: String, in context: FieldValidator.Context) -> FieldValidity {
        if let verdict = localVerdicts[name], verdict.context == context, verdict.judged.isIdentical(to: value) {
            return verdict.validity
        }
        let validity = FieldValidator(field: spec, language: language).validate(value, in: context)
        localVerdicts[name] = (value, context, validity)
        rulesRun += 1
        Breathing.shared.breathe()
        return validity
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

    private func outputValue(_ rule: OutputSpec.Rule, values: [String: FieldValue]) -> FieldValue {
        switch rule {
        case .validityColor(let field, let valid, let invalid, let empty):
            if let empty, values[field] == .text("") {
                return .text(empty)
            }
            return .text(latestValidity[field]?.isValid == true ? valid : invalid)
        case .choiceImage(let field, let option, let selected, let unselected):
            return .text(values[field] == .text(option) ? selected : unselected)
        case .scaled(let field, let factor, let offset):
            guard case .number(let number)? = values[field] else { return .number(offset) }
            return .number(number * factor + offset)
        case .allValid(let fields):
            return .bool(fields.allSatisfy { latestValidity[$0]?.isValid == true })
        }
    }
}
