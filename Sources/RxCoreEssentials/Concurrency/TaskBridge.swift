import Synchronization

/// A subscription a task's cancellation or a stream's termination may end
/// from any thread: the disposable is taken out under a lock, so it is
/// disposed exactly once, by whichever side comes first.
final class BridgedSubscription: Sendable {
    // The Mutex owns the disposable: nothing reaches it but through the lock.
    private let held = Mutex<UncheckedTransfer<Disposable>?>(nil)
    private let ended = Atomic<Bool>(false)

    /// Holds `disposable`, or disposes it at once when already ended.
    func hold(_ disposable: Disposable) {
        let transfer = UncheckedTransfer(disposable)
        let keep = held.withLock { slot -> Bool in
            guard !ended.load(ordering: .acquiring) else { return false }
            slot = transfer
            return true
        }
        if !keep { disposable.dispose() }
    }

    /// Disposes the held subscription, once.
    func end() {
        let taken = held.withLock { slot -> UncheckedTransfer<Disposable>? in
            ended.store(true, ordering: .releasing)
            defer { slot = nil }
            return slot
        }
        taken?.value.dispose()
    }
}

/// Carries a value the Rx types do not declare `Sendable` into a task or a
/// `@Sendable` handler. `@unchecked Sendable`: RxSwift's contract, which the
/// bridges keep, is that observers and sequences may be used from the
/// thread a task runs on; the one-thread rule applies to what the caller
/// subscribes, not to the bridge.
struct UncheckedTransfer<Value>: @unchecked Sendable {
    let value: Value

    init(_ value: Value) {
        self.value = value
    }
}

/// Resumes a continuation once, from whichever handler comes first.
final class ResumeOnce<Value: Sendable>: Sendable {
    private let continuation: Mutex<CheckedContinuation<Value, Swift.Error>?>

    init(_ continuation: CheckedContinuation<Value, Swift.Error>) {
        self.continuation = Mutex(continuation)
    }

    func resume(with result: Result<Value, Swift.Error>) {
        let taken = continuation.withLock { slot -> CheckedContinuation<Value, Swift.Error>? in
            defer { slot = nil }
            return slot
        }
        taken?.resume(with: result)
    }
}
