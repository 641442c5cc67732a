extension ObservableType {
    /// Passes on the first `count` elements, then completes and disposes the source.
    public func take(_ count: Int) -> Observable<Element> {
        guard count > 0 else { return .empty() }
        return Observable.create { observer in
            var remaining = count
            return self.subscribe { event in
                observer.on(event)
                if case .next = event {
                    remaining -= 1
                    if remaining == 0 {
                        observer.onCompleted()
                    }
                }
            }
        }
    }
}
