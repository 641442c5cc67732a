import CGtk
import RxCoreEssentials
import RxWidgetsClient
import RxWidgetsCommandLine

/// `file` (zenity's `--file-selection`): GTK's own chooser
/// (`GtkFileChooserNative`, the desktop portal inside a sandbox) on the
/// daemon's file chooser. GTK lists the folders as the person, who runs it;
/// the daemon is told the folder, filter and paths chosen, checks them as
/// data, and any front end on the chooser sees them. A Cancel from another
/// front end closes the window. While the daemon is away the chooser's
/// title says so (a window of its own would take the person's keys from
/// the chooser); what the person chose meanwhile is told to the daemon once
/// it is back, and a window says until then why the command has not ended.
/// A cancel needs no daemon: it ends the command at once.
final class FileChooserWindow {
    private let chooser: RemoteFileChooser
    private let dialog: Dialog
    private var native: NativeFileChooser?
    private let disposeBag = DisposeBag()
    /// The person's response, waiting for the daemon to serve the chooser again.
    private var held: (paths: [String], filter: Int)?

    init(chooser: RemoteFileChooser, dialog: Dialog, title: String) {
        self.chooser = chooser
        self.dialog = dialog
        native = NativeFileChooser(title: title, mode: FileChooserMode(rawValue: chooser.mode) ?? .open, multiple: chooser.isMultiple, folder: chooser.folder,
                                   suggestedName: chooser.suggestedName, filters: chooser.filters, filter: chooser.filter) { [weak self] paths, filter in
            self?.responded(paths, filter: filter)
        }
        chooser.rx.closed.subscribe(onNext: { [weak self] in self?.closedElsewhere() }).disposed(by: disposeBag)
        chooser.rx.revision.subscribe(onError: { [weak self] in self?.dialog.fail($0) }).disposed(by: disposeBag)
        chooser.rx.served.subscribe(onNext: { [weak self] served in
            guard served else { return }
            // Not inside the handler of the answer that says so: a call waited for there may miss its reply.
            GLibIdle.run { self?.sendHeld() }
        }).disposed(by: disposeBag)
        chooser.rx.servedChanges.subscribe(onNext: { [weak self] served in
            self?.native?.retitle(served ? title : "\(title) — \(Dialog.awayNotice)")
        }).disposed(by: disposeBag)
        dialog.onCancel = { [weak self] in self?.responded(nil, filter: self?.chooser.filter ?? -1) }
        native?.show()
    }

    private func responded(_ paths: [String]?, filter: Int) {
        guard dialog.outcome == nil else { return }
        guard let paths else { return cancelled(filter: filter) }
        guard chooser.isServed else { return hold(paths, filter: filter) }
        do {
            if filter >= 0, filter != chooser.filter {
                try chooser.setFilter(filter)
            }
            try chooser.select(paths)
            try chooser.choose()
            dialog.finish(.done(paths.map { $0 + "\n" }.joined()))
        } catch {
            // Lost with a daemon that left, not refused: told again to the next one.
            guard chooser.failedInAbsence(error) else { return dialog.fail(error) }
            hold(paths, filter: filter)
        }
    }

    /// The command ends cancelled, as a picker window's Cancel does; the
    /// daemon is told the filter in use and the cancel when it is there.
    private func cancelled(filter: Int) {
        if chooser.isServed {
            if filter >= 0, filter != chooser.filter {
                try? chooser.setFilter(filter)
            }
            try? chooser.cancel()
        }
        dialog.finish(.cancelled)
    }

    /// Keeps what was chosen for the daemon that comes back. GTK's chooser
    /// went with the response, so the command's own window says why it
    /// waits (Escape or closing it cancels).
    private func hold(_ paths: [String], filter: Int) {
        held = (paths, filter)
        dialog.showsWindow = true
        dialog.daemonAway(true)
        dialog.present()
    }

    private func sendHeld() {
        guard chooser.isServed, let held else { return }
        self.held = nil
        responded(held.paths, filter: held.filter)
    }

    /// Another front end cancelled the chooser: the window goes, and the
    /// command ends as cancelled.
    private func closedElsewhere() {
        guard dialog.outcome == nil else { return }
        native?.hide()
        dialog.finish(.cancelled)
    }
}
