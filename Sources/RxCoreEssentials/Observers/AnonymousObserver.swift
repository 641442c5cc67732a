/// An observer made of an event handler, used by `subscribe(...)`.
final class AnonymousObserver<Element>: ObserverBase<Element> {
    private let eventHandler: (Event<Element>) -> Void

    init(_ eventHandler: @escaping (Event<Element>) -> Void) {
        self.eventHandler = eventHandler
    }

    override func onCore(_ event: Event<Element>) {
        eventHandler(event)
    }
}
