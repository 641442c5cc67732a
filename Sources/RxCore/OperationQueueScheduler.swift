import Foundation
import RxCoreEssentials

/// RxSwift's `OperationQueueScheduler`: each action is a `BlockOperation` on
/// `operationQueue`, with `queuePriority`, so the queue's
/// `maxConcurrentOperationCount` and priorities decide when it runs.
/// Disposing the result before the operation starts cancels the operation;
/// disposing it afterwards disposes what the action returned.
public final class OperationQueueScheduler: ImmediateSchedulerType, @unchecked Sendable {
    // Safe because both stored properties are immutable and OperationQueue
    // is itself thread-safe.
    /// The queue the actions run on.
    public let operationQueue: OperationQueue
    /// The priority each action's operation gets.
    public let queuePriority: Operation.QueuePriority

    /// A scheduler adding operations of `queuePriority` to `operationQueue`.
    public init(operationQueue: OperationQueue, queuePriority: Operation.QueuePriority = .normal) {
        self.operationQueue = operationQueue
        self.queuePriority = queuePriority
    }

    /// Adds an operation running `action` to the queue.
    public func schedule<StateType>(_ state: StateType, action: @escaping (StateType) -> Disposable) -> Disposable {
        let item = DispatchScheduledItem(state: state, action: action)
        let operation = BlockOperation { item.run() }
        operation.queuePriority = queuePriority
        operationQueue.addOperation(operation)
        return Disposables.create {
            operation.cancel()
            item.dispose()
        }
    }
}
