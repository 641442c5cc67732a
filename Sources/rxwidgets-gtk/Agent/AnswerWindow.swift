import FrontEndCore
import RxWidgetsClient
import RxWidgetsCommandLine

/// The window in which a person answers a prompt for the agent: its
/// widget's own window, as `attach` shows it (a picker's lists, a table's
/// rows, a form's controls), under a header that says what is asked and by
/// whom, and ended as the terminal agent's screens end: Done, a choice or
/// Submit is `.done` (the agent then finishes the prompt); Cancel, Escape
/// or closing it is `.cancelled`, and the prompt goes on waiting.
enum AnswerWindow {
    /// Whether the widget at `path` is of a kind an agent answers: a picker, a table or a form.
    static func answers(_ path: ObjectPath) -> Bool {
        guard let kind = WidgetKind.widget(at: path.rawValue)?.kind else { return false }
        return [.picker, .table, .form].contains(kind)
    }

    /// Makes, not yet shown, the window of `prompt`, at `path` (a kind it
    /// `answers`): its dialog and the object that runs it, kept while it is shown.
    static func make(_ path: ObjectPath, prompt: RemotePrompt, client: WidgetsClient, options: WindowOptions) throws -> (Dialog, AnyObject) {
        let header = PromptWords.header(prompt)
        func dialog() -> Dialog {
            Dialog(title: options.title ?? (prompt.title.isEmpty ? path.rawValue : prompt.title), options: options, height: nil)
        }
        switch try CommandWidgets.attached(path.rawValue, client: client) {
        case .picker(let picker):
            let shown = dialog()
            return (shown, PickerWindow(picker: picker, dialog: shown, purpose: picker.numberOfComponents == 1 ? .choose : .pick, header: header))
        case .table(let table):
            let shown = dialog()
            return (shown, TableWindow(table: table, dialog: shown, header: header, limit: table.allowsMultipleSelection ? nil : 1))
        case .form(let form):
            let shown = dialog()
            // One field (input's, write's) is answered as those commands answer it.
            let format: SubmittedValues.Format = form.layout.count == 1 ? .value(form.layout[0].name) : .lines
            return (shown, FormWindow(form: form, dialog: shown, format: format, header: header, showsOutputs: false))
        case .progress:
            throw UsageError(description: "\(path.rawValue): an agent answers pickers, tables and forms")
        }
    }
}
