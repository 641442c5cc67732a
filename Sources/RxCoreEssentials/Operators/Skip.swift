extension ObservableType {
    /// Drops the first `count` elements.
    public func skip(_ count: Int) -> Observable<Element> {
        Observable.deferred {
            var remaining = count
            return self.filter { _ in
                guard remaining > 0 else { return true }
                remaining -= 1
                return false
            }
        }
    }

    /// Drops elements while `predicate` holds, then passes on every element.
    public func skip(while predicate: @escaping (Element) throws -> Bool) -> Observable<Element> {
        Observable.deferred {
            var skipping = true
            return self.filter { element in
                if skipping {
                    skipping = try predicate(element)
                }
                return !skipping
            }
        }
    }
}
