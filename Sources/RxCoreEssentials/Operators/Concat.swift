extension ObservableType {
    /// The elements of each source in turn: the next source is subscribed when
    /// the one before completes; an error ends the whole sequence.
    public static func concat<Sources: Sequence>(_ sources: Sources) -> Observable<Element> where Sources.Element == Observable<Element> {
        Observable.create { observer in
            var remaining = sources.makeIterator()
            let current = SerialDisposable()
            var isSubscribing = false
            var nextRequested = false
            func subscribeNext() {
                // A source that completes during its own subscribe would recurse
                // once per source; loop instead.
                if isSubscribing {
                    nextRequested = true
                    return
                }
                repeat {
                    nextRequested = false
                    guard let source = remaining.next() else {
                        observer.onCompleted()
                        return
                    }
                    isSubscribing = true
                    current.disposable = source.subscribe { event in
                        if case .completed = event {
                            subscribeNext()
                        } else {
                            observer.on(event)
                        }
                    }
                    isSubscribing = false
                } while nextRequested && !current.isDisposed
            }
            subscribeNext()
            return current
        }
    }

    /// The elements of each source in turn.
    public static func concat(_ sources: Observable<Element>...) -> Observable<Element> {
        concat(sources)
    }

    /// The elements of this sequence, then those of `second`.
    public func concat<Source: ObservableConvertibleType>(_ second: Source) -> Observable<Element> where Source.Element == Element {
        Observable.concat([asObservable(), second.asObservable()])
    }
}

extension ObservableType where Element: ObservableConvertibleType {
    /// The elements of each inner sequence in turn, in the order they arrive;
    /// an inner sequence waits until the one before it completes.
    public func concat() -> Observable<Element.Element> {
        Observable.create { observer in
            var queue: [Observable<Element.Element>] = []
            var isRunningInner = false
            var outerCompleted = false
            let outer = SingleAssignmentDisposable()
            let inner = SerialDisposable()
            func startNext() {
                while !isRunningInner, !queue.isEmpty, !inner.isDisposed {
                    isRunningInner = true
                    let next = queue.removeFirst()
                    inner.disposable = next.subscribe { event in
                        if case .completed = event {
                            isRunningInner = false
                            if outerCompleted && queue.isEmpty {
                                observer.onCompleted()
                            } else {
                                startNext()
                            }
                        } else {
                            observer.on(event)
                        }
                    }
                }
            }
            outer.setDisposable(self.subscribe { event in
                switch event {
                case .next(let source):
                    queue.append(source.asObservable())
                    startNext()
                case .error(let error):
                    observer.onError(error)
                case .completed:
                    outerCompleted = true
                    if !isRunningInner && queue.isEmpty {
                        observer.onCompleted()
                    }
                }
            })
            return Disposables.create(outer, inner)
        }
    }
}
