import CGtk
import RxWidgetsClient

/// A text field: a `GtkEntry`, or a `GtkPasswordEntry` for a secret, with
/// its placeholder. What is typed goes to the form's model, which sends it
/// (`SetValue`, at most once per 50 ms and once more when it stops) and
/// rebases another front end's change under it; the entry shows the
/// model's text.
final class TextControl: FieldControl {
    let widget: Widget
    private let actions: FieldActions
    private var isApplying = false

    init(_ field: RemoteForm.Field, actions: FieldActions) {
        self.actions = actions
        let secret = field.secret
        widget = secret ? gtk_password_entry_new()! : gtk_entry_new()!
        setProperty(widget.raw, "activates-default", true)
        if let placeholder = field.placeholder {
            setProperty(widget.raw, "placeholder-text", placeholder)
        }
        if let limit = field.maxLength, !secret {
            gtk_entry_set_max_length(widget.c(), Int32(clamping: limit))
        }
        if secret {
            gtk_password_entry_set_show_peek_icon(widget.c(), 1)
        }
        Signals.on(widget.raw, "changed") { [weak self] in self?.typed() }
    }

    private var text: String {
        String(cString: gtk_editable_get_text(widget.c()))
    }

    private func typed() {
        guard !isApplying else { return }
        actions.edit(text)
    }

    func show(_ value: DBusValue?, field: RemoteForm.Field, buttons: [(name: String, field: String, value: String)]) {
        // A secret is never sent back to this front end by others; what was typed stays.
        guard let shown = value?.stringValue, shown != text, !field.secret || !shown.isEmpty else { return }
        isApplying = true
        defer { isApplying = false }
        let cursor = gtk_editable_get_position(widget.c())
        gtk_editable_set_text(widget.c(), shown)
        gtk_editable_set_position(widget.c(), min(cursor, Int32(shown.count)))
    }
}

/// A multi-line text field: a `GtkTextView`; the text goes to the model as a line field's does.
final class MultilineTextControl: FieldControl {
    let widget: Widget
    let container: Widget
    private let actions: FieldActions
    private let buffer: UnsafeMutablePointer<GtkTextBuffer>
    private var isApplying = false

    init(actions: FieldActions) {
        self.actions = actions
        widget = gtk_text_view_new()!
        gtk_text_view_set_wrap_mode(widget.c(), GTK_WRAP_WORD_CHAR)
        buffer = gtk_text_view_get_buffer(widget.c())!
        container = gtk_scrolled_window_new()!
        gtk_scrolled_window_set_child(container.c(), widget)
        gtk_scrolled_window_set_min_content_height(container.c(), 80)
        gtk_widget_add_css_class(container, "frame")
        Signals.on(UnsafeMutableRawPointer(buffer), "changed") { [weak self] in self?.typed() }
    }

    private var text: String {
        var start = GtkTextIter()
        var end = GtkTextIter()
        gtk_text_buffer_get_bounds(buffer, &start, &end)
        guard let characters = gtk_text_buffer_get_text(buffer, &start, &end, 0) else { return "" }
        defer { g_free(characters) }
        return String(cString: characters)
    }

    private func typed() {
        guard !isApplying else { return }
        actions.edit(text)
    }

    func show(_ value: DBusValue?, field: RemoteForm.Field, buttons: [(name: String, field: String, value: String)]) {
        guard let shown = value?.stringValue, shown != text else { return }
        isApplying = true
        defer { isApplying = false }
        gtk_text_buffer_set_text(buffer, shown, -1)
    }
}
