/// Runs actions; the basic scheduler contract.
public protocol ImmediateSchedulerType {
    /// Schedules `action` with `state`; disposing the result before it runs cancels it.
    func schedule<StateType>(_ state: StateType, action: @escaping (StateType) -> Disposable) -> Disposable
}

extension ImmediateSchedulerType {
    /// Schedules `action`, which may call `recurse` to schedule itself again with
    /// a new state. On a scheduler that runs actions synchronously the recursion
    /// is a loop, so it does not grow the stack.
    public func scheduleRecursive<State>(_ state: State, action: @escaping (_ state: State, _ recurse: (State) -> Void) -> Void) -> Disposable {
        let recursive = RecursiveScheduler(scheduler: self, action: action)
        recursive.schedule(state)
        return recursive
    }
}

private final class RecursiveScheduler<State>: Disposable {
    private let scheduler: ImmediateSchedulerType
    private let action: (State, (State) -> Void) -> Void
    private let group = CompositeDisposable()
    private var isInAction = false
    private var pending: [State] = []

    init(scheduler: ImmediateSchedulerType, action: @escaping (State, (State) -> Void) -> Void) {
        self.scheduler = scheduler
        self.action = action
    }

    func schedule(_ state: State) {
        if isInAction {
            pending.append(state)
            return
        }
        var next: State? = state
        while let current = next, !group.isDisposed {
            next = nil
            var isInsideScheduleCall = true
            var ranSynchronously = false
            var key: CompositeDisposable.DisposeKey?
            let scheduled = scheduler.schedule(current) { [self] state in
                if let key {
                    group.remove(for: key)
                }
                runAction(state)
                if isInsideScheduleCall {
                    ranSynchronously = true
                } else {
                    schedulePending()
                }
                return Disposables.create()
            }
            isInsideScheduleCall = false
            if ranSynchronously {
                next = pending.isEmpty ? nil : pending.removeFirst()
            } else {
                key = group.insert(scheduled)
            }
        }
    }

    private func runAction(_ state: State) {
        isInAction = true
        action(state, schedule)
        isInAction = false
    }

    private func schedulePending() {
        let states = pending
        pending = []
        for state in states {
            schedule(state)
        }
    }

    func dispose() {
        pending = []
        group.dispose()
    }
}
