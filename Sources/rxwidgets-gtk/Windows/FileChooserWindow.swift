import CGtk
import RxCoreEssentials
import RxWidgetsClient
import RxWidgetsCommandLine

/// `file` (zenity's `--file-selection`): GTK's own chooser
/// (`GtkFileChooserNative`, the desktop portal inside a sandbox) on the
/// daemon's file chooser. GTK lists the folders as the person, who runs it;
/// the daemon is told the folder, filter and paths chosen, checks them as
/// data, and any front end on the chooser sees them. A Cancel from another
/// front end closes the window.
final class FileChooserWindow {
    private let chooser: RemoteFileChooser
    private let dialog: Dialog
    private let native: OpaquePointer
    private var filters: [OpaquePointer] = []
    private let disposeBag = DisposeBag()

    init(chooser: RemoteFileChooser, dialog: Dialog, title: String) {
        self.chooser = chooser
        self.dialog = dialog
        let action: GtkFileChooserAction
        let accept: String
        switch chooser.mode {
        case "folder": (action, accept) = (GTK_FILE_CHOOSER_ACTION_SELECT_FOLDER, "_Select")
        case "save": (action, accept) = (GTK_FILE_CHOOSER_ACTION_SAVE, "_Save")
        default: (action, accept) = (GTK_FILE_CHOOSER_ACTION_OPEN, "_Open")
        }
        native = gtk_file_chooser_native_new(title, nil, action, accept, "_Cancel")
        let fileChooser = native
        gtk_file_chooser_set_select_multiple(fileChooser, chooser.isMultiple ? 1 : 0)
        if !chooser.folder.isEmpty {
            let folder = g_file_new_for_path(chooser.folder)
            gtk_file_chooser_set_current_folder(fileChooser, folder, nil)
            g_object_unref(UnsafeMutableRawPointer(folder))
        }
        if chooser.mode == "save", !chooser.suggestedName.isEmpty {
            gtk_file_chooser_set_current_name(fileChooser, chooser.suggestedName)
        }
        for (name, patterns) in chooser.filters {
            let filter = gtk_file_filter_new()!
            gtk_file_filter_set_name(filter, name)
            for pattern in patterns {
                gtk_file_filter_add_pattern(filter, pattern)
            }
            gtk_file_chooser_add_filter(fileChooser, filter)
            filters.append(filter)
        }
        if filters.indices.contains(chooser.filter) {
            gtk_file_chooser_set_filter(fileChooser, filters[chooser.filter])
        }
        Signals.onResponse(UnsafeMutableRawPointer(native)) { [weak self] response in
            self?.responded(response)
        }
        chooser.rx.closed.subscribe(onNext: { [weak self] in self?.closedElsewhere() }).disposed(by: disposeBag)
        chooser.rx.revision.subscribe(onError: { [weak self] in self?.dialog.fail($0) }).disposed(by: disposeBag)
        dialog.onCancel = { [weak self] in self?.responded(GTK_RESPONSE_CANCEL.rawValue) }
        gtk_native_dialog_show(nativeDialog)
    }

    private var nativeDialog: UnsafeMutablePointer<GtkNativeDialog> {
        UnsafeMutablePointer(native)
    }

    deinit {
        gtk_native_dialog_destroy(nativeDialog)
        g_object_unref(UnsafeMutableRawPointer(native))
    }

    private func responded(_ response: Int32) {
        guard dialog.outcome == nil else { return }
        do {
            if let filter = gtk_file_chooser_get_filter(native), let index = filters.firstIndex(of: filter), index != chooser.filter {
                try chooser.setFilter(index)
            }
            guard response == GTK_RESPONSE_ACCEPT.rawValue else {
                try chooser.cancel()
                dialog.finish(.cancelled)
                return
            }
            let paths = chosenPaths()
            try chooser.select(paths)
            try chooser.choose()
            dialog.finish(.done(paths.map { $0 + "\n" }.joined()))
        } catch {
            dialog.fail(error)
        }
    }

    /// The paths GTK's chooser holds, in its order.
    private func chosenPaths() -> [String] {
        let files = gtk_file_chooser_get_files(native)!
        defer { g_object_unref(UnsafeMutableRawPointer(files)) }
        return (0..<g_list_model_get_n_items(files)).compactMap { index in
            let item = g_list_model_get_item(files, index)
            defer { g_object_unref(item) }
            let file = OpaquePointer(item)
            guard let path = g_file_get_path(file) else { return nil }
            defer { g_free(path) }
            return String(cString: path)
        }
    }

    /// Another front end cancelled the chooser: the window goes, and the
    /// command ends as cancelled.
    private func closedElsewhere() {
        guard dialog.outcome == nil else { return }
        gtk_native_dialog_hide(nativeDialog)
        dialog.finish(.cancelled)
    }
}
