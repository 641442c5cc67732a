/// One scheduled action of a scheduler: runs once (or on every tick when
/// `repeats`) unless disposed first. Disposing it also disposes what the
/// action returned and the timer the scheduler attached, if any.
final class ScheduledItem: Cancelable {
    private var action: (() -> Disposable)?
    private let repeats: Bool
    private var result: Disposable?
    private var timer: Disposable?
    private(set) var isDisposed = false

    init<State>(state: State, repeats: Bool = false, action: @escaping (State) -> Disposable) {
        self.action = { action(state) }
        self.repeats = repeats
    }

    /// The timer that will invoke the item, cancelled with it.
    func attach(timer: Disposable) {
        if isDisposed {
            timer.dispose()
        } else {
            self.timer = timer
        }
    }

    func invoke() {
        guard !isDisposed, let action else { return }
        if repeats {
            _ = action()
        } else {
            self.action = nil
            result = action()
        }
    }

    func dispose() {
        guard !isDisposed else { return }
        isDisposed = true
        action = nil
        timer?.dispose()
        result?.dispose()
    }
}
