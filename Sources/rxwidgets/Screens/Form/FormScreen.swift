import RxCoreEssentials
import RxWidgetsClient
import RxWidgetsCommandLine

/// A form on the terminal: the runtime of `FormModel`. It turns keys and
/// the client's signals and replies into messages, runs `update`, makes the
/// typed client calls the commands ask for, and draws `view`. Validity,
/// messages, outputs, options and which fields are shown or editable are
/// only ever the daemon's.
final class FormScreen: InteractiveScreen {
    private let form: RemoteForm
    private let session: Session
    private var model: FormModel
    private var throttle: LoopTimer?
    /// Turns the spinner of fields whose remote check is pending.
    private var spinner: LoopTimer?
    private let disposeBag = DisposeBag()

    init(form: RemoteForm, session: Session, purpose: FormModel.Purpose, header: String?, showsOutputs: Bool = false) {
        self.form = form
        self.session = session
        model = FormModel(daemon: FormSnapshot(form), purpose: purpose, header: header, showsOutputs: showsOutputs)
        form.rx.revision.subscribe(onNext: { [weak self] _ in
            guard let self else { return }
            dispatch(.daemonChanged(FormSnapshot(form)))
        }, onError: { [weak self] in self?.session.fail($0) })
            .disposed(by: disposeBag)
        form.rx.valueChanged.subscribe(onNext: { [weak self] change in
            self?.dispatch(.valueHeard(field: change.field, value: change.value))
        }, onError: { _ in })
            .disposed(by: disposeBag)
        run(model.beginEditing())
    }

    deinit {
        throttle?.dispose()
        spinner?.dispose()
    }

    func lines(rows: Int, columns: Int) -> [Line] {
        model.view(rows: rows, columns: columns)
    }

    func handle(_ key: Key) {
        dispatch(.key(key))
    }

    private func dispatch(_ message: FormMessage) {
        run(model.update(message))
        spinWhilePending()
        session.redraw()
    }

    private func run(_ commands: [FormCommand]) {
        for command in commands {
            switch command {
            case .call(let call):
                make(call)
            case .readSecret(let field):
                form.rx.value(of: field).subscribe(onNext: { [weak self] value in
                    self?.dispatch(.secretRead(field: field, text: value.stringValue ?? ""))
                }, onError: { _ in }).disposed(by: disposeBag)
            case .startThrottle:
                throttle?.dispose()
                throttle = MainLoop.shared.addTimer(after: FormModel.textInterval) { [weak self] in
                    self?.throttle = nil
                    self?.dispatch(.throttleEnded)
                }
            case .finish(let finished):
                throttle?.dispose()
                switch finished {
                case .done(let output): session.finish(.done(output))
                case .cancelled: session.finish(.cancelled)
                }
            }
        }
    }

    /// The typed client call of `call`; its answer comes back as a message.
    private func make(_ call: FormCall) {
        if case .submit = call {
            form.rx.submit().subscribe(onNext: { [weak self] values in
                self?.dispatch(.submitted(values))
            }, onError: { [weak self] error in
                self?.answer(call, error)
            }).disposed(by: disposeBag)
            return
        }
        let request: Observable<Void>
        switch call {
        case .setValue(let field, let value, _): request = form.rx.setValue(value, for: field)
        case .tap(_, let button): request = form.rx.tap(button)
        case .increment(let field): request = form.rx.increment(field)
        case .decrement(let field): request = form.rx.decrement(field)
        case .commit(let field): request = form.rx.commit(field)
        case .submit: return
        }
        request.subscribe(onNext: { [weak self] _ in
            self?.dispatch(.answered(call, error: nil))
        }, onError: { [weak self] error in
            self?.answer(call, error)
        }).disposed(by: disposeBag)
    }

    /// A refused call's message for the model; the client's own failures
    /// (the daemon left, the widget was destroyed) end the session.
    private func answer(_ call: FormCall, _ error: Error) {
        if let error = error as? WidgetsClientError, error.name.hasPrefix("org.rxwidgets.Widgets1.Client.") {
            session.fail(error)
            return
        }
        dispatch(.answered(call, error: (error as? WidgetsClientError)?.message ?? "\(error)"))
    }

    /// Runs the spinner while some field waits for its remote check.
    private func spinWhilePending() {
        if model.daemon.hasPending, spinner == nil {
            spinner = MainLoop.shared.addTimer(after: 100_000_000, repeating: 100_000_000) { [weak self] in
                self?.dispatch(.spinnerTick)
            }
        } else if !model.daemon.hasPending {
            spinner?.dispose()
            spinner = nil
        }
    }
}
