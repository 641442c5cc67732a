import CGtk
import Glibc
import Localization
import RxCoreEssentials
import RxWidgetsClient
import RxWidgetsCommandLine
import WidgetsAPI

/// `progress` (zenity's `--progress`) and `attach` of a progress: a
/// `GtkProgressBar` with the progress's text and steps, kept current from
/// the daemon. Cancel, Escape or closing the window is a person's Cancel,
/// which reaches the process doing the work. With `readsInput`, standard
/// input drives it line by line (`ProgressLine`); its end finishes the work.
final class ProgressWindow {
    private let progress: RemoteProgress
    private let dialog: Dialog
    private let options: ProgressOptions
    private let bar: Widget
    private let text: Widget
    private let steps: Widget
    private var cancel: Widget?
    private var closing: Widget?
    private var pulsing: LoopTimer?
    private var input: InputLines?
    private let disposeBag = DisposeBag()

    init(progress: RemoteProgress, dialog: Dialog, options: ProgressOptions, readsInput: Bool) {
        self.progress = progress
        self.dialog = dialog
        self.options = options
        dialog.addHeader(options.title)
        text = makeLabel("")
        dialog.add(text)
        bar = gtk_progress_bar_new()!
        gtk_progress_bar_set_show_text(bar.c(), 1)
        dialog.add(bar)
        steps = makeLabel("", wraps: false)
        dialog.add(steps, expands: true)
        if progress.isCancellable {
            cancel = dialog.addButton(tr("Cancel")) { [weak self] in self?.cancelled() }
        }
        dialog.onCancel = { [weak self] in self?.cancelled() }
        progress.rx.revision.subscribe(onNext: { [weak self] _ in self?.show() }, onError: { [weak self] in self?.dialog.fail($0) })
            .disposed(by: disposeBag)
        dialog.sayWhileAway(from: progress).disposed(by: disposeBag)
        if readsInput {
            input = InputLines(line: { [weak self] in self?.apply($0) }, ended: { [weak self] in self?.inputEnded() })
        }
        show()
    }

    deinit {
        pulsing?.dispose()
    }

    /// The daemon's progress as it is now.
    private func show() {
        gtk_label_set_text(text.c(), progress.text)
        gtk_widget_set_visible(text, progress.text.isEmpty ? 0 : 1)
        if progress.value < 0 && progress.state == "running" {
            if pulsing == nil {
                gtk_progress_bar_set_text(bar.c(), nil)
                pulsing = MainLoop.shared.addTimer(after: 0, repeating: 100_000_000) { [weak self] in
                    guard let self else { return }
                    gtk_progress_bar_pulse(bar.c())
                }
            }
        } else {
            pulsing?.dispose()
            pulsing = nil
            gtk_progress_bar_set_fraction(bar.c(), min(max(progress.value / max(progress.maximum, .leastNonzeroMagnitude), 0), 1))
        }
        let marks = ["pending": "·", "running": "›", "done": "✓", "failed": "✗", "skipped": "–"]
        gtk_label_set_text(steps.c(), progress.steps.map { "\(marks[$0.status] ?? "·") \($0.title)" }.joined(separator: "\n"))
        switch progress.state {
        case "cancelled":
            if options.autoKill {
                kill(getppid(), SIGHUP)
            }
            dialog.finish(.cancelled)
        case "done", "failed":
            ended()
        default:
            break
        }
    }

    /// The work ended: with `--auto-close` the window goes, else Close does.
    private func ended() {
        if let cancel {
            gtk_widget_set_visible(cancel, 0)
        }
        guard !options.autoClose || input?.isOpen == true else {
            dialog.finish(.done(""))
            return
        }
        if closing == nil {
            closing = dialog.addButton(tr("Close"), isDefault: true) { [weak self] in self?.dialog.finish(.done("")) }
            dialog.onCancel = { [weak self] in self?.dialog.finish(.done("")) }
        }
    }

    private func cancelled() {
        guard progress.state == "running", progress.isCancellable else { return }
        progress.rx.request(ProgressContract.cancel, ()).subscribe(onError: { [weak self] in self?.dialog.fail($0) }).disposed(by: disposeBag)
    }

    /// The script's input ended: the work is done.
    private func inputEnded() {
        if progress.state == "running" {
            send(progress.rx.request(ProgressContract.finish, "done"))
        }
    }

    private func apply(_ line: String) {
        guard progress.state == "running" else { return }
        switch ProgressLine.parse(line, steps: progress.steps.count) {
        case .percentage(let value)?: send(progress.rx.request(ProgressContract.setValue, value))
        case .text(let text)?: send(progress.rx.request(ProgressContract.setText, text))
        case .step(let index, let status)?: send(progress.rx.request(ProgressContract.setStepStatus, (Int32(index), status)))
        case .pulse?: send(progress.rx.request(ProgressContract.pulse, ()))
        case nil: break
        }
    }

    /// Sends a call without waiting; the connection keeps the order. Once
    /// the work ended (a person cancelled), what the script sends is moot.
    private func send(_ call: Observable<Void>) {
        call.subscribe(onError: { [weak self] error in
            if (error as? WidgetsClientError)?.name == "org.freedesktop.DBus.Error.NotSupported" { return }
            self?.dialog.fail(error)
        }).disposed(by: disposeBag)
    }
}
