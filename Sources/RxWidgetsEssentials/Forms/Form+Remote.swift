import Localization

/// Remote checks and remote options: each a `flatMapLatest` from the
/// values it depends on to the remote party's answer, as GitHubSignup's
/// username check is — a newer value disposes (cancels) the older question,
/// so an answer for a value that has since changed is never applied.
extension Form {
    /// What the remote check last said, and of which value.
    struct RemoteOutcome: Equatable {
        enum Kind: Equatable {
            case valid
            case refused(String)
            case unavailable
        }

        let value: FieldValue
        let kind: Kind
    }

    /// The field's validity given its own rules' verdict and the remote
    /// check's: pending until the check of this very value has answered.
    static func combine(local: FieldValidity, value: FieldValue, remote outcome: RemoteOutcome?, rules: FieldRules, language: Language) -> FieldValidity {
        guard local.isValid, rules.remote != nil else { return local }
        guard let outcome, outcome.value == value else {
            return FieldValidity(reason: .pending, message: rules.messages[.pending] ?? ValidityMessage.checking.text(in: language))
        }
        switch outcome.kind {
        case .valid:
            return .valid
        case .refused(let message):
            return FieldValidity(reason: .remote, message: message.isEmpty ? rules.messages[.remote] ?? ValidityMessage.notAccepted.text(in: language) : message)
        case .unavailable:
            return FieldValidity(reason: .unavailable, message: rules.messages[.unavailable] ?? ValidityMessage.notChecked.text(in: language))
        }
    }

    /// Asks the field's validator `debounce` ms after the last change of a
    /// value that passes its own rules, and waits `timeout` ms for the answer.
    func bindRemoteCheck(of field: FormField, _ rule: RemoteRule, local: Observable<(FieldValue, FieldValidity)>) {
        let name = field.spec.name
        let trigger = BehaviorRelay(value: 0)
        recheckTriggers[name] = trigger
        typealias Check = (value: FieldValue, passes: Bool, attempt: Int)
        let checks: Observable<Check> = Observable.combineLatest(local, trigger.asObservable()) { local, attempt in
            (value: local.0, passes: local.1.isValid, attempt: attempt)
        }
        checks
            .distinctUntilChanged { (old: Check, new: Check) in old.value == new.value && old.passes == new.passes && old.attempt == new.attempt }
            .flatMapLatest { [weak self] (check: Check) -> Observable<RemoteOutcome> in
                guard check.passes, let self else { return .empty() }
                return ask(rule, about: check.value, of: name)
            }
            .subscribe(onNext: { [weak self] answer in
                self?.changeOnItsOwn { self?.remoteOutcomes[name]?.accept(answer) }
            })
            .disposed(by: disposeBag)
    }

    /// One check of `value`: the debounce, then the question, bounded by the timeout.
    private func ask(_ rule: RemoteRule, about value: FieldValue, of field: String) -> Observable<RemoteOutcome> {
        let scheduler = self.scheduler
        return Observable<Int>.timer(.milliseconds(rule.debounce), scheduler: scheduler)
            .flatMap { [weak self] _ -> Observable<RemoteVerdict> in
                guard let self else { return .empty() }
                let question = remoteDelegate?.form(self, check: value, of: field, with: rule.name)?.asObservable() ?? .never()
                return question.take(1).timeout(.milliseconds(rule.timeout), scheduler: scheduler)
            }
            .map { (verdict: RemoteVerdict) -> RemoteOutcome in
                switch verdict {
                case .valid: return RemoteOutcome(value: value, kind: .valid)
                case .invalid(let message): return RemoteOutcome(value: value, kind: .refused(message))
                }
            }
            .catch { _ in .just(RemoteOutcome(value: value, kind: .unavailable)) }
    }

    /// Asks the field's options provider whenever a field it is given
    /// changes; until it answers, the options stay as they are.
    func bindProvidedOptions(of field: FormField, provider: String, sources: [String]) {
        let name = field.spec.name
        let trigger = BehaviorRelay(value: 0)
        recheckTriggers[name] = trigger
        let inputs = sources.compactMap { source in fieldsByName[source].map { $0.value.map { (source, $0) } } }
        let scheduler = self.scheduler
        let given = inputs.isEmpty ? Observable.just([]) : Observable.combineLatest(inputs)
        Observable.combineLatest(given, trigger.asObservable()) { values, attempt in
            (values: Dictionary(values, uniquingKeysWith: { $1 }), attempt: attempt)
        }
        .distinctUntilChanged { $0.values == $1.values && $0.attempt == $1.attempt }
        .flatMapLatest { [weak self] request -> Observable<[String]> in
            guard let self else { return .empty() }
            let question = remoteDelegate?.form(self, optionsFor: name, from: provider, given: request.values)?.asObservable() ?? .never()
            return question.take(1)
                .timeout(.milliseconds(Form.optionsTimeout), scheduler: scheduler)
                .catch { _ in .empty() }
        }
        .subscribe(onNext: { [weak self, weak field] options in
            guard let self, let field else { return }
            changeOnItsOwn { self.applyOptions(options, to: field) }
        })
        .disposed(by: disposeBag)
    }

    /// Milliseconds an options provider has to answer; past them the options stay.
    static let optionsTimeout = 5_000

    /// New options for a choice; a value no longer among them becomes `notSelected`.
    func applyOptions(_ options: [String], to field: FormField) {
        field.options = options
        if case .text(let current) = field.currentValue, current != FieldValue.notSelected, !options.contains(current) {
            field.set(.text(FieldValue.notSelected))
        }
    }

    /// Asks again, now, every remote check and options provider of this
    /// name whose last question found no one (pending or unavailable) —
    /// what attaching a validator or provider does. Returns whether
    /// anything changed.
    @discardableResult
    public func recheck(remote name: String) -> Bool {
        recheckUnanswered { $0 == name }
    }

    @discardableResult
    func recheckUnanswered(_ named: (String) -> Bool) -> Bool {
        publish {
            for field in fields {
                let spec = field.spec
                guard let trigger = recheckTriggers[spec.name] else { continue }
                if let rule = spec.rules.remote, named(rule.name), [.pending, .unavailable].contains(latestValidity[spec.name]?.reason) {
                    remoteOutcomes[spec.name]?.accept(nil)
                    trigger.accept(trigger.value + 1)
                } else if case .provider(let provider, _)? = spec.optionsFrom, named(provider) {
                    trigger.accept(trigger.value + 1)
                }
            }
        }
    }

    /// The validator `name` left the bus: the fields waiting for it are
    /// `unavailable` now, not once their timeout has passed.
    @discardableResult
    public func giveUp(remote name: String) -> Bool {
        publish {
            for field in fields where field.spec.rules.remote?.name == name && latestValidity[field.spec.name]?.reason == .pending {
                if let judged = judgedByRules[field.spec.name]?.value {
                    remoteOutcomes[field.spec.name]?.accept(RemoteOutcome(value: judged.0, kind: .unavailable))
                }
            }
        }
    }

    /// Applies a change that no call made — inside a call it is part of the
    /// call's change; otherwise the delegate runs it as its own change.
    func changeOnItsOwn(_ change: @escaping () -> Void) {
        guard !isPublishing else {
            change()
            return
        }
        let apply = { [weak self] in
            change()
            self?.publish {}
            return
        }
        if let remoteDelegate {
            remoteDelegate.form(self, changesOnItsOwn: apply)
        } else {
            apply()
        }
    }
}
