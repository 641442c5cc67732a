extension ObservableType {
    /// Turns every event into an element: the errors and completion of this
    /// sequence become `.next(.error(...))` and `.next(.completed)`, followed
    /// by completion.
    public func materialize() -> Observable<Event<Element>> {
        Observable.create { observer in
            self.subscribe { event in
                observer.onNext(event)
                if event.isStopEvent {
                    observer.onCompleted()
                }
            }
        }
    }
}

extension ObservableType where Element: EventConvertible {
    /// Turns materialized events back into events.
    public func dematerialize() -> Observable<Element.Element> {
        Observable.create { observer in
            self.subscribe { event in
                switch event {
                case .next(let element):
                    observer.on(element.event)
                case .error(let error):
                    observer.onError(error)
                case .completed:
                    observer.onCompleted()
                }
            }
        }
    }
}
