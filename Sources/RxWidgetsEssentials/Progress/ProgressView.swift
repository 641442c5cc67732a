import RxCoreEssentials

/// The headless `UIProgressView`, with what a desktop's progress dialogs
/// add (zenity's `--progress`, kdialog's progress bar, yad's multi-progress):
/// a text, titled steps with a status each, an end (`done`, `failed`), and
/// a person's Cancel. The process doing the work drives it; the person's
/// one gesture is `userDidCancel()`.
public final class ProgressView: ReactiveCompatible {
    /// Where the work is.
    public enum State: String, CaseIterable, Sendable {
        case running, done, failed, cancelled
    }

    /// Where one step is.
    public enum StepStatus: String, CaseIterable, Sendable {
        case pending, running, done, failed, skipped
    }

    /// A titled step of the work.
    public struct Step: Equatable, Sendable {
        public var title: String
        public var status: StepStatus

        public init(title: String, status: StepStatus = .pending) {
            self.title = title
            self.status = status
        }
    }

    /// What changed in the view's state, as it changes.
    public enum Change: Sendable, Equatable {
        case value, maximum, text, state, steps
    }

    /// 0 … `maximum`; negative while how far the work is is unknown (front
    /// ends pulse).
    public private(set) var value: Double = 0
    /// What `value` counts up to; more than 0.
    public private(set) var maximum: Double = 100
    public private(set) var text = ""
    /// Whether a person may cancel (`userDidCancel()`).
    public let isCancellable: Bool
    public private(set) var state = State.running
    public private(set) var steps: [Step] = []

    private let changeRelay = PublishRelay<Change>()
    fileprivate let cancelledRelay = PublishRelay<Void>()
    fileprivate let finishedRelay = PublishRelay<State>()

    /// A running progress at 0 of `maximum`.
    public init(maximum: Double = 100, isCancellable: Bool = true) {
        self.maximum = maximum > 0 && maximum.isFinite ? maximum : 100
        self.isCancellable = isCancellable
    }

    /// Every change of the state, sent once made, only when a value differs,
    /// synchronously; it never completes.
    public var changes: Observable<Change> {
        changeRelay.asObservable()
    }

    private func set<Value: Equatable>(_ keyPath: ReferenceWritableKeyPath<ProgressView, Value>, _ new: Value, _ change: Change) {
        guard self[keyPath: keyPath] != new else { return }
        self[keyPath: keyPath] = new
        changeRelay.accept(change)
    }

    /// Sets how far the work is: clamped to 0 … `maximum`; negative means
    /// unknown. NaN and ∞ change nothing (the caller refuses them).
    public func setValue(_ new: Double) {
        guard new.isFinite else { return }
        set(\.value, new < 0 ? -1 : min(new, maximum), .value)
    }

    /// Sets what `value` counts up to (more than 0), keeping `value` within it.
    public func setMaximum(_ new: Double) {
        guard new > 0, new.isFinite else { return }
        set(\.maximum, new, .maximum)
        if value > maximum {
            set(\.value, maximum, .value)
        }
    }

    public func setText(_ new: String) {
        set(\.text, new, .text)
    }

    /// The work goes on, how far unknown: `value` becomes -1.
    public func pulse() {
        set(\.value, -1, .value)
    }

    /// Replaces the steps, each `pending`.
    public func setSteps(_ titles: [String]) {
        set(\.steps, titles.map { Step(title: $0) }, .steps)
    }

    /// Sets the status of step `index` (a valid index; the caller checks it).
    public func setStatus(_ status: StepStatus, ofStep index: Int) {
        guard steps.indices.contains(index) else { return }
        var changed = steps
        changed[index].status = status
        set(\.steps, changed, .steps)
    }

    /// The work ended (`done` or `failed`): the state changes, then
    /// `rx.finished` emits it. Ending again, or after a cancel, changes nothing.
    public func finish(_ end: State) {
        guard state == .running, end == .done || end == .failed else { return }
        if end == .done, value >= 0 {
            set(\.value, maximum, .value)
        }
        set(\.state, end, .state)
        finishedRelay.accept(end)
    }

    /// A person's Cancel, while the work runs and may be cancelled: the state
    /// becomes `cancelled`, then `rx.cancelled` emits. False, and nothing
    /// happens, otherwise.
    @discardableResult
    public func userDidCancel() -> Bool {
        guard isCancellable, state == .running else { return false }
        set(\.state, .cancelled, .state)
        cancelledRelay.accept(())
        return true
    }

    /// Puts back a state kept elsewhere (a restart), announcing nothing.
    public func restore(value: Double, maximum: Double, text: String, state: State, steps: [Step]) {
        self.maximum = maximum > 0 && maximum.isFinite ? maximum : 100
        self.value = value.isFinite ? (value < 0 ? -1 : min(value, self.maximum)) : 0
        self.text = text
        self.state = state
        self.steps = steps
    }
}

extension Reactive where Base: ProgressView {
    /// A person cancelled the work (`userDidCancel()`), after the state changed.
    public var cancelled: ControlEvent<Void> {
        ControlEvent(events: base.cancelledRelay.asObservable())
    }

    /// The work ended `done` or `failed`, after the state changed.
    public var finished: ControlEvent<ProgressView.State> {
        ControlEvent(events: base.finishedRelay.asObservable())
    }

    /// How far the work is: the current value on subscription, then every change.
    public var value: Observable<Double> {
        let view = base
        return view.changes.filter { $0 == .value }.map { _ in view.value }.startWith(view.value)
    }
}
