import DBus
import WidgetsAPI
import RxWidgetsEssentials

/// A served progress: a `ProgressView` the creating process drives and a
/// person may cancel from any front end. Its changes reach the bus
/// coalesced (`CoalescedChanges`): a process that sets the value in a tight
/// loop floods no watcher.
final class ProgressWidget: ServedWidget {
    let host: WidgetHost
    let view: ProgressView
    private let disposeBag = DisposeBag()

    init(name: String, options: [String: DBusValue], creator: Creator, context: WidgetContext) throws {
        var maximum = 100.0
        if case .double(let given)? = options[ProgressOption.maximum] {
            guard given > 0, given.isFinite else {
                throw DBusError.invalidArgs("options 'maximum': expected a finite number more than 0, got \(given)")
            }
            maximum = given
        }
        view = ProgressView(maximum: maximum, isCancellable: options[ProgressOption.cancellable] != .boolean(false))
        host = WidgetHost(kind: .progress, name: name, creator: creator, transient: options[ProgressOption.transient] == .boolean(true), context: context)
        if case .double(let value)? = options[ProgressOption.value] {
            try view.setValue(ProgressWidget.checkedValue(value, "options 'value'"))
        }
        if case .string(let text)? = options[ProgressOption.text] {
            try context.arguments.checkString(text, "options 'text'")
            view.setText(text)
        }
        if let steps = options[ProgressOption.steps] {
            view.setSteps(try checkedSteps(steps, "options 'steps'"))
        }
        observe()
    }

    private func observe() {
        host.coalesced = CoalescedChanges { [weak self] names in
            guard let self, let server = context.server else { return }
            server.propertiesChanged(path: path, interface: kind.interfaceName, names: names)
        }
        view.changes
            .subscribe(onNext: { [weak self] change in
                switch change {
                case .value: self?.reportChange(API.value.name)
                case .maximum: self?.reportChange(API.maximum.name)
                case .text: self?.reportChange(API.text.name)
                case .state: self?.reportChange(API.state.name)
                case .steps: self?.reportChange(API.steps.name)
                }
            })
            .disposed(by: disposeBag)
        view.rx.cancelled
            .subscribe(onNext: { [weak self] in self?.emit(API.cancelled) })
            .disposed(by: disposeBag)
        view.rx.finished
            .subscribe(onNext: { [weak self] in self?.emit(API.finished, $0.rawValue) })
            .disposed(by: disposeBag)
    }

    /// As a prompt, a progress answers its final `State`.
    /// The state.
    var promptAnswerType: DBusType { .string }

    func promptAnswer(validated: Bool) throws -> DBusValue {
        .string(view.state.rawValue)
    }

    var footprint: Int {
        Footprint.progress + Footprint.of(view.text) + Footprint.of(view.steps.map(\.title))
    }

    // MARK: Checks

    /// A value `SetValue` takes: finite.
    static func checkedValue(_ value: Double, _ what: String) throws -> Double {
        guard value.isFinite else {
            throw DBusError.invalidArgs("\(what): expected a finite number (negative: unknown), got \(value)")
        }
        return value
    }

    private func checkedSteps(_ value: DBusValue, _ what: String) throws -> [String] {
        let titles = (value.arrayElements ?? []).compactMap(\.stringValue)
        guard titles.count <= context.limits.componentsPerWidget else {
            throw WidgetsError.limitExceeded("\(what) has \(titles.count) steps; the limit is \(context.limits.componentsPerWidget)")
        }
        for (index, title) in titles.enumerated() {
            try context.arguments.checkString(title, "\(what)[\(index)]")
        }
        return titles
    }

    /// Refuses a change of a progress that has ended.
    private func requireRunning(_ method: String) throws {
        guard view.state == .running else {
            throw WidgetsError.notSupported("\(method): progress '\(name)' has ended (\(view.state.rawValue))")
        }
    }

    // MARK: Interface

    func boundInterface() -> Interface { ProgressWidget.declaration.bind(to: self) }

    typealias API = ProgressContract

    /// `org.rxwidgets.Widgets1.Progress`: the contract's handlers, bound to every progress.
    static let declaration = InterfaceDeclaration(Handlers())

    /// The handlers of `ProgressContract`, one per member, as the contract names them.
    struct Handlers: InterfaceHandlers {
        typealias Target = ProgressWidget
        typealias Contract = ProgressContract

