extension Dictionary where Value == Int {
    /// One less of `key`; a count that reaches 0 is removed, so an empty
    /// dictionary means nothing is counted.
    mutating func decrementCount(of key: Key) {
        if let count = self[key], count > 1 {
            self[key] = count - 1
        } else {
            self[key] = nil
        }
    }
}
