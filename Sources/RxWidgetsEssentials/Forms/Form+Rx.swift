import RxCoreEssentials

extension Reactive where Base: Form {
    /// Each call's changes, once the call is done.
    public var changes: Observable<FormChange> {
        base.changes
    }

    /// Each field whose value a call changed, with the new value.
    public var valueChanged: Observable<FieldChange<FieldValue>> {
        base.changes.flatMap { Observable.from($0.values) }
    }

    /// Each field whose validity or reason a call changed.
    public var validationChanged: Observable<FieldChange<FieldValidity>> {
        base.changes.flatMap { Observable.from($0.validity) }
    }

    /// The outputs: current on subscription, then after each call that changes one.
    public var outputs: Observable<[String: FieldValue]> {
        base.changes.filter { !$0.outputs.isEmpty }.map { [weak base] _ in base?.outputs ?? [:] }.startWith(base.outputs)
    }

    /// Whether submit is enabled: current on subscription, then each change.
    public var submitEnabled: Observable<Bool> {
        base.changes.compactMap(\.submitEnabled).startWith(base.submitEnabled)
    }

    /// The values of each successful submit.
    public var submitted: Observable<[String: FieldValue]> {
        base.submissions
    }
}
