extension SharedSequence {
    /// The elements as an asynchronous sequence that ends at completion, as
    /// RxCocoa's (a shared sequence cannot fail, so iterating cannot throw);
    /// cancelling the iterating task disposes the subscription.
    @MainActor public var values: AsyncStream<Element> {
        asInfallible().values
    }
}
