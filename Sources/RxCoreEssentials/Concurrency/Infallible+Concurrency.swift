extension InfallibleType {
    /// The elements as an asynchronous sequence that ends at completion;
    /// cancelling the iterating task disposes the subscription.
    public var values: AsyncStream<Element> {
        let source = UncheckedTransfer(asObservable())
        return AsyncStream<Element> { continuation in
            let subscription = BridgedSubscription()
            continuation.onTermination = { termination in
                if case .cancelled = termination { subscription.end() }
            }
            subscription.hold(source.value.subscribe(onNext: { element in
                continuation.yield(UncheckedTransfer(element).value)
            }, onCompleted: {
                continuation.finish()
            }))
        }
    }
}
