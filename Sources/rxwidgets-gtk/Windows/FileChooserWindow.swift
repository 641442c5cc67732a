import CGtk
import RxCoreEssentials
import RxWidgetsClient
import RxWidgetsCommandLine

/// `file` (zenity's `--file-selection`): GTK's own chooser
/// (`GtkFileChooserNative`, the desktop portal inside a sandbox) on the
/// daemon's file chooser. GTK lists the folders as the person, who runs it;
/// the daemon is told the folder, filter and paths chosen, checks them as
/// data, and any front end on the chooser sees them. A Cancel from another
/// front end closes the window. What the person chose while the daemon is
/// away is told to it once it is back; the chooser's title says meanwhile
/// why the command has not ended (a window of its own would take the
/// person's keys from the chooser).
final class FileChooserWindow {
    private let chooser: RemoteFileChooser
    private let dialog: Dialog
    private var native: NativeFileChooser?
    private let disposeBag = DisposeBag()
    /// The person's response, waiting for the daemon to serve the chooser again.
    private var held: (paths: [String]?, filter: Int)?

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
            guard served, let self, let held else { return }
            self.held = nil
            responded(held.paths, filter: held.filter)
        }).disposed(by: disposeBag)
        chooser.rx.served.skip(while: { $0 }).subscribe(onNext: { [weak self] served in
            self?.native?.retitle(served ? title : "\(title) — \(Dialog.awayNotice)")
        }).disposed(by: disposeBag)
        dialog.onCancel = { [weak self] in self?.responded(nil, filter: self?.chooser.filter ?? -1) }
        native?.show()
    }

    private func responded(_ paths: [String]?, filter: Int) {
        guard dialog.outcome == nil else { return }
        guard chooser.isServed else {
            held = (paths, filter)
            return
        }
        do {
            if filter >= 0, filter != chooser.filter {
                try chooser.setFilter(filter)
            }
            guard let paths else {
                try chooser.cancel()
                dialog.finish(.cancelled)
                return
            }
            try chooser.select(paths)
            try chooser.choose()
            dialog.finish(.done(paths.map { $0 + "\n" }.joined()))
        } catch {
            // Lost with a daemon that left, not refused: told again to the next one.
            guard chooser.failedInAbsence(error) else { return dialog.fail(error) }
            held = (paths, filter)
        }
    }

    /// Another front end cancelled the chooser: the window goes, and the
    /// command ends as cancelled.
    private func closedElsewhere() {
        guard dialog.outcome == nil else { return }
        native?.hide()
        dialog.finish(.cancelled)
    }
}
