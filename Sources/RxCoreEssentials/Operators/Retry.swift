extension ObservableType {
    /// On an error, subscribes to this sequence again, without end.
    public func retry() -> Observable<Element> {
        retry(Int.max)
    }

    /// Subscribes up to `maxAttemptCount` times in all; the last attempt's
    /// error ends the sequence.
    public func retry(_ maxAttemptCount: Int) -> Observable<Element> {
        Observable.create { observer in
            let subscription = SerialDisposable()
            var attempts = 0
            var isSubscribing = false
            var resubscribeRequested = false
            func attempt() {
                // A source that fails during subscribe would otherwise recurse
                // once per attempt; loop instead.
                if isSubscribing {
                    resubscribeRequested = true
                    return
                }
                repeat {
                    resubscribeRequested = false
                    attempts += 1
                    isSubscribing = true
                    subscription.disposable = self.subscribe { event in
                        if case .error = event, attempts < maxAttemptCount, !subscription.isDisposed {
                            attempt()
                        } else {
                            observer.on(event)
                        }
                    }
                    isSubscribing = false
                } while resubscribeRequested && !subscription.isDisposed
            }
            attempt()
            return subscription
        }
    }
}
