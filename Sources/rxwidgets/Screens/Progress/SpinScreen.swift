import FrontEndCore
import Glibc
import RxCoreEssentials
import RxWidgetsClient
import RxWidgetsCommandLine
import WidgetsAPI

/// `spin`: a pulsing progress while a command runs; the command's exit
/// status is the outcome (gum spin). A person's Cancel — Esc or q here, or
/// Cancel in any front end showing the progress — ends the command's whole
/// process group (exit status 1), and so does Ctrl-C (130).
final class SpinScreen: InteractiveScreen {
    private let progress: RemoteProgress
    private let session: Session
    private let command: ProcessGroup
    private var model: ProgressModel
    private var reaper: LoopTimer?
    private let disposeBag = DisposeBag()

    init(progress: RemoteProgress, session: Session, options: ProgressOptions, command: ProcessGroup) {
        self.progress = progress
        self.session = session
        self.command = command
        model = ProgressModel(daemon: ProgressModel.Snapshot(progress), options: options)
        // A Cancel from any front end shows as the progress's State.
        progress.rx.revision.subscribe(onNext: { [weak self] _ in
            guard let self else { return }
            model.daemon = ProgressModel.Snapshot(self.progress)
            if model.daemon.state == "cancelled" {
                cancelled()
            }
            session.redraw()
        }, onError: { [weak self] in self?.session.fail($0) })
            .disposed(by: disposeBag)
        session.sayWhileAway(from: progress).disposed(by: disposeBag)
        reaper = MainLoop.shared.addTimer(after: 20_000_000, repeating: 20_000_000) { [weak self] in self?.reap() }
    }

    deinit {
        reaper?.dispose()
    }

    /// The command exited: the progress ends done (status 0) or failed, and so does the session.
    private func reap() {
        guard let status = command.reap() else { return }
        reaper?.dispose()
        _ = try? progress.finish(status == 0 ? "done" : "failed")
        session.finish(.exited(status))
    }

    private func cancelled() {
        reaper?.dispose()
        command.end()
        session.finish(.cancelled)
    }

    func lines(rows: Int, columns: Int) -> [Line] {
        model.view(rows: rows, columns: columns)
    }

    func handle(_ key: Key) {
        guard key == .escape || key == .character("q"), progress.isCancellable else { return }
        // The daemon's cancelled State ends the command, as a Cancel from another front end does.
        _ = try? progress.cancel()
    }
}
