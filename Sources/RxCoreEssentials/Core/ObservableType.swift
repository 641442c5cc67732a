/// A type that can be turned into an `Observable`.
public protocol ObservableConvertibleType {
    /// The type of the sequence's elements.
    associatedtype Element
    /// This value as an `Observable`.
    func asObservable() -> Observable<Element>
}

/// A push-based sequence of `Event`s that observers subscribe to.
public protocol ObservableType: ObservableConvertibleType {
    /// Subscribes an observer; disposing the returned `Disposable` stops delivery
    /// and releases the resources of the subscription.
    func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable where Observer.Element == Element
}

extension ObservableType {
    /// This sequence as an `Observable`: the same events for every subscriber.
    public func asObservable() -> Observable<Element> {
        Observable.create { observer in self.subscribe(observer) }
    }
}
