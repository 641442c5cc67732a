/// Whether `take(while:behavior:)` also sends the element that ended it.
public enum TakeBehavior: Sendable {
    /// Sends the first element that fails the predicate before completing.
    case inclusive
    /// Completes without it.
    case exclusive
}

extension ObservableType {
    /// Passes on elements while `predicate` holds, then completes and disposes
    /// the source; an error thrown by `predicate` ends the sequence with it.
    public func take(while predicate: @escaping (Element) throws -> Bool, behavior: TakeBehavior = .exclusive) -> Observable<Element> {
        Observable.create { observer in
            self.subscribe { event in
                guard case .next(let element) = event else {
                    observer.on(event)
                    return
                }
                do {
                    if try predicate(element) {
                        observer.onNext(element)
                    } else {
                        if behavior == .inclusive {
                            observer.onNext(element)
                        }
                        observer.onCompleted()
                    }
                } catch {
                    observer.onError(error)
                }
            }
        }
    }
}
