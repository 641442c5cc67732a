extension ObservableType {
    /// Drops every element and passes on only the ending event.
    ///
    /// Completes when this sequence completes, fails when it fails; it is
    /// disposed when the result is.
    public func ignoreElements() -> Observable<Never> {
        Observable.create { observer in
            self.subscribe { event in
                switch event {
                case .next: break
                case .error(let error): observer.onError(error)
                case .completed: observer.onCompleted()
                }
            }
        }
    }
}
