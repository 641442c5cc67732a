extension ObservableType {
    /// Sends each intermediate result of accumulating the elements into `seed`
    /// (the accumulator mutates the state in place).
    public func scan<A>(into seed: A, accumulator: @escaping (inout A, Element) throws -> Void) -> Observable<A> {
        Observable.deferred {
            var state = seed
            return self.map { element in
                try accumulator(&state, element)
                return state
            }
        }
    }

    /// Sends each intermediate result of accumulating the elements from `seed`.
    public func scan<A>(_ seed: A, accumulator: @escaping (A, Element) throws -> A) -> Observable<A> {
        scan(into: seed) { state, element in
            state = try accumulator(state, element)
        }
    }
}
