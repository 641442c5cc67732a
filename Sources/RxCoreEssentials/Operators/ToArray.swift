extension ObservableType {
    /// Every element, gathered into one array sent when this sequence completes.
    public func toArray() -> Single<[Element]> {
        // Appended in place: a reduce that built a new array per element
        // copied n²/2 elements.
        Single(raw: Observable.create { observer in
            var elements: [Element] = []
            return self.subscribe { event in
                switch event {
                case .next(let element):
                    elements.append(element)
                case .error(let error):
                    observer.onError(error)
                case .completed:
                    observer.onNext(elements)
                    observer.onCompleted()
                }
            }
        })
    }
}
