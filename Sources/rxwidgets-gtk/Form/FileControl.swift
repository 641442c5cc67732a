import CGtk
import FrontEndCore
import Localization
import RxWidgetsClient

/// A file field: a button naming what is chosen, which opens GTK's own
/// chooser (the one `file` shows) in the field's mode, with its `accept`
/// patterns as the filter; choosing is `SetValue` of the path (or paths,
/// with `multiple`). A second button clears the field.
final class FileControl: FieldControl {
    let widget: Widget
    let container: Widget
    private let label: Widget
    private var chooser: NativeFileChooser?
    private var shown: DBusValue?

    init(_ field: RemoteForm.Field, actions: FieldActions) {
        label = makeLabel(FileFieldComponent.summary(of: nil, for: field), wraps: false)
        gtk_label_set_ellipsize(label.c(), PANGO_ELLIPSIZE_MIDDLE)
        let icon = gtk_image_new_from_icon_name(field.chooser.mode == .folder ? "folder-open-symbolic" : "document-open-symbolic")!
        widget = gtk_button_new()!
        gtk_button_set_child(widget.c(), makeBox(horizontal: true, spacing: 6, [icon, label]))
        let clear = gtk_button_new_from_icon_name("edit-clear-symbolic")!
        // TRANSLATORS: a screen reader's name of the button emptying a file field; {0} is the field's label.
        clear.describe(label: tr("Clear {0}", field.label))
        container = makeBox(horizontal: true, spacing: 6, [widget, clear])
        gtk_widget_set_halign(container, GTK_ALIGN_START)
        Signals.on(widget.raw, "clicked") { [weak self] in
            self?.open(field, actions: actions)
        }
        Signals.on(clear.raw, "clicked") {
            actions.setValue(FileFieldComponent.value([], for: field))
        }
    }

    private func open(_ field: RemoteForm.Field, actions: FieldActions) {
        let filters = field.accept.isEmpty ? [] : [(name: "\(field.label) (\(field.accept.joined(separator: " ")))", patterns: field.accept)]
        chooser = NativeFileChooser(title: field.label, parent: gtk_widget_get_root(widget), mode: field.chooser.mode, multiple: field.chooser.isMultiple,
                                    folder: FileFieldComponent.startingFolder(of: shown), suggestedName: "", filters: filters, filter: 0) { [weak self] paths, _ in
            self?.chooser = nil
            guard let paths else { return }
            actions.setValue(FileFieldComponent.value(paths, for: field))
        }
        chooser?.show()
    }

    func show(_ value: DBusValue?, field: RemoteForm.Field, buttons: [(name: String, field: String, value: String)]) {
        shown = value
        gtk_label_set_text(label.c(), FileFieldComponent.summary(of: value, for: field))
        let paths = FileFieldComponent.paths(in: value)
        gtk_widget_set_tooltip_text(widget, paths.isEmpty ? nil : paths.joined(separator: "\n"))
    }
}
