extension ObservableType {
    /// Drops elements until `other` sends its first element, then passes on
    /// every one.
    ///
    /// `other` is disposed once it has sent an element or completed; its
    /// completion without an element means nothing is ever passed on (the
    /// ending event of this sequence still is). An error of either ends the result.
    public func skip<Other: ObservableType>(until other: Other) -> Observable<Element> {
        Observable.create { observer in
            var forwarding = false
            let trigger = SingleAssignmentDisposable()
            trigger.setDisposable(other.subscribe { event in
                switch event {
                case .next:
                    forwarding = true
                    trigger.dispose()
                case .error(let error):
                    observer.onError(error)
                case .completed:
                    trigger.dispose()
                }
            })
            let source = self.subscribe { event in
                switch event {
                case .next:
                    if forwarding {
                        observer.on(event)
                    }
                case .error, .completed:
                    observer.on(event)
                }
            }
            return Disposables.create(trigger, source)
        }
    }
}
