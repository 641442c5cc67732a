extension ObservableType where Element: ObservableConvertibleType {
    /// The elements of the most recent inner sequence only: each new one
    /// disposes the one before.
    ///
    /// Completes when this sequence and the current inner one have
    /// completed; the first error ends it.
    public func switchLatest() -> Observable<Element.Element> {
        flatMapLatest { $0 }
    }
}
