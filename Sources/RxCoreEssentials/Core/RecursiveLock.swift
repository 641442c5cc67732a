import Glibc

/// A lock that the thread holding it may take again: what RxSwift guards its
/// subjects, `share` and `DisposeBag` with, so that an observer called under
/// it may send into or subscribe to the same subject on the same thread.
final class RecursiveLock: @unchecked Sendable {
    // Safe because the mutex is only ever used through pthread calls, which
    // synchronize between threads; the pointer itself never changes.
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>

    init() {
        mutex = .allocate(capacity: 1)
        var attributes = pthread_mutexattr_t()
        pthread_mutexattr_init(&attributes)
        pthread_mutexattr_settype(&attributes, Int32(PTHREAD_MUTEX_RECURSIVE))
        pthread_mutex_init(mutex, &attributes)
        pthread_mutexattr_destroy(&attributes)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    /// Runs `body` holding the lock.
    func perform<Result>(_ body: () throws -> Result) rethrows -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body()
    }
}
