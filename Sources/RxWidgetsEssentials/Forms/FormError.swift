import RxCoreEssentials

/// Why a form refused a call. A refused call changes nothing.
public enum FormError: Swift.Error, Equatable, CustomStringConvertible, Sendable {
    /// No field or control has this name.
    case unknownField(String)
    /// The value's type does not fit the field.
    case wrongType(field: String, expected: String, got: String)
    /// A choice field was given something other than one of its options.
    case notAnOption(field: String, value: String, options: [String])
    /// Increment or decrement of a field that is not a stepper.
    case notAStepper(field: String, kind: FieldKind)
    /// Submit while some fields are invalid.
    case validationFailed([String: FieldValidity])
    /// A change that expected another revision.
    case revisionMismatch(expected: UInt64, current: UInt64)
    /// A change of a field its `enabledWhen` condition disables now.
    case notEditable(field: String)
    /// Submit before the last shown page (`page` and `next` count from 0).
    case notOnLastPage(page: Int, next: Int, count: Int)
    /// NextPage on the last shown page, or PreviousPage on the first.
    case noSuchPage(page: Int, count: Int, forward: Bool)
    /// An item index an array field does not hold.
    case noSuchItem(field: String, index: Int, count: Int)
    /// More items than an array field may hold at all (its capacity).
    case tooManyItems(field: String, count: Int, capacity: Int)
    /// An item gesture (`AddItem`…) on a field that is not an array.
    case notAnArray(field: String, kind: FieldKind)

    /// Names the field or control, the value received and what was expected.
    public var description: String {
        switch self {
        case .unknownField(let name):
            // Names come from any client: quoted at most ~200 characters.
            return "the form has no field or control named \(quoted(name, quote: "\""))"
        case .wrongType(let field, let expected, let got):
            return "field \"\(field)\" expects \(expected), got \(got)"
        case .notAnOption(let field, let value, let options):
            return "field \"\(field)\" expects one of \((options + [FieldValue.notSelected]).map { "\"\($0)\"" }.joined(separator: ", ")), got \(quoted(value, quote: "\""))"
        case .notAStepper(let field, let kind):
            return "field \"\(field)\" is a \(kind.rawValue) field; only stepper fields increment and decrement"
        case .validationFailed(let invalid):
            let list = invalid.keys.sorted().map { "\($0) (\(invalid[$0]?.reason?.rawValue ?? ""): \(invalid[$0]?.message ?? ""))" }
            return "the form is invalid: \(list.joined(separator: ", "))"
        case .revisionMismatch(let expected, let current):
            return "expected_revision is \(expected) but the form is at revision \(current)"
        case .notEditable(let field):
            return "field \"\(field)\" is disabled: its enabledWhen condition does not hold"
        case .notOnLastPage(let page, let next, let count):
            return "the form is on page \(page + 1) of \(count) and page \(next + 1) follows: NextPage through the pages before Submit"
        case .noSuchItem(let field, let index, let count):
            return "field \"\(field)\" has no item \(index); " + (count == 0 ? "it holds none" : "expected 0…\(count - 1)")
        case .tooManyItems(let field, let count, let capacity):
            return "field \"\(field)\" would hold \(count) items; an array holds at most \(capacity)"
        case .notAnArray(let field, let kind):
            return "field \"\(field)\" is a \(kind.rawValue) field; only array fields have items"
        case .noSuchPage(let page, let count, let forward):
            return forward ? "page \(page + 1) of \(count) is the last page shown: Submit instead of NextPage"
                : "page \(page + 1) of \(count) is the first page shown: there is no page before it"
        }
    }
}

extension FormError {
    /// The same refusal, naming the item field by its path (`addresses[2].city`).
    func naming(_ path: FieldPath) -> FormError {
        let name = path.description
        switch self {
        case .unknownField: return .unknownField(name)
        case .wrongType(_, let expected, let got): return .wrongType(field: name, expected: expected, got: got)
        case .notAnOption(_, let value, let options): return .notAnOption(field: name, value: value, options: options)
        case .notEditable: return .notEditable(field: name)
        default: return self
        }
    }
}
