import CGtk
import RxWidgetsClient

/// A choice: toggle buttons for its buttons (each a `Tap`), else a
/// `GtkDropDown` of its current options (choosing one is `SetValue`).
/// Options the daemon derives anew (`optionsFrom`, a provider) replace the
/// dropdown's.
final class ChoiceControl: FieldControl {
    let widget: Widget
    private var toggles: [(name: String, button: Widget)] = []
    private var options: [String] = []
    private let strings: OpaquePointer?
    private var isApplying = false

    init(_ field: RemoteForm.Field, actions: FieldActions) {
        let names = field.buttons
        if names.isEmpty {
            let list = gtk_string_list_new(nil)!
            strings = list
            widget = gtk_drop_down_new(list, nil)!
            gtk_widget_set_halign(widget, GTK_ALIGN_START)
            Signals.onNotify(widget.raw, "selected") { [weak self] in
                guard let self, !isApplying else { return }
                let index = Int(gtk_drop_down_get_selected(widget.c()))
                guard options.indices.contains(index) else { return }
                actions.setValue(.string(options[index]))
            }
        } else {
            strings = nil
            widget = makeBox(horizontal: true, spacing: 0)
            gtk_widget_add_css_class(widget, "linked")
            for name in names {
                let button = gtk_toggle_button_new_with_label(name)!
                Signals.on(button.raw, "toggled") { [weak self] in
                    guard let self, !isApplying else { return }
                    actions.tap(name)
                }
                gtk_box_append(widget.c(), button)
                toggles.append((name, button))
            }
        }
    }

    func show(_ value: DBusValue?, field: RemoteForm.Field, buttons: [(name: String, field: String, value: String)]) {
        isApplying = true
        defer { isApplying = false }
        let current = value?.stringValue
        if let strings {
            let now = field.options
            if now != options {
                replaceStrings(of: strings, count: options.count, with: now.map(field.optionLabel))
                options = now
            }
            let index = current.flatMap { options.firstIndex(of: $0) }
            gtk_drop_down_set_selected(widget.c(), index.map { guint($0) } ?? guint(GTK_INVALID_LIST_POSITION))
        } else {
            for toggle in toggles {
                let value = buttons.first { $0.name == toggle.name }?.value
                if let label = value.flatMap({ field.optionLabels[$0] }) {
                    gtk_button_set_label(toggle.button.c(), label)
                }
                let chosen = value == current
                gtk_toggle_button_set_active(toggle.button.c(), chosen ? 1 : 0)
            }
        }
    }
}
