import CGtk
import FrontEndCore
import Localization
import RxCoreEssentials
import RxWidgetsClient
import RxWidgetsCommandLine

/// A form in a window: per field its label, its control (`FieldControls`),
/// its help and the daemon's message; Submit below, sensitive exactly when
/// `SubmitEnabled`. It is a view of the shared core's `FormModel`: a
/// control's gestures and Submit (its button, or Enter in any control) are
/// the program's inputs, applied in order, each after the answers to those
/// before it. Everything shown follows the daemon's properties — values,
/// validity, field states, options, outputs — whoever changed them; a
/// field's message shows once a person changed it or pressed Submit
/// (always when attached), and is the control's accessible description
/// then, with its invalid state. Hidden fields are not shown, disabled ones
/// are insensitive, a pending remote check spins. A form of several pages
/// shows one page at a time under its title and "page 2 of 3", with Back
/// and Next (Submit on the last page); a page turned moves the focus to
/// its first field.
final class FormWindow {
    private struct Row {
        let field: RemoteForm.Field
        let box: Widget
        /// The field's label, `*` marking it while it is required.
        let label: Widget
        let control: FieldControl
        let help: String?
        let message: Widget
        let spinner: Widget
    }

    private let core: FormProgram
    private let dialog: Dialog
    private let attached: Bool
    private let showsLabels: Bool
    private var rows: [Row] = []
    /// The box of the rows: rebuilt when an array's items come or go.
    private let fields: Widget
    private var submit: Widget?
    private var back: Widget?
    /// The page's title and number, above its fields.
    private let pageHeading: Widget
    /// The page drawn last: a new one moves the focus.
    private var drawnPage: Int?
    /// Why Submit is disabled, beside it.
    private let blockers: Widget
    private let outputs: Widget?

    /// `format`: what a Submit prints; nil when attached (Submit goes on, Close ends).
    /// `showsLabels`: false for `input`'s one field under the question, whose
    /// label is the terminal's prompt (its screen readers' name still).
    init(form: RemoteForm, dialog: Dialog, format: SubmittedValues.Format?, header: String?, showsOutputs: Bool, showsLabels: Bool = true) {
        self.showsLabels = showsLabels
        self.dialog = dialog
        attached = format == nil
        let purpose: FormModel.Purpose
        switch format {
        case nil: purpose = .attach
        case .lines: purpose = .submit
        case .json: purpose = .submitJSON
        case .value(let name): purpose = .submitValue(name)
        }
        core = FormProgram(form: form, host: dialog, purpose: purpose, header: header, showsOutputs: showsOutputs)
        dialog.addHeader(header)
        pageHeading = makeLabel("")
        gtk_widget_add_css_class(pageHeading, "heading")
        dialog.add(pageHeading)
        FormWindow.installStyles()
        outputs = showsOutputs ? makeLabel("") : nil
        blockers = makeLabel("")
        gtk_widget_add_css_class(blockers, "dim-label")
        fields = makeBox(spacing: 12)
        let scrolled = gtk_scrolled_window_new()!
        gtk_scrolled_window_set_child(scrolled.c(), fields)
        gtk_scrolled_window_set_propagate_natural_height(scrolled.c(), 1)
        gtk_scrolled_window_set_max_content_height(scrolled.c(), 640)
        dialog.add(scrolled, expands: true)
        if let outputs {
            gtk_widget_add_css_class(outputs, "dim-label")
            dialog.add(outputs)
        }
        dialog.add(blockers)
        dialog.addButton(format == nil ? tr("Close") : tr("Cancel")) { [weak self] in self?.cancel() }
        if !form.pages.isEmpty {
            // TRANSLATORS: a button that turns a form back to its previous page.
            back = dialog.addButton(tr("Back")) { [weak self] in self?.core.program.input(.previousPageRequested) }
        }
        submit = dialog.addButton(tr("Submit"), isDefault: true) { [weak self] in self?.core.program.input(.submitRequested) }
        dialog.onCancel = { [weak self] in self?.cancel() }
        // Enter submits from every control but a text of several lines,
        // and only Submit: a toggle or a spin button does not take it too.
        onKeys(of: dialog.window) { [weak self] key in
            guard let self, key == .enter, !FormWindow.focusTakesNewLines(dialog.window) else { return false }
            core.program.input(.submitRequested)
            return true
        }
        dialog.onModelChanged = { [weak self] in self?.render() }
        render()
    }

