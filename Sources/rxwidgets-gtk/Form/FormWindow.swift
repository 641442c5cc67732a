import CGtk
import RxCoreEssentials
import RxWidgetsClient
import RxWidgetsCommandLine

/// A form in a window: per field its label, its control (`FieldControls`),
/// its help and the daemon's message; Submit below, sensitive exactly when
/// `SubmitEnabled`. Everything shown follows the daemon's properties —
/// values, validity, field states, options, outputs — whoever changed
/// them; a field's message shows once a person changed it or pressed Submit
/// (always when attached), and is the control's accessible description
/// then, with its invalid state. Hidden fields are not shown, disabled ones
/// are insensitive, a pending remote check spins.
final class FormWindow {
    private struct Row {
        let field: RemoteForm.Field
        let box: Widget
        let control: FieldControl
        let help: String?
        let message: Widget
        let spinner: Widget
        /// The spinner and the message: shown only while there is either.
        let messageLine: Widget
    }

    private let form: RemoteForm
    private let dialog: Dialog
    private let format: SubmittedValues.Format?
    private var rows: [Row] = []
    private var touched: Set<String> = []
    private var submitPressed = false
    private var submit: Widget?
    private let outputs: Widget?
    private let disposeBag = DisposeBag()

    /// `format`: what a Submit prints; nil when attached (Submit goes on, Close ends).
    init(form: RemoteForm, dialog: Dialog, format: SubmittedValues.Format?, header: String?, showsOutputs: Bool) {
        self.form = form
        self.dialog = dialog
        self.format = format
        dialog.addHeader(header)
        FormWindow.installStyles()
        outputs = showsOutputs ? makeLabel("") : nil
        let fields = makeBox(spacing: 12)
        for field in form.layout {
            rows.append(makeRow(field))
            gtk_box_append(fields.c(), rows.last!.box)
        }
        let scrolled = gtk_scrolled_window_new()!
        gtk_scrolled_window_set_child(scrolled.c(), fields)
        gtk_scrolled_window_set_propagate_natural_height(scrolled.c(), 1)
        gtk_scrolled_window_set_max_content_height(scrolled.c(), 640)
        dialog.add(scrolled, expands: true)
        if let outputs {
            gtk_widget_add_css_class(outputs, "dim-label")
            dialog.add(outputs)
        }
        dialog.addButton(format == nil ? "Close" : "Cancel") { [weak self] in self?.cancel() }
        submit = dialog.addButton("Submit", isDefault: true) { [weak self] in self?.pressSubmit() }
        dialog.onCancel = { [weak self] in self?.cancel() }
        daemonChanged()
        form.rx.revision.subscribe(onNext: { [weak self] _ in self?.daemonChanged() },
                                   onError: { [weak self] in self?.dialog.fail($0) })
            .disposed(by: disposeBag)
        if let first = rows.first {
            gtk_widget_grab_focus(first.control.widget)
        }
    }

    private func makeRow(_ field: RemoteForm.Field) -> Row {
        let name = field.name
        let report: (Error) -> Void = { [weak self] error in
            self?.touched.insert(name)
            self?.dialog.say((error as? WidgetsClientError)?.message ?? "\(error)")
        }
        let actions = FieldActions(
            setValue: { [weak self] value in
                guard let self else { return }
                form.rx.setValue(value, for: name).subscribe(onError: report).disposed(by: disposeBag)
            },
            tap: { [weak self] button in
                guard let self else { return }
                form.rx.tap(button).subscribe(onError: report).disposed(by: disposeBag)
            },
            step: { [weak self] up in
                guard let self else { return }
                (up ? form.rx.increment(name) : form.rx.decrement(name)).subscribe(onError: report).disposed(by: disposeBag)
            },
            touched: { [weak self] in
                self?.touched.insert(name)
                self?.dialog.say(nil)
            })
        let control = FieldControls.make(field, actions: actions)
        let labelText = field.label
        let help = field.help
        let label = makeLabel(labelText)
        gtk_widget_add_css_class(label, "heading")
        control.widget.describe(label: labelText, description: help)
        let message = makeLabel("")
        gtk_widget_add_css_class(message, "error")
        let spinner = gtk_spinner_new()!
        let messageLine = makeBox(horizontal: true, spacing: 6, [spinner, message])
        var children = [label, control.container]
        if let help, !help.isEmpty {
            let helpLabel = makeLabel(help)
            gtk_widget_add_css_class(helpLabel, "dim-label")
            children.append(helpLabel)
        }
        children.append(messageLine)
        return Row(field: field, box: makeBox(spacing: 4, children), control: control, help: help, message: message, spinner: spinner, messageLine: messageLine)
    }

    private func daemonChanged() {
        let values = form.values
        let validity = form.validity
        let states = form.fieldStates
        let buttons = form.buttons
        let outputValues = form.outputs
        let layout = Dictionary(form.layout.map { ($0.name, $0) }) { first, _ in first }
        for row in rows {
            let name = row.field.name
            let field = layout[name] ?? row.field
            let state = states[name]
            gtk_widget_set_visible(row.box, state?.visible == false ? 0 : 1)
            gtk_widget_set_sensitive(row.box, state?.enabled == false ? 0 : 1)
            row.control.show(values[name], field: field, buttons: buttons)
            let check = validity[name]
            let pending = check?.reason == .pending
            let showsMessage = check.map { !$0.valid && (format == nil || submitPressed || touched.contains(name) || pending) } ?? false
            let message = showsMessage ? check?.message ?? "" : ""
            gtk_label_set_text(row.message.c(), message)
            gtk_widget_set_visible(row.spinner, pending ? 1 : 0)
            gtk_widget_set_visible(row.messageLine, pending || !message.isEmpty ? 1 : 0)
            pending ? gtk_spinner_start(row.spinner.c()) : gtk_spinner_stop(row.spinner.c())
            row.control.widget.setInvalid(showsMessage && !pending)
            row.control.widget.describe(label: field.label,
                                        description: showsMessage && !message.isEmpty ? message : row.help ?? "")
            if let border = field.border {
                FormWindow.colour(row.control.container, outputValues[border]?.stringValue)
            }
        }
        if let submit {
            gtk_widget_set_sensitive(submit, form.submitEnabled ? 1 : 0)
        }
        if let outputs {
            gtk_label_set_text(outputs.c(), outputValues.keys.sorted().map { "\($0) = \(ValueText.plain(outputValues[$0]!))" }.joined(separator: "\n"))
        }
    }

    private func pressSubmit() {
        submitPressed = true
        daemonChanged()
        form.rx.submit().subscribe(onNext: { [weak self] values in
            guard let self else { return }
            guard let format else { return dialog.say("Submitted.") }
            dialog.finish(.done(SubmittedValues.output(of: values, layout: form.layout, as: format)))
        }, onError: { [weak self] error in
            guard let self else { return }
            if let error = error as? WidgetsClientError, error.name != WidgetsClientError.widgetDestroyedName {
                dialog.say(error.message)
            } else {
                dialog.fail(error)
            }
        }).disposed(by: disposeBag)
    }

    private func cancel() {
        dialog.finish(format == nil ? .done("") : .cancelled)
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
