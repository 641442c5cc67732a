/// One event of an observable sequence: the grammar is `next* (error | completed)?`.
///
/// Every sequence in this library keeps that grammar: after `error` or
/// `completed`, and after its subscription is disposed, nothing more is delivered.
@frozen
public enum Event<Element> {
    /// The next element of the sequence.
    case next(Element)
    /// The sequence ended with an error.
    case error(Swift.Error)
    /// The sequence ended successfully.
    case completed
}

extension Event: Sendable where Element: Sendable {}

extension Event: CustomDebugStringConvertible {
    /// A description such as `next(1)`, `error(...)` or `completed`.
    public var debugDescription: String {
        switch self {
        case .next(let value): return "next(\(value))"
        case .error(let error): return "error(\(error))"
        case .completed: return "completed"
        }
    }
}

extension Event {
    /// True for `error` and `completed`, the events that end a sequence.
    @inlinable
    public var isStopEvent: Bool {
        switch self {
        case .next: return false
        case .error, .completed: return true
        }
    }

    /// The element of a `next` event, else nil.
    public var element: Element? {
        if case .next(let value) = self { return value }
        return nil
    }

    /// The error of an `error` event, else nil.
    public var error: Swift.Error? {
        if case .error(let error) = self { return error }
        return nil
    }

    /// True for `completed`.
    public var isCompleted: Bool {
        if case .completed = self { return true }
        return false
    }

    /// Maps the element of a `next` event; a thrown error becomes an `error` event.
    public func map<Result>(_ transform: (Element) throws -> Result) -> Event<Result> {
        do {
            switch self {
            case .next(let element): return .next(try transform(element))
            case .error(let error): return .error(error)
            case .completed: return .completed
            }
        } catch {
            return .error(error)
        }
    }
}

/// A type that carries an event: lets `dematerialize` accept any such wrapper.
public protocol EventConvertible {
    /// The element type of the carried event.
    associatedtype Element
    /// The carried event.
    var event: Event<Element> { get }
}

extension Event: EventConvertible {
    /// The event itself.
    public var event: Event<Element> { self }
}

extension Event: Equatable where Element: Equatable {
    /// Equal when both are the same `next` element, both `completed`, or both
    /// errors of the same type with the same description.
    public static func == (lhs: Event<Element>, rhs: Event<Element>) -> Bool {
        switch (lhs, rhs) {
        case (.next(let left), .next(let right)):
            return left == right
        case (.completed, .completed):
            return true
        case (.error(let left), .error(let right)):
            return type(of: left) == type(of: right) && String(reflecting: left) == String(reflecting: right)
        default:
            return false
        }
    }
}
