extension ObservableConvertibleType {
    /// This sequence as an `Infallible` that ends with `element` instead of failing.
    public func asInfallible(onErrorJustReturn element: Element) -> Infallible<Element> {
        Infallible(asObservable().catchAndReturn(element))
    }

    /// This sequence as an `Infallible` that continues with `fallback` instead of failing.
    public func asInfallible(onErrorFallbackTo fallback: Infallible<Element>) -> Infallible<Element> {
        Infallible(asObservable().catch { _ in fallback.asObservable() })
    }

    /// This sequence as an `Infallible` that continues with what `recover` makes of an error.
    public func asInfallible(onErrorRecover recover: @escaping (Swift.Error) -> Infallible<Element>) -> Infallible<Element> {
        Infallible(asObservable().catch { recover($0).asObservable() })
    }
}
