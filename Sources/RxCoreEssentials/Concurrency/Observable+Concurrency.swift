import Synchronization

extension ObservableConvertibleType {
    /// The elements as an asynchronous sequence: `for try await` receives
    /// each element, ends at completion and throws the error; a disposal
    /// before either ends it with `CancellationError`. Cancelling the
    /// iterating task disposes the subscription.
    public var values: AsyncThrowingStream<Element, Swift.Error> {
        let source = UncheckedTransfer(asObservable())
        return AsyncThrowingStream<Element, Swift.Error> { continuation in
            let subscription = BridgedSubscription()
            let finished = Atomic<Bool>(false)
            continuation.onTermination = { termination in
                if case .cancelled = termination { subscription.end() }
            }
            subscription.hold(source.value.subscribe(onNext: { element in
                continuation.yield(UncheckedTransfer(element).value)
            }, onError: { error in
                finished.store(true, ordering: .relaxed)
                continuation.finish(throwing: error)
            }, onCompleted: {
                finished.store(true, ordering: .relaxed)
                continuation.finish()
            }, onDisposed: {
                guard !finished.load(ordering: .relaxed) else { return }
                continuation.finish(throwing: CancellationError())
            }))
        }
    }
}

// The task that iterates names the sequence's and its iterator's types, so
// they must be usable from another thread (every concrete type is).
extension AsyncSequence where Self: SendableMetatype, AsyncIterator: SendableMetatype {
    /// The sequence's elements as an `Observable`, iterated by a detached
    /// task started at each subscription: an error it throws is the
    /// sequence's error, a cancellation its completion; disposing the
    /// subscription cancels the task. Elements arrive on the task's thread.
    public func asObservable(priority: TaskPriority? = nil) -> Observable<Element> {
        let sequence = UncheckedTransfer(self)
        return Observable.create { observer in
            let target = UncheckedTransfer(observer)
            let task = Task.detached(priority: priority) {
                do {
                    for try await element in sequence.value {
                        target.value.onNext(element)
                    }
                    target.value.onCompleted()
                } catch is CancellationError {
                    target.value.onCompleted()
                } catch {
                    target.value.onError(error)
                }
            }
            return Disposables.create { task.cancel() }
        }
    }
}
