import Dispatch
import RxCoreEssentials

/// RxBlocking's view of a sequence: its elements waited for, for tests and
/// command-line code. On the main thread waiting runs the main loop, so work
/// scheduled there (D-Bus replies, `MainScheduler`) goes on; elsewhere the
/// thread sleeps until the sequence ends.
public struct BlockingObservable<Element> {
    let timeout: RxTimeInterval?
    let source: Observable<Element>

    /// Every element, once the sequence completes; its error otherwise
    /// (`RxError.timeout` after `timeout`).
    public func toArray() throws -> [Element] {
        switch materialize() {
        case .completed(let elements): return elements
        case .failed(_, let error): throw error
        }
    }

    /// The first element, or nil when the sequence completes without one;
    /// the sequence is disposed after its first element.
    public func first() throws -> Element? {
        switch run(stoppingAfterFirst: true) {
        case .completed(let elements): return elements.first
        case .failed(_, let error): throw error
        }
    }

    /// The last element, or nil when there was none.
    public func last() throws -> Element? {
        try toArray().last
    }

    /// The one element; `RxError.noElements` or `RxError.moreThanOneElement` otherwise.
    public func single() throws -> Element {
        let elements = try toArray()
        guard elements.count <= 1 else { throw RxError.moreThanOneElement }
        guard let element = elements.first else { throw RxError.noElements }
        return element
    }

    /// The one element `predicate` accepts; `RxError.noElements` when none
    /// does, `RxError.moreThanOneElement` (the sequence disposed then) at a second.
    public func single(_ predicate: @escaping (Element) throws -> Bool) throws -> Element {
        let elements = try BlockingObservable(timeout: timeout, source: source.filter(predicate).take(2)).toArray()
        guard elements.count <= 1 else { throw RxError.moreThanOneElement }
        guard let element = elements.first else { throw RxError.noElements }
        return element
    }

    /// The elements and how the sequence ended.
    public func materialize() -> MaterializedSequenceResult<Element> {
        run(stoppingAfterFirst: false)
    }

    private func run(stoppingAfterFirst: Bool) -> MaterializedSequenceResult<Element> {
        let state = BlockingState<Element>()
        let subscription = SingleAssignmentDisposable()
        subscription.setDisposable(source.subscribe { event in
            state.record(event, stoppingAfterFirst: stoppingAfterFirst)
            if state.isFinished {
                subscription.dispose()
            }
        })
        if state.isFinished {
            subscription.dispose()
        }
        let finished: Bool
        if MainLoop.shared.isCurrent {
            finished = MainLoop.shared.run(while: { !state.isFinished }, timeout: timeout ?? .seconds(Int(Int32.max)))
                || state.isFinished
        } else {
            finished = state.wait(timeout: timeout)
        }
        subscription.dispose()
        return finished ? state.result : .failed(elements: state.elements, error: RxError.timeout)
    }
}

/// How a sequence waited for by `materialize()` ended.
public enum MaterializedSequenceResult<Element> {
    /// It completed, with these elements.
    case completed(elements: [Element])
    /// It failed after these elements.
    case failed(elements: [Element], error: Swift.Error)
}

/// What a blocking wait has seen, shared by the subscribing thread and the waiting one.
private final class BlockingState<Element>: @unchecked Sendable {
    // Safe because every access to the mutable state holds `lock`.
    private let lock = DispatchSemaphore(value: 1)
    private let done = DispatchSemaphore(value: 0)
    private var seen: [Element] = []
    private var ending: Swift.Error??

    func record(_ event: Event<Element>, stoppingAfterFirst: Bool) {
        lock.wait()
        defer { lock.signal() }
        guard ending == nil else { return }
        switch event {
        case .next(let element):
            seen.append(element)
            if stoppingAfterFirst { finish(nil) }
        case .error(let error):
            finish(error)
        case .completed:
            finish(nil)
        }
    }

    private func finish(_ error: Swift.Error?) {
        ending = .some(error)
        done.signal()
        // A main thread waiting in the loop sleeps in poll: wake it.
        MainLoop.shared.post {}
    }

    var isFinished: Bool {
        lock.wait()
        defer { lock.signal() }
        return ending != nil
    }

    var elements: [Element] {
        lock.wait()
        defer { lock.signal() }
        return seen
    }

    var result: MaterializedSequenceResult<Element> {
        lock.wait()
        defer { lock.signal() }
        if case .some(.some(let error)) = ending {
            return .failed(elements: seen, error: error)
        }
        return .completed(elements: seen)
    }

    func wait(timeout: RxTimeInterval?) -> Bool {
        guard let timeout else {
            done.wait()
            return true
        }
        return done.wait(timeout: .now() + .nanoseconds(Int(timeout.rxNanoseconds))) == .success
    }
}

extension ObservableConvertibleType {
    /// This sequence, waited for: `toArray()`, `first()`, `last()`, `single()`, `materialize()`.
    /// `timeout` is in seconds, as RxBlocking's `TimeInterval`.
    public func toBlocking(timeout: Double? = nil) -> BlockingObservable<Element> {
        BlockingObservable(timeout: timeout.map { .nanoseconds(Int(($0 * 1e9).rounded())) }, source: asObservable())
    }
}
