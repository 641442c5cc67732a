import RxCoreEssentials

/// Errors compare as `Event`'s do: the same type with the same description.
func sameError(_ left: Swift.Error, _ right: Swift.Error) -> Bool {
    type(of: left) == type(of: right) && String(reflecting: left) == String(reflecting: right)
}

extension CompletableEvent: Equatable {
    /// Equal when both completed, or both failed with the same error, as RxTest's.
    public static func == (lhs: CompletableEvent, rhs: CompletableEvent) -> Bool {
        switch (lhs, rhs) {
        case (.completed, .completed): return true
        case (.error(let left), .error(let right)): return sameError(left, right)
        default: return false
        }
    }
}

extension MaybeEvent: Equatable where Element: Equatable {
    /// Equal when both are the same element, both completed, or both failed
    /// with the same error, as RxTest's.
    public static func == (lhs: MaybeEvent<Element>, rhs: MaybeEvent<Element>) -> Bool {
        switch (lhs, rhs) {
        case (.success(let left), .success(let right)): return left == right
        case (.completed, .completed): return true
        case (.error(let left), .error(let right)): return sameError(left, right)
        default: return false
        }
    }
}
