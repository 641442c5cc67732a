/// Receives the events of an observable sequence.
public protocol ObserverType {
    /// The type of the elements it receives.
    associatedtype Element
    /// Receives one event; the sender keeps the sequence grammar.
    func on(_ event: Event<Element>)
}

extension ObserverType {
    /// Sends `.next(element)`.
    public func onNext(_ element: Element) {
        on(.next(element))
    }

    /// Sends `.completed`.
    public func onCompleted() {
        on(.completed)
    }

    /// Sends `.error(error)`.
    public func onError(_ error: Swift.Error) {
        on(.error(error))
    }
}
