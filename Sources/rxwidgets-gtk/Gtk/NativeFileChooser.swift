import CGtk
import Localization
import RxWidgetsClient

/// GTK's own file chooser (`GtkFileChooserNative`: the desktop portal
/// inside a sandbox), as `file` and a form's file field both show it. GTK
/// lists the folders as the person, who runs this process; what the person
/// chose is handed to `responded` — the paths, or nil for a cancel — with
/// the filter in use (an index of `filters`, or -1).
final class NativeFileChooser {
    private let native: OpaquePointer
    private var filters: [OpaquePointer] = []

    /// `parent`: the window (a widget's `GtkRoot`) the chooser belongs to and stays above, if any.
    init(title: String, parent: OpaquePointer? = nil, mode: FileChooserMode, multiple: Bool, folder: String, suggestedName: String,
         filters named: [(name: String, patterns: [String])], filter: Int, responded: @escaping (_ paths: [String]?, _ filter: Int) -> Void) {
        let action: GtkFileChooserAction
        let accept: String
        switch mode {
        // GTK takes the buttons' labels as given: they are translated here.
        // TRANSLATORS: the file chooser's buttons; the underscore marks the letter typed with Alt.
        case .folder: (action, accept) = (GTK_FILE_CHOOSER_ACTION_SELECT_FOLDER, tr("_Select"))
        // TRANSLATORS: the file chooser's buttons; the underscore marks the letter typed with Alt.
        case .save: (action, accept) = (GTK_FILE_CHOOSER_ACTION_SAVE, tr("_Save"))
        // TRANSLATORS: the file chooser's buttons; the underscore marks the letter typed with Alt.
        case .open: (action, accept) = (GTK_FILE_CHOOSER_ACTION_OPEN, tr("_Open"))
        }
        // TRANSLATORS: the file chooser's buttons; the underscore marks the letter typed with Alt.
        native = gtk_file_chooser_native_new(title, parent.map { UnsafeMutablePointer($0) }, action, accept, tr("_Cancel"))
        gtk_file_chooser_set_select_multiple(native, multiple ? 1 : 0)
        if !folder.isEmpty {
            let start = g_file_new_for_path(folder)
            gtk_file_chooser_set_current_folder(native, start, nil)
            g_object_unref(UnsafeMutableRawPointer(start))
        }
        if mode == .save, !suggestedName.isEmpty {
            gtk_file_chooser_set_current_name(native, suggestedName)
        }
        for (name, patterns) in named {
            let gtkFilter = gtk_file_filter_new()!
            gtk_file_filter_set_name(gtkFilter, name)
            for pattern in patterns {
                gtk_file_filter_add_pattern(gtkFilter, pattern)
            }
            gtk_file_chooser_add_filter(native, gtkFilter)
            filters.append(gtkFilter)
        }
        if filters.indices.contains(filter) {
            gtk_file_chooser_set_filter(native, filters[filter])
        }
        Signals.onResponse(UnsafeMutableRawPointer(native)) { [weak self] response in
            guard let self else { return }
            let used = gtk_file_chooser_get_filter(native).flatMap { filters.firstIndex(of: $0) } ?? -1
            responded(response == GTK_RESPONSE_ACCEPT.rawValue ? chosenPaths() : nil, used)
        }
    }

    private var dialog: UnsafeMutablePointer<GtkNativeDialog> {
        UnsafeMutablePointer(native)
    }

    deinit {
        gtk_native_dialog_destroy(dialog)
        g_object_unref(UnsafeMutableRawPointer(native))
    }

    /// A new title, shown at once. GTK's own chooser window (there is none
    /// when a portal shows the chooser) keeps the title it was shown with,
    /// so it is retitled itself.
    func retitle(_ title: String) {
        gtk_native_dialog_set_title(dialog, title)
        let windows = gtk_window_get_toplevels()!
        for index in 0..<g_list_model_get_n_items(windows) {
            guard let window = g_list_model_get_item(windows, index) else { continue }
            defer { g_object_unref(window) }
            let isChooser = g_type_check_instance_is_a(window.assumingMemoryBound(to: GTypeInstance.self), gtk_file_chooser_get_type()) != 0
            let shown = gtk_widget_get_visible(window.assumingMemoryBound(to: GtkWidget.self)) != 0
            if isChooser, shown {
                gtk_window_set_title(window.assumingMemoryBound(to: GtkWindow.self), title)
            }
        }
    }

    func show() {
        gtk_native_dialog_show(dialog)
    }

    func hide() {
        gtk_native_dialog_hide(dialog)
    }

    /// The paths GTK's chooser holds, in its order.
    private func chosenPaths() -> [String] {
        let files = gtk_file_chooser_get_files(native)!
        defer { g_object_unref(UnsafeMutableRawPointer(files)) }
        return (0..<g_list_model_get_n_items(files)).compactMap { index in
            let item = g_list_model_get_item(files, index)
            defer { g_object_unref(item) }
            guard let path = g_file_get_path(OpaquePointer(item)) else { return nil }
            defer { g_free(path) }
            return String(cString: path)
        }
    }
}
