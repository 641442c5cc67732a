import FrontEndCore
import Glibc
import RxCoreEssentials
import RxWidgetsClient
import RxWidgetsCommandLine
import WidgetsAPI

/// A progress on the terminal: the runtime of `ProgressModel`. The
/// script's standard input, the person's keys and the daemon's changes
/// become messages; the commands become calls of the progress, sent in
/// order without waiting (the connection keeps their order).
final class ProgressScreen: InteractiveScreen {
    private let progress: RemoteProgress
    private let session: Session
    private var model: ProgressModel
    private var input: InputLines?
    private let disposeBag = DisposeBag()

    /// `readsInput`: the script's standard input drives it (`progress`);
    /// without, another process does and this screen only shows it (`attach`).
    init(progress: RemoteProgress, session: Session, options: ProgressOptions, readsInput: Bool = true) {
        self.progress = progress
        self.session = session
        model = ProgressModel(daemon: ProgressModel.Snapshot(progress), options: options)
        progress.rx.revision.subscribe(onNext: { [weak self] _ in
            guard let self else { return }
            dispatch(.daemonChanged(ProgressModel.Snapshot(self.progress)))
        }, onError: { [weak self] in self?.session.fail($0) })
            .disposed(by: disposeBag)
        progress.rx.cancelled.subscribe(onNext: { [weak self] in self?.dispatch(.cancelled) }, onError: { _ in }).disposed(by: disposeBag)
        session.sayWhileAway(from: progress).disposed(by: disposeBag)
        if readsInput {
            input = InputLines(line: { [weak self] in self?.dispatch(.input($0)) }, ended: { [weak self] in self?.dispatch(.inputEnded) })
        }
    }

    private func dispatch(_ message: ProgressModel.Message) {
        for command in model.update(message) {
            run(command)
        }
        session.redraw()
    }

    private func run(_ command: ProgressModel.Command) {
        let calls: Observable<Void>
        switch command {
        case .setValue(let value): calls = progress.rx.request(ProgressContract.setValue, value)
        case .setText(let text): calls = progress.rx.request(ProgressContract.setText, text)
        case .pulse: calls = progress.rx.request(ProgressContract.pulse, ())
        case .setStepStatus(let index, let status): calls = progress.rx.request(ProgressContract.setStepStatus, (Int32(index), status))
        case .finish: calls = progress.rx.request(ProgressContract.finish, "done")
        case .cancel: calls = progress.rx.request(ProgressContract.cancel, ())
        case .end(let cancelled):
            if cancelled, model.options.autoKill {
                kill(getppid(), SIGHUP)
            }
            session.finish(cancelled ? .cancelled : .done(""))
            return
        }
        calls.subscribe(onError: { [weak self] error in
            // The work ended (a person cancelled meanwhile): what the script sends after that is moot.
            if (error as? WidgetsClientError)?.name == "org.freedesktop.DBus.Error.NotSupported" { return }
            self?.session.fail(error)
        }).disposed(by: disposeBag)
    }

    func lines(rows: Int, columns: Int) -> [Line] {
        model.view(rows: rows, columns: columns)
    }

    func handle(_ key: Key) {
        dispatch(.key(key))
    }
}
