/// Errors the library itself produces. (RxSwift's other cases arrive with
/// the operators that throw them.)
public enum RxError: Swift.Error, CustomDebugStringConvertible {
    /// An error of no other kind, as RxSwift's.
    case unknown
    /// An operation on a disposed object, such as subscribing to a disposed subject;
    /// `object` describes it.
    case disposed(object: String)
    /// A sequence that was expected to have elements had none.
    case noElements
    /// An index or count outside what the sequence has (`element(at:)`).
    case argumentOutOfRange
    /// A sequence expected to have one element had more (`asSingle()`, `asMaybe()`).
    case moreThanOneElement
    /// `timeout` saw no element in time.
    case timeout

    /// A description naming the case and, for `disposed`, the object.
    public var debugDescription: String {
        switch self {
        case .unknown: return "Unknown error occurred."
        case .disposed(let object): return "Object `\(object)` was already disposed."
        case .noElements: return "Sequence doesn't contain any elements."
        case .argumentOutOfRange: return "Argument out of range."
        case .moreThanOneElement: return "Sequence contains more than one element."
        case .timeout: return "Sequence timeout."
        }
    }
}