    private func makeRow(_ field: RemoteForm.Field) -> Row {
        let name = field.name
        let actions = FieldActions(
            setValue: { [weak self] in self?.core.program.input(.chose(field: name, value: $0)) },
            edit: { [weak self] in self?.core.program.input(.edited(field: name, text: $0)) },
            tap: { [weak self] in self?.core.program.input(.tapped(field: name, button: $0)) },
            step: { [weak self] in self?.core.program.input(.stepped(field: name, up: $0)) },
            editItems: { [weak self] call in
                if case .addItem = call {
                    self?.focusesNewItem = true
                }
                self?.core.program.input(.itemsEdited(call))
            })
        let control = FieldControls.make(field, item: core.model.daemon.itemRows[name], actions: actions)
        let labelText = field.label
        let help = field.help
        let label = makeLabel(FormModel.label(of: field))
        gtk_widget_add_css_class(label, "heading")
        control.widget.describe(label: labelText, description: help)
        let message = makeLabel("")
        gtk_widget_add_css_class(message, "error")
        let spinner = gtk_spinner_new()!
        let messageLine = makeBox(horizontal: true, spacing: 6, [spinner, message])
        var children = showsLabels ? [label, control.container] : [control.container]
        if let help, !help.isEmpty {
            let helpLabel = makeLabel(help)
            gtk_widget_add_css_class(helpLabel, "dim-label")
            children.append(helpLabel)
        }
        children.append(messageLine)
        return Row(field: field, box: makeBox(spacing: 4, children), label: label, control: control, help: help, message: message, spinner: spinner)
    }

    /// Draws the model: each field as the daemon has it (a text still being
    /// sent as typed), its message once it was changed or Submit pressed,
    /// Submit's sensitivity, the outputs and the status.
    private func render() {
        let model = core.model
        let daemon = model.daemon
        if rows.map(\.field.name) != daemon.layout.map(\.name) || rows.contains(where: { daemon.itemRows[$0.field.name] != nil && daemon.itemRows[$0.field.name] != builtItems[$0.field.name] }) {
            rebuildRows(daemon)
        }
        let layout = Dictionary(daemon.layout.map { ($0.name, $0) }) { first, _ in first }
        for row in rows {
            let name = row.field.name
            let field = layout[name] ?? row.field
            let state = daemon.states[name]
            gtk_widget_set_visible(row.box, state?.visible == false || !daemon.isOnPage(field) ? 0 : 1)
            gtk_widget_set_sensitive(row.box, state?.enabled == false ? 0 : 1)
            if !core.program.hasWaitingInput, !model.isSending(name) {
                // A text's typing is the model's (secrets, throttled sends); any other control holds its own.
                let typed = model.editing?.field == name && field.kind == .text ? model.editing.map { DBusValue.string($0.text) } : nil
                row.control.show(typed ?? daemon.values[name], field: field, buttons: daemon.buttons)
            }
            let required = state?.required ?? field.required
            gtk_label_set_text(row.label.c(), FormModel.label(of: field, required: required))
            row.control.widget.setRequired(required)
            let check = daemon.validity[name]
            let pending = check?.reason == .pending
            let refusal = model.fields[name].refusal.map { FormModel.refusal($0, for: field) }
            let showsMessage = refusal != nil || (check.map { !$0.valid && (attached || model.fields[name].wasLeft || pending) } ?? false)
            let message = showsMessage ? refusal ?? check?.message ?? "" : ""
            gtk_label_set_text(row.message.c(), message)
            // A check still running is not an error: drawn as a note beside its spinner.
            if pending {
                gtk_widget_remove_css_class(row.message, "error")
                gtk_widget_add_css_class(row.message, "dim-label")
            } else {
                gtk_widget_remove_css_class(row.message, "dim-label")
                gtk_widget_add_css_class(row.message, "error")
            }
            // The message's line stays, empty, when there is nothing to say:
            // a message coming does not make the window grow under the person's eyes.
            gtk_widget_set_visible(row.spinner, pending ? 1 : 0)
            pending ? gtk_spinner_start(row.spinner.c()) : gtk_spinner_stop(row.spinner.c())
            row.control.widget.setInvalid(showsMessage && !pending)
            row.control.widget.describe(label: field.label,
                                        description: showsMessage && !message.isEmpty ? message : row.help ?? "")
            if let border = field.border {
                FormWindow.colour(row.control.container, daemon.outputs[border]?.stringValue)
            }
        }
        let isLast = daemon.isOnLastPage
        if let submit {
            // TRANSLATORS: "Next" is the button that turns a form to its next page.
            gtk_button_set_label(submit.c(), isLast ? tr("Submit") : tr("Next"))
            gtk_widget_set_sensitive(submit, (isLast ? daemon.submitEnabled : daemon.invalidOnPage.isEmpty) ? 1 : 0)
        }
        if let back {
            gtk_widget_set_sensitive(back, daemon.hasPreviousPage ? 1 : 0)
        }
        gtk_label_set_text(pageHeading.c(), daemon.pageHeading ?? "")
        gtk_widget_set_visible(pageHeading, daemon.pageHeading == nil ? 0 : 1)
        gtk_label_set_text(blockers.c(), (isLast ? model.submitBlockers : model.nextPageBlockers) ?? "")
        if drawnPage != daemon.page {
            drawnPage = daemon.page
            if let first = rows.first(where: { daemon.isFocusable(layout[$0.field.name] ?? $0.field) }) {
                gtk_widget_grab_focus(first.control.widget)
            }
        }

        if let outputs {
            gtk_label_set_text(outputs.c(), daemon.outputs.keys.sorted().map { "\($0) = \(ValueText.plain(daemon.outputs[$0]!))" }.joined(separator: "\n"))
        }
        // TRANSLATORS: said in the window once the form was submitted (while attached, the window stays).
        dialog.say(model.status.map { $0.tone == .success ? tr("Submitted.") : $0.text })
    }

