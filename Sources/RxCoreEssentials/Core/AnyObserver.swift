/// A type-erased observer: forwards every event to the wrapped handler.
public struct AnyObserver<Element>: ObserverType {
    /// The handler that receives the events.
    public typealias EventHandler = (Event<Element>) -> Void

    private let observer: EventHandler

    /// Wraps an event handler.
    public init(eventHandler: @escaping EventHandler) {
        self.observer = eventHandler
    }

    /// Wraps another observer of the same element type.
    public init<Observer: ObserverType>(_ observer: Observer) where Observer.Element == Element {
        self.observer = observer.on
    }

    /// Forwards the event to the wrapped handler.
    public func on(_ event: Event<Element>) {
        observer(event)
    }

    /// Itself.
    public func asObserver() -> AnyObserver<Element> {
        self
    }
}

extension ObserverType {
    /// This observer, type-erased.
    public func asObserver() -> AnyObserver<Element> {
        AnyObserver(self)
    }

    /// An observer that transforms each element before handing it to this one;
    /// an error thrown by `transform` is sent on as an `error` event.
    public func mapObserver<Result>(_ transform: @escaping (Result) throws -> Element) -> AnyObserver<Result> {
        AnyObserver { event in
            self.on(event.map(transform))
        }
    }
}
