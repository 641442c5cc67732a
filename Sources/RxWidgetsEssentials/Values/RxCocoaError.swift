/// Errors of the widget bindings, with RxCocoa's names.
public enum RxCocoaError: Swift.Error, CustomStringConvertible, Sendable {
    /// A model was asked for before items were bound, or outside them.
    case itemsNotYetBound(object: String)
    /// A value was not of the expected type.
    case castingError(value: String, targetType: String)

    /// What went wrong.
    public var description: String {
        switch self {
        case .itemsNotYetBound(let object):
            return "Items are not yet bound to \(object), or the index is outside them; bind items with one of the rx.items methods first."
        case .castingError(let value, let targetType):
            return "Error casting `\(value)` to `\(targetType)`"
        }
    }
}
