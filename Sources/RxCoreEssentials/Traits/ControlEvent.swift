/// A type that is, or can be turned into, a `ControlEvent`.
public protocol ControlEventType: ObservableType {
    /// This value as a `ControlEvent`.
    func asControlEvent() -> ControlEvent<Element>
}

/// The events of a control, such as a tap: no initial value, never an error;
/// it completes when the control goes away.
public struct ControlEvent<PropertyType>: ControlEventType {
    /// The element type.
    public typealias Element = PropertyType

    private let events: Observable<PropertyType>

    /// Wraps a control's events; an error from them ends the sequence with
    /// completion instead, and is reported to `Hooks.defaultErrorHandler`.
    /// Subscribing happens on the main thread (`ConcurrentMainScheduler`), as in RxCocoa.
    public init<Ev: ObservableType>(events: Ev) where Ev.Element == Element {
        self.events = ControlSource(events.asObservable())
    }

    /// Subscribes to the events.
    public func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable where Observer.Element == Element {
        events.subscribe(observer)
    }

    /// The events as an `Infallible` (a control event never fails).
    public func asInfallible() -> Infallible<Element> {
        asInfallible(onErrorFallbackTo: .empty())
    }

    /// The events as an `Observable`.
    public func asObservable() -> Observable<Element> {
        events
    }

    /// Itself.
    public func asControlEvent() -> ControlEvent<Element> {
        self
    }
}