    /// The item rows as they were when their buttons were built (an item's Up and Down follow its place).
    private var builtItems: [String: ItemRow] = [:]

    /// Whether this window's Add was pressed: the item it adds takes the focus.
    private var focusesNewItem = false

    /// Brings the rows in line with the layout, an array's items' among
    /// them: a row whose field is gone (or whose item moved within a count
    /// that changed) goes, a new one is put in its place, and every other
    /// row stays as it is — so another client's change moves nobody's
    /// typing. The first field of an item this window added takes the focus.
    private func rebuildRows(_ daemon: FormSnapshot) {
        let kept = Dictionary(rows.filter { row in
            daemon.layout.contains { $0.name == row.field.name } && daemon.itemRows[row.field.name] == builtItems[row.field.name]
        }.map { ($0.field.name, $0) }) { first, _ in first }
        for row in rows where kept[row.field.name] == nil {
            gtk_box_remove(fields.c(), row.box)
        }
        var previous: Widget?
        var added: [Row] = []
        rows = daemon.layout.map { field in
            if let row = kept[field.name] {
                previous = row.box
                return row
            }
            let row = makeRow(field)
            gtk_box_insert_child_after(fields.c(), row.box, previous)
            previous = row.box
            added.append(row)
            return row
        }
        builtItems = daemon.itemRows
        if focusesNewItem, let first = added.first(where: { daemon.itemRows[$0.field.name] == nil && daemon.isFocusable($0.field) }) {
            gtk_widget_grab_focus(first.control.widget)
        }
        focusesNewItem = false
    }

    private func cancel() {
        dialog.finish(attached ? .done("") : .cancelled)
    }

    /// Whether the focused control takes Enter as a new line (a `GtkTextView`).
    private static func focusTakesNewLines(_ window: Widget) -> Bool {
        guard let focus = gtk_root_get_focus(OpaquePointer(window.raw)) else { return false }
        return g_type_check_instance_is_a(UnsafeMutableRawPointer(focus).assumingMemoryBound(to: GTypeInstance.self), gtk_text_view_get_type()) != 0
    }

    /// The colours a `validityColor` output names, as the field's border.
    private static let colours = ["green": "#2ec27e", "red": "#e01b24", "yellow": "#e5a50a", "blue": "#3584e4"]

    private static func colour(_ widget: Widget, _ name: String?) {
        for known in colours.keys {
            gtk_widget_remove_css_class(widget, "rx-border-\(known)")
        }
        if let name, colours[name] != nil {
            gtk_widget_add_css_class(widget, "rx-border-\(name)")
        }
    }

    private static func installStyles() {
        let provider = gtk_css_provider_new()!
        let css = colours.map { ".rx-border-\($0.key) { box-shadow: 0 0 0 2px \($0.value); border-radius: 6px; }" }.joined(separator: "\n")
        gtk_css_provider_load_from_data(provider, css, -1)
        gtk_style_context_add_provider_for_display(gdk_display_get_default(), OpaquePointer(provider), guint(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION))
    }
}
