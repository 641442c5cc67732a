/// A condition on other fields of a form, as `visibleWhen`, `enabledWhen`
/// and `requiredWhen` hold it (docs/forms.md, "Conditions"). Operands are
/// the referenced field's own values, so a date compares as a day and a
/// switch as a flag.
public indirect enum FieldCondition: Equatable, Sendable {
    /// The field holds this value.
    case equals(field: String, value: FieldValue)
    /// The field holds another value.
    case notEquals(field: String, value: FieldValue)
    /// The field holds one of these values.
    case isIn(field: String, values: [FieldValue])
    /// The field's validity is this.
    case valid(field: String, isValid: Bool)
    /// Every condition holds; true when there are none.
    case all([FieldCondition])
    /// Some condition holds; false when there are none.
    case any([FieldCondition])
    /// The condition does not hold.
    case not(FieldCondition)

    /// The fields whose values the condition reads, each once, in order of appearance.
    public var valueFields: [String] {
        var names: [String] = []
        visit { condition in
            switch condition {
            case .equals(let field, _), .notEquals(let field, _), .isIn(let field, _): names.append(field)
            default: break
            }
        }
        return names.uniqued()
    }

    /// The fields whose validity the condition reads, each once.
    public var validityFields: [String] {
        var names: [String] = []
        visit { condition in
            if case .valid(let field, _) = condition { names.append(field) }
        }
        return names.uniqued()
    }

    /// Every field the condition reads, each once.
    public var fields: [String] {
        (valueFields + validityFields).uniqued()
    }

    /// The condition's truth, given the fields' values and validity.
    public func holds(values: [String: FieldValue], validity: [String: FieldValidity]) -> Bool {
        switch self {
        case .equals(let field, let value): return values[field] == value
        case .notEquals(let field, let value): return values[field] != value
        case .isIn(let field, let candidates): return values[field].map(candidates.contains) ?? false
        case .valid(let field, let isValid): return (validity[field]?.isValid ?? false) == isValid
        case .all(let conditions): return conditions.allSatisfy { $0.holds(values: values, validity: validity) }
        case .any(let conditions): return conditions.contains { $0.holds(values: values, validity: validity) }
        case .not(let condition): return !condition.holds(values: values, validity: validity)
        }
    }

    /// Calls `body` on this condition and every condition inside it. Depth is
    /// bounded by the JSON a spec is parsed from (`JSONValue.maximumDepth`).
    private func visit(_ body: (FieldCondition) -> Void) {
        body(self)
        switch self {
        case .all(let conditions), .any(let conditions):
            for condition in conditions { condition.visit(body) }
        case .not(let condition):
            condition.visit(body)
        case .equals, .notEquals, .isIn, .valid:
            break
        }
    }
}

extension Array where Element == String {
    /// The names, each once, in order of first appearance.
    func uniqued() -> [String] {
        var seen = Set<String>()
        return filter { seen.insert($0).inserted }
    }
}