        let setValue: MethodHandler = API.setValue.changing { widget, value, _ in
            try widget.requireRunning("SetValue")
            widget.view.setValue(try checkedValue(value, "value"))
        }
        let setText: MethodHandler = API.setText.changing { widget, text, _ in
            try widget.context.arguments.checkString(text, "text")
            widget.view.setText(text)
        }
        let pulse: MethodHandler = API.pulse.changing { widget, _, _ in
            try widget.requireRunning("Pulse")
            widget.view.pulse()
        }
        let setSteps: MethodHandler = API.setSteps.changing { widget, titles, _ in
            widget.view.setSteps(try widget.checkedSteps(titles.dbusValue, "titles"))
        }
        let setStepStatus: MethodHandler = API.setStepStatus.changing { widget, arguments, _ in
            let (index, given) = arguments
            guard let status = ProgressView.StepStatus(rawValue: given) else {
                throw DBusError.invalidArgs("status: expected \(ProgressView.StepStatus.allCases.map { "'\($0.rawValue)'" }.joined(separator: ", ")), got \(quoted(given))")
            }
            guard index >= 0, Int(index) < widget.view.steps.count else {
                throw WidgetsError.outOfRange("index \(index) is out of range; progress '\(widget.name)' has \(widget.view.steps.count) steps")
            }
            widget.view.setStatus(status, ofStep: Int(index))
        }
        let finish: MethodHandler = API.finish.changing { widget, given, _ in
            guard let end = ProgressView.State(rawValue: given), end == .done || end == .failed else {
                throw DBusError.invalidArgs("state: expected 'done' or 'failed', got \(quoted(given))")
            }
            try widget.requireRunning("Finish")
            widget.view.finish(end)
        }
        let cancel: MethodHandler = API.cancel.changing { widget, _, _ in
            guard widget.view.isCancellable else {
                throw WidgetsError.notSupported("Cancel: progress '\(widget.name)' was created with cancellable false")
            }
            try widget.requireRunning("Cancel")
            widget.view.userDidCancel()
        }
        let value: PropertyHandler = API.value.serve { $0.view.value }
        let maximum: PropertyHandler = API.maximum.serve { $0.view.maximum }
        let text: PropertyHandler = API.text.serve { $0.view.text }
        let cancellable: PropertyHandler = API.cancellable.serve { $0.view.isCancellable }
        let state: PropertyHandler = API.state.serve { $0.view.state.rawValue }
        let steps: PropertyHandler = API.steps.serve { $0.view.steps.map { DBusStruct($0.title, $0.status.rawValue) } }
        let revision: PropertyHandler = API.widget.revision.serve { $0.revision }
    }

    // MARK: State

    func stateSnapshot() -> StateSnapshot {
        let state = ProgressState(value: view.value, maximum: view.maximum, text: view.text, cancellable: view.isCancellable,
                                  state: view.state.rawValue, steps: view.steps.map { ($0.title, $0.status.rawValue) })
        return { state.pieces }
    }

    /// The progress a state file describes, checked as `CreateProgress` checks its options.
    static func restored(from file: StateFile, context: WidgetContext) throws -> ProgressWidget {
        let state = try ProgressState(stored: file.state)
        guard let end = ProgressView.State(rawValue: state.state), state.maximum > 0, state.maximum.isFinite, state.value.isFinite else {
            throw StateFile.ReadError(description: "a progress's stored state \(quoted(state.state)) or bounds are not ones this daemon writes")
        }
        let widget = try ProgressWidget(name: file.name, options: [ProgressOption.maximum.rawValue: .double(state.maximum), ProgressOption.cancellable.rawValue: .boolean(state.cancellable)],
                                        creator: Creator(restoring: file), context: context)
        let steps = try widget.checkedSteps(.array(element: .string, state.steps.map { .string($0.title) }), "stored steps")
        try context.arguments.checkString(state.text, "stored text")
        let statuses = try state.steps.map { step in
            guard let status = ProgressView.StepStatus(rawValue: step.status) else {
                throw StateFile.ReadError(description: "a progress's stored step status \(quoted(step.status)) is not one this daemon writes")
            }
            return status
        }
        widget.view.restore(value: state.value, maximum: state.maximum, text: state.text, state: end,
                            steps: zip(steps, statuses).map { ProgressView.Step(title: $0, status: $1) })
        widget.resume(atRevision: file.revision)
        return widget
    }
}
