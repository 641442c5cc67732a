/// Errors the library itself produces.
public enum RxError: Swift.Error, CustomDebugStringConvertible {
    /// An unknown error.
    case unknown
    /// An operation on a disposed object, such as subscribing to a disposed subject;
    /// `object` describes it.
    case disposed(object: String)
    /// An arithmetic overflow.
    case overflow
    /// An argument out of its range.
    case argumentOutOfRange
    /// A sequence that was expected to have elements had none.
    case noElements
    /// A sequence that was expected to have one element had more.
    case moreThanOneElement
    /// An operation did not finish in time.
    case timeout

    /// A description naming the case and, for `disposed`, the object.
    public var debugDescription: String {
        switch self {
        case .unknown: return "Unknown error occurred."
        case .disposed(let object): return "Object `\(object)` was already disposed."
        case .overflow: return "Arithmetic overflow occurred."
        case .argumentOutOfRange: return "Argument out of range."
        case .noElements: return "Sequence doesn't contain any elements."
        case .moreThanOneElement: return "Sequence contains more than one element."
        case .timeout: return "Sequence timeout."
        }
    }
}
