extension ObservableType {
    /// Each element with its index, counting from 0.
    ///
    /// Ends as this sequence ends.
    public func enumerated() -> Observable<(index: Int, element: Element)> {
        Observable.deferred {
            var index = -1
            return self.map { element in
                index += 1
                return (index, element)
            }
        }
    }
}
