extension PrimitiveSequenceType where Trait == SingleTrait {
    /// A `Single` of what `work` returns or throws, run in a task started at
    /// each subscription (detached when `detached`); disposing the
    /// subscription cancels the task.
    @_disfavoredOverload
    public static func create(detached: Bool = false, priority: TaskPriority? = nil, work: @Sendable @escaping () async throws -> Element) -> PrimitiveSequence<Trait, Element> {
        .create { single in
            let observer = UncheckedTransfer(single)
            let operation: @Sendable () async -> Void = {
                let result: Result<Element, Swift.Error>
                do {
                    result = .success(try await work())
                } catch {
                    result = .failure(error)
                }
                observer.value(UncheckedTransfer(result).value)
            }
            let task = detached ? Task.detached(priority: priority, operation: operation) : Task(priority: priority, operation: operation)
            return Disposables.create { task.cancel() }
        }
    }

    /// The element, awaited: throws the `Single`'s error, or
    /// `CancellationError` when it is disposed first; cancelling the
    /// awaiting task disposes the subscription.
    public var value: Element {
        get async throws {
            try await awaitResult { resume in
                subscribe(onSuccess: { resume(.success(UncheckedTransfer($0))) },
                          onFailure: { resume(.failure($0)) },
                          onDisposed: { resume(.failure(CancellationError())) })
            }
        }
    }
}

extension PrimitiveSequenceType where Trait == MaybeTrait {
    /// The element, or nil when the `Maybe` completes without one, awaited:
    /// throws its error, or `CancellationError` when it is disposed first;
    /// cancelling the awaiting task disposes the subscription.
    public var value: Element? {
        get async throws {
            try await awaitResult { resume in
                subscribe(onSuccess: { resume(.success(UncheckedTransfer($0))) },
                          onError: { resume(.failure($0)) },
                          onCompleted: { resume(.success(UncheckedTransfer(nil))) },
                          onDisposed: { resume(.failure(CancellationError())) })
            }
        }
    }
}

extension PrimitiveSequenceType where Trait == CompletableTrait, Element == Never {
    /// The completion, awaited: throws the `Completable`'s error, or
    /// `CancellationError` when it is disposed first; cancelling the
    /// awaiting task disposes the subscription.
    public var value: Void {
        get async throws {
            try await awaitResult { resume in
                subscribe(onCompleted: { resume(.success(UncheckedTransfer(()))) },
                          onError: { resume(.failure($0)) },
                          onDisposed: { resume(.failure(CancellationError())) })
            }
        }
    }
}

/// Subscribes with `subscribe`, whose handlers resume once, and awaits the
/// first result; the task's cancellation disposes the subscription.
private func awaitResult<Value>(_ subscribe: (_ resume: @escaping (Result<UncheckedTransfer<Value>, Swift.Error>) -> Void) -> Disposable) async throws -> Value {
    let subscription = BridgedSubscription()
    return try await withTaskCancellationHandler(operation: {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<UncheckedTransfer<Value>, Swift.Error>) in
            let once = ResumeOnce(continuation)
            subscription.hold(subscribe { once.resume(with: $0) })
        }
    }, onCancel: {
        subscription.end()
    }).value
}
