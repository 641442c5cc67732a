extension Reactive where Base: Control {
    /// The control's `events`; completes when the control goes away.
    public func controlEvent(_ events: Control.Event) -> ControlEvent<Void> {
        let source = Observable<Void>.create { [weak control = base] observer in
            guard let control else {
                observer.onCompleted()
                return Disposables.create()
            }
            return control.addAction(for: events) { _ in observer.onNext(()) }
        }
        return ControlEvent(events: source.take(until: deallocated))
    }

    /// A property read with `getter` on subscription and after each of
    /// `editingEvents`, and written with `setter` (which sends no event, as a
    /// programmatic change in UIKit); completes when the control goes away.
    public func controlProperty<T>(
        editingEvents: Control.Event,
        getter: @escaping (Base) -> T,
        setter: @escaping (Base, T) -> Void
    ) -> ControlProperty<T> {
        let values = Observable<T>.create { [weak control = base] observer in
            guard let control else {
                observer.onCompleted()
                return Disposables.create()
            }
            observer.onNext(getter(control))
            return control.addAction(for: editingEvents) { [weak control] _ in
                if let control {
                    observer.onNext(getter(control))
                }
            }
        }
        return ControlProperty(values: values.take(until: deallocated), valueSink: Binder(base, binding: setter))
    }

    /// Sets `isEnabled`.
    public var isEnabled: Binder<Bool> {
        Binder(base) { control, enabled in control.isEnabled = enabled }
    }
}
