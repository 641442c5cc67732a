extension ObservableType {
    /// The last `count` elements, sent when this sequence completes, then completion.
    ///
    /// An error is passed on at once and drops what was kept. Holds at most
    /// `count` elements.
    public func takeLast(_ count: Int) -> Observable<Element> {
        Observable.create { observer in
            var kept: [Element] = []
            kept.reserveCapacity(Swift.min(Swift.max(count, 0), 1_024))
            return self.subscribe { event in
                switch event {
                case .next(let element):
                    guard count > 0 else { return }
                    kept.append(element)
                    if kept.count > count {
                        kept.removeFirst()
                    }
                case .error(let error):
                    observer.onError(error)
                case .completed:
                    for element in kept {
                        observer.onNext(element)
                    }
                    observer.onCompleted()
                }
            }
        }
    }
}
