import CGtk
import FrontEndCore
import Localization
import RxWidgetsClient
import RxWidgetsCommandLine

/// The window each command opens, on the widget it makes (the same one
/// `rxwidgets` makes: `CommandWidgets`) or finds (`attach`).
enum Windows {
    /// The dialog and the object that runs it (kept while it is shown).
    /// `question`: with a timeout, the question is a prompt whose deadline the daemon keeps.
    static func open(_ command: Command, client: WidgetsClient, name: String?, window: WindowOptions, question: Question = Question()) throws -> (Dialog, AnyObject) {
        /// A window titled with the question (`--title`, else `--header`, else what the command asks).
        func dialog(_ asking: String, header: String?, height: Int? = nil) -> Dialog {
            Dialog(title: window.title ?? header ?? asking, options: window, height: height)
        }
        /// The prompt the question is when it has a deadline; it goes with this process.
        func prompt(titles: [String] = []) throws -> PromptRequest? {
            try question.timeout.map { _ in try QuestionPrompt.request(command, question, titles: titles, outlivesAsker: false) }
        }
        /// Counts the deadline down in `shown` and ends it when it passes.
        func watched(_ shown: Dialog, _ path: ObjectPath, titles: [String] = [], values: [String] = []) throws -> Dialog {
            if question.timeout != nil {
                shown.deadline = try Deadline(path, client: client, dialog: shown, secret: QuestionPrompt.isSecret(command),
                                              printing: QuestionPrompt.printer(command, at: path, client: client, titles: titles, values: values))
            }
            return shown
        }
        switch command {
        case .choose(let header, let height, let selected, let limit, let index, _, let delimiters, let items) where Command.choosesInTable(limit: limit, delimiters):
            let (labels, descriptions, values) = try CommandInput.described(items ?? CommandInput.standardInputLines(), delimiters)
            let table = try CommandWidgets.choiceTable(client, named: name, labels: labels, descriptions: descriptions, multiple: limit != 1, selected: selected, prompt: prompt(titles: labels))
            let shown = try watched(dialog(tr("Choose items"), header: header, height: height), table.path, titles: labels, values: values)
            return (shown, TableWindow(table: table, dialog: shown, header: header, limit: limit, printsIndexes: index, values: delimiters.label == nil ? nil : values,
                                       searchesDescriptions: delimiters.description != nil))
        case .choose(let header, let height, let selected, _, let index, _, let delimiters, let items):
            let (labels, descriptions, values) = try CommandInput.described(items ?? CommandInput.standardInputLines(), delimiters)
            let picker = try CommandWidgets.choicePicker(client, named: name, titles: labels, descriptions: descriptions, selected: selected, prompt: prompt(titles: labels))
            let shown = try watched(dialog(tr("Choose an item"), header: header, height: height), picker.path, titles: labels, values: values)
            let purpose: PickerModel.Purpose = index ? .chooseIndex : delimiters.label == nil ? .choose : .chooseValue(values)
            return (shown, PickerWindow(picker: picker, dialog: shown, purpose: purpose, header: header))
        case .pick(let components, let selected, let header, let height):
            let picker = try CommandWidgets.picker(client, named: name, components: components, selected: selected, prompt: prompt())
            // TRANSLATORS: the title of a window in which one value is chosen from each of several lists side by side.
            let shown = try watched(dialog(tr("Choose"), header: header, height: height), picker.path)
            return (shown, PickerWindow(picker: picker, dialog: shown, purpose: .pick, header: header))
        case .table(let header, let height, let multiple, let selected, let items, let columns?):
            let records = try CommandInput.records(items, separator: columns.separator)
            let values = records.map(columns.printed)
            let table = try CommandWidgets.table(client, named: name, rows: [], records: records, columns: columns, multiple: multiple, selected: selected, prompt: prompt())
            let shown = try watched(dialog(tr("Choose rows"), header: header, height: height), table.path, values: values)
            return (shown, TableWindow(table: table, dialog: shown, header: header, limit: multiple ? nil : 1, values: values))
        case .table(let header, let height, let multiple, let selected, let items, nil):
            let table = try CommandWidgets.table(client, named: name, rows: try items ?? CommandInput.standardInputLines(), multiple: multiple, selected: selected, prompt: prompt())
            let shown = try watched(dialog(tr("Choose rows"), header: header, height: height), table.path)
            return (shown, TableWindow(table: table, dialog: shown, header: header, limit: multiple ? nil : 1))
        case .form(let spec, let json, let header, let outputs):
            let form = try CommandWidgets.form(client, named: name, spec: spec, prompt: prompt())
            let shown = try watched(dialog(tr("Fill in the form"), header: header), form.path)
            return (shown, FormWindow(form: form, dialog: shown, format: json ? .json : .lines, header: header, showsOutputs: outputs))
        case .input(let options):
            let form = try CommandWidgets.input(client, named: name, options, prompt: prompt())
            let shown = try watched(dialog(options.prompt == ">" ? tr("Enter a value") : options.prompt, header: options.header), form.path)
            return (shown, FormWindow(form: form, dialog: shown, format: .value("value"), header: options.header, showsOutputs: false,
                                      showsLabels: options.prompt != ">"))
        case .confirm(let question, let affirmative, let negative, let defaultYes):
            let picker = try CommandWidgets.confirmation(client, named: name, affirmative: affirmative, negative: negative, defaultYes: defaultYes, prompt: prompt())
            let shown = try watched(dialog(question, header: nil), picker.path)
            return (shown, ConfirmWindow(picker: picker, dialog: shown, prompt: question, affirmative: affirmative, negative: negative, defaultYes: defaultYes))
        case .attach(let path, let height, let outputs):
            let shown = Dialog(title: window.title ?? path, options: window, height: height)
            switch try CommandWidgets.attached(path, client: client) {
            case .picker(let picker):
                return (shown, PickerWindow(picker: picker, dialog: shown, purpose: .attach, header: path))
            case .table(let table):
                return (shown, TableWindow(table: table, dialog: shown, header: path, limit: nil, attached: true))
            case .form(let form):
                return (shown, FormWindow(form: form, dialog: shown, format: nil, header: path, showsOutputs: outputs))
            case .progress(let progress):
                return (shown, ProgressWindow(progress: progress, dialog: shown, options: .shown, readsInput: false))
            }
        case .progress(let options):
            guard isatty(0) == 0 else {
                throw UsageError(description: "progress reads how far the work is from standard input: pipe it in (COMMAND | rxwidgets-gtk progress)")
            }
            let progress = try CommandWidgets.progress(client, named: name, options)
            let shown = dialog(options.title ?? tr("Progress"), header: nil)
            return (shown, ProgressWindow(progress: progress, dialog: shown, options: options, readsInput: true))
        case .file(let options):
            let chooser = try CommandWidgets.fileChooser(client, named: name, options, prompt: prompt())
            let asking: String
            if options.directory {
                asking = tr("Choose a folder")
            } else if options.saveName != nil {
                // TRANSLATORS: the title of the file chooser that asks for the name to save a file under.
                asking = tr("Save as")
            } else {
                asking = options.multiple ? tr("Choose files") : tr("Choose a file")
            }
            let shown = try watched(dialog(asking, header: nil), chooser.path)
            shown.showsWindow = false
            return (shown, FileChooserWindow(chooser: chooser, dialog: shown, title: window.title ?? asking))
        default:
            throw UsageError(description: "\(program) does not show this command; use rxwidgets")
        }
    }
}
