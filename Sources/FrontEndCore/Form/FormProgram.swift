import RxCoreEssentials
import RxWidgetsClient
import RxWidgetsCommandLine

extension FormModel: ScreenModel {
    package static func pressed(_ key: Key, rows: Int) -> FormMessage { .key(key) }
    package static func layingOut(rows: Int) -> FormMessage? { nil }
}

/// A form screen's program for any front end: keys, the client's signals
/// and replies become messages; the model's commands become typed client
/// calls. Validity, messages, outputs, options and which fields are shown
/// or editable are only ever the daemon's.
package final class FormProgram {
    package let form: RemoteForm
    package let program: Program<FormModel>
    private let textInterval: Int64
    private var throttle: LoopTimer?
    /// Turns the spinner of fields whose remote check is pending.
    private var spinner: LoopTimer?
    private let disposeBag = DisposeBag()

    /// `textInterval`: how often typed text is sent at most (nanoseconds).
    package init(form: RemoteForm, host: ScreenHost, purpose: FormModel.Purpose, header: String?, showsOutputs: Bool = false,
                 textInterval: Int64 = FormModel.textInterval) {
        self.form = form
        self.textInterval = textInterval
        var model = FormModel(daemon: FormSnapshot(form), purpose: purpose, header: header, showsOutputs: showsOutputs)
        let initial = model.beginEditing()
        program = Program(model, host: host)
        form.rx.revision.subscribe(onNext: { [weak self] _ in
            guard let self else { return }
            program.receive(.daemonChanged(FormSnapshot(form)))
            spinWhilePending()
        }, onError: { [weak self] in self?.program.fail($0) })
            .disposed(by: disposeBag)
        form.rx.valueChanged.subscribe(onNext: { [weak self] change in
            self?.program.receive(.valueHeard(field: change.field, value: change.value))
        }, onError: { _ in })
            .disposed(by: disposeBag)
        // A daemon that serves the form again (restarted, or another that
        // took the name) has every value but the secrets: they are given again.
        program.follow(form) { [weak self] in self?.program.receive(.daemonReplaced) }
            .disposed(by: disposeBag)
        program.start(performing: { [weak self] in self?.run($0) }, initial: initial)
    }

    deinit {
        throttle?.dispose()
        spinner?.dispose()
    }

    package var model: FormModel { program.model }

    private func run(_ commands: [FormCommand]) {
        for command in commands {
            switch command {
            case .call(let call):
                make(call)
            case .readSecret(let field):
                form.rx.value(of: field).subscribe(onNext: { [weak self] value in
                    self?.program.receive(.secretRead(field: field, text: value.stringValue ?? ""))
                }, onError: { _ in }).disposed(by: disposeBag)
            case .startThrottle:
                throttle?.dispose()
                throttle = MainLoop.shared.addTimer(after: textInterval) { [weak self] in
                    self?.throttle = nil
                    self?.program.receive(.throttleEnded)
                }
            case .listFolder(let folder):
                let listing = FolderListing.list(folder)
                program.receive(.folderListed(folder: listing.folder, entries: listing.entries, error: listing.error))
            case .checkExists(let path):
                program.receive(.existence(path: path, exists: FolderListing.exists(path)))
            case .finish(let finished):
                throttle?.dispose()
                switch finished {
                case .done(let output): program.finish(.done(output))
                case .cancelled: program.finish(.cancelled)
                }
            }
        }
    }

    /// The typed client call of `call`; its answer comes back as a message.
    private func make(_ call: FormCall) {
        if case .submit = call {
            form.rx.submit().subscribe(onNext: { [weak self] values in
                self?.program.receive(.submitted(values))
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
        case .nextPage: request = form.rx.nextPage()
        case .addItem(let field): request = form.rx.addItem(to: field)
        case .removeItem(let field, let index): request = form.rx.removeItem(from: field, at: index)
        case .moveItem(let field, let from, let to): request = form.rx.moveItem(in: field, from: from, to: to)
        case .previousPage: request = form.rx.previousPage()
        case .submit: return
        }
        request.subscribe(onNext: { [weak self] _ in
            self?.program.receive(.answered(call, error: nil))
        }, onError: { [weak self] error in
            self?.answer(call, error)
        }).disposed(by: disposeBag)
    }

    /// A refused call's message for the model; the client's own failures
    /// (the daemon left, the widget was destroyed) end the screen.
    private func answer(_ call: FormCall, _ error: Error) {
        if form.failedInAbsence(error) {
            // Lost with a daemon that went away: what was typed goes again once one serves the form.
            program.receive(.answered(call, error: nil))
            return
        }
        if let error = error as? WidgetsClientError, error.name.hasPrefix("org.rxwidgets.Widgets1.Client.") {
            program.fail(error)
            return
        }
        let refusal = (error as? WidgetsClientError).map { FormRefusal(name: $0.name, message: $0.message) } ?? FormRefusal(name: "", message: "\(error)")
        program.receive(.answered(call, error: refusal))
    }

    /// Runs the spinner while some field waits for its remote check.
    private func spinWhilePending() {
        if model.daemon.hasPending, spinner == nil {
            spinner = MainLoop.shared.addTimer(after: 100_000_000, repeating: 100_000_000) { [weak self] in
                self?.program.receive(.spinnerTick)
            }
        } else if !model.daemon.hasPending {
            spinner?.dispose()
            spinner = nil
        }
    }
}
