extension FormField {
    /// An array's items checked as their fields check values: at most its
    /// capacity of them, each holding only its item's fields, each value of
    /// its field's type; a field an item does not give takes its value in
    /// `fresh` (a new item's).
    func acceptItems(_ items: [[String: FieldValue]], fresh: [String: FieldValue]) throws -> [[String: FieldValue]] {
        guard let array = spec.array else { return items }
        guard items.count <= array.capacity else {
            throw FormError.tooManyItems(field: spec.name, count: items.count, capacity: array.capacity)
        }
        return try items.enumerated().map { index, item in
            var accepted = fresh
            for (name, value) in item.sorted(by: { $0.key < $1.key }) {
                let path = FieldPath(array: spec.name, index: index, field: name)
                guard let field = itemTemplate[name] else { throw FormError.unknownField(path.description) }
                do {
                    accepted[name] = try field.accept(value)
                } catch let error as FormError {
                    throw error.naming(path)
                }
            }
            return accepted
        }
    }
}
