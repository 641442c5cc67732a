/// A sink that passes every event through and disposes itself on a stop event.
final class ForwardingSink<Observer: ObserverType>: Sink<Observer>, ObserverType {
    func on(_ event: Event<Observer.Element>) {
        if event.isStopEvent {
            forwardAndDispose(event)
        } else {
            forwardOn(event)
        }
    }
}
