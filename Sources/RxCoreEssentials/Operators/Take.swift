extension ObservableType {
    /// Passes on the first `count` elements, then completes and disposes the
    /// source. The count is taken before an element is passed on, so an
    /// observer that feeds the source again from `onNext` sees no more than
    /// `count` elements.
    public func take(_ count: Int) -> Observable<Element> {
        guard count > 0 else { return .empty() }
        return Observable.create { observer in
            var remaining = count
            return self.subscribe { event in
                guard case .next = event else {
                    observer.on(event)
                    return
                }
                guard remaining > 0 else { return }
                remaining -= 1
                observer.on(event)
                if remaining == 0 {
                    observer.onCompleted()
                }
            }
        }
    }
}
