/// A type that is, or can be turned into, a `ControlProperty`.
public protocol ControlPropertyType: ObservableType, ObserverType {
    /// This value as a `ControlProperty`.
    func asControlProperty() -> ControlProperty<Element>
}

/// A property of a control, such as a switch's `isOn`: subscribing sends the
/// current value, then every change; it never errors and completes when the
/// control goes away. As an observer it sets the property.
public struct ControlProperty<PropertyType>: ControlPropertyType {
    /// The element type.
    public typealias Element = PropertyType

    private let values: Observable<PropertyType>
    private let valueSink: AnyObserver<PropertyType>

    /// A property made of its value stream (current value first) and its
    /// setter; subscribing happens on the main thread (`ConcurrentMainScheduler`), as in RxCocoa.
    public init<Values: ObservableType, Sink: ObserverType>(values: Values, valueSink: Sink) where Element == Values.Element, Element == Sink.Element {
        self.values = ControlSource(values.asObservable())
        self.valueSink = valueSink.asObserver()
    }

    /// Subscribes to the current value and its changes.
    public func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable where Observer.Element == Element {
        values.subscribe(observer)
    }

    /// The changes only, without the current value.
    public var changed: ControlEvent<PropertyType> {
        ControlEvent(events: values.skip(1))
    }

    /// The values as an `Observable`.
    public func asObservable() -> Observable<Element> {
        values
    }

    /// Itself.
    public func asControlProperty() -> ControlProperty<Element> {
        self
    }

    /// Sets the property on `.next`; an error is reported to
    /// `Hooks.defaultErrorHandler` and ignored, completion is ignored.
    public func on(_ event: Event<Element>) {
        switch event {
        case .next:
            valueSink.on(event)
        case .error(let error):
            Hooks.report(BindingError(error: error))
        case .completed:
            break
        }
    }
}

extension ControlPropertyType where Element == String? {
    /// The property with nil read as, and written from, the empty string.
    public var orEmpty: ControlProperty<String> {
        let original = asControlProperty()
        let values = original.map { $0 ?? "" }
        let valueSink = original.mapObserver { (value: String) -> String? in value }
        return ControlProperty(values: values, valueSink: valueSink)
    }
}
