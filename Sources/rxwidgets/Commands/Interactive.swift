import FrontEndCore
import Glibc
import RxCoreEssentials
import RxWidgetsClient
import RxWidgetsCommandLine

/// The commands that ask a person: each makes (or finds) its widget, runs
/// its screen in a session on the terminal, and turns the session's outcome
/// into standard output and an exit status.
enum Interactive {
    /// `question`: the prompt's words and its deadline, which the daemon keeps.
    static func run(_ command: Command, client: WidgetsClient, terminal: Terminal, name: String? = nil, keep: String? = nil, question: Question = Question(),
                    mouse: Bool = true) throws -> Outcome {
        // gum draws inline; here a list of a given height does, the rest take the screen.
        let session = Session(terminal: terminal, inline: command.height != nil, mouse: mouse)
        // `--keep NAME`: the kept prompt still waiting is resumed, else made.
        let resumed = Kept.waiting(command, keep: keep, client: client)
        let asksPrompt = keep != nil || question.timeout != nil
        /// The prompt the question is, kept or with a deadline (`titles`: choose's items).
        func prompt(titles: [String] = []) throws -> PromptRequest? {
            try asksPrompt ? QuestionPrompt.request(command, question, titles: titles, outlivesAsker: keep != nil) : nil
        }
        let name = keep ?? name
        func shown(_ path: ObjectPath, titles: [String] = [], values: [String] = [], _ show: () -> Outcome) throws -> Outcome {
            guard asksPrompt else { return show() }
            return try Kept.showing(path, client: client, session: session, secret: QuestionPrompt.isSecret(command),
                                    printing: QuestionPrompt.printer(command, at: path, client: client, titles: titles, values: values), show)
        }
        func resumedName() -> String {
            resumed?.lastComponent ?? ""
        }
        switch command {
        case .choose(let header, let height, let selected, let limit, let index, _, let delimiters, let items) where Command.choosesInTable(limit: limit, delimiters):
            let lines = try items ?? CommandInput.standardInputLines()
            let (labels, descriptions, values) = try CommandInput.described(lines, delimiters)
            let table = try resumed == nil
                ? CommandWidgets.fromStandardInput(items == nil ? lines : []) {
                    try CommandWidgets.choiceTable(client, named: name, labels: labels, descriptions: descriptions, multiple: limit != 1, selected: selected, prompt: prompt(titles: labels))
                }
                : client.table(resumedName())
            return try shown(table.path, titles: labels, values: values) {
                session.run(ProgramScreen(table: table, session: session, purpose: .choose, header: header, height: height, limit: limit, printsIndexes: index,
                                          values: delimiters.label == nil ? nil : values, searchesDescriptions: delimiters.description != nil))
            }
        case .filter(let header, let height, let limit, let delimiters, let items) where !delimiters.isEmpty:
            // Items split into parts are read whole: each line's parts are known before it is shown.
            let (titles, descriptions, values) = try CommandInput.described(items ?? CommandInput.standardInputLines(), delimiters)
            let table = try resumed == nil
                ? CommandWidgets.filterTable(client, named: name, rows: titles, descriptions: descriptions, limit: limit, prompt: prompt())
                : client.table(resumedName())
            return try shown(table.path, titles: titles, values: values) {
                session.run(ProgramScreen(table: table, session: session, purpose: .choose, header: header, height: height, limit: limit, fuzzy: true,
                                          values: delimiters.label == nil ? nil : values, searchesDescriptions: delimiters.description != nil))
            }
        case .filter(let header, let height, let limit, _, let items):
            guard items != nil || isatty(0) == 0 else {
                throw UsageError(description: "no items: give them as arguments, or one a line on standard input")
            }
            let table = try resumed == nil ? CommandWidgets.filterTable(client, named: name, rows: items, limit: limit, prompt: prompt()) : client.table(resumedName())
            // Standard input's lines come in while the screen is up, as fzf's do (a resumed filter has them).
            let streamed = items == nil && resumed == nil ? StreamedRows(into: table, failed: { session.fail($0) }) : nil
            return try withExtendedLifetime(streamed) {
                try shown(table.path) {
                    session.run(ProgramScreen(table: table, session: session, purpose: .choose, header: header, height: height, limit: limit, fuzzy: true))
                }
            }
        case .choose(let header, let height, let selected, _, let index, _, let delimiters, let items):
            let (titles, descriptions, values) = try CommandInput.described(items ?? CommandInput.standardInputLines(), delimiters)
            let picker = try resumed == nil
                ? CommandWidgets.fromStandardInput(items == nil ? titles : []) {
                    try CommandWidgets.choicePicker(client, named: name, titles: titles, descriptions: descriptions, selected: selected, prompt: prompt(titles: titles))
                }
                : client.picker(resumedName())
            let purpose: PickerModel.Purpose = index ? .chooseIndex : delimiters.label == nil ? .choose : .chooseValue(values)
            return try shown(picker.path, titles: titles, values: values) {
                session.run(ProgramScreen(picker: picker, session: session, purpose: purpose, header: header, height: height))
            }
        case .pick(let components, let selected, let header, let height):
            let picker = try resumed == nil ? CommandWidgets.picker(client, named: name, components: components, selected: selected, prompt: prompt()) : client.picker(resumedName())
            return try shown(picker.path) { session.run(ProgramScreen(picker: picker, session: session, purpose: .pick, header: header, height: height)) }
        case .table(let header, let height, let multiple, let selected, let items, let columns?):
            let records = try CommandInput.records(items, separator: columns.separator)
            let values = records.map(columns.printed)
            let table = try resumed == nil
                ? CommandWidgets.table(client, named: name, rows: [], records: records, columns: columns, multiple: multiple, selected: selected, prompt: prompt())
                : client.table(resumedName())
            return try shown(table.path, values: values) {
                session.run(ProgramScreen(table: table, session: session, purpose: .choose, header: header, height: height, values: values))
            }
        case .table(let header, let height, let multiple, let selected, let items, nil):
            let rows = try items ?? CommandInput.standardInputLines()
            let table = try resumed == nil
                ? CommandWidgets.fromStandardInput(items == nil ? rows : []) {
                    try CommandWidgets.table(client, named: name, rows: rows, multiple: multiple, selected: selected, prompt: prompt())
                }
                : client.table(resumedName())
            return try shown(table.path) { session.run(ProgramScreen(table: table, session: session, purpose: .choose, header: header, height: height)) }
        case .form(let spec, let json, let header, let showsOutputs):
            let form = try resumed == nil ? CommandWidgets.form(client, named: name, spec: spec, prompt: prompt()) : client.form(resumedName())
            return try shown(form.path) { session.run(ProgramScreen(form: form, session: session, purpose: json ? .submitJSON : .submit, header: header, showsOutputs: showsOutputs)) }
        case .input(let options):
            let form = try resumed == nil ? CommandWidgets.input(client, named: name, options, prompt: prompt()) : client.form(resumedName())
            return try shown(form.path) { session.run(ProgramScreen(form: form, session: session, purpose: .submitValue("value"), header: options.header)) }
        case .confirm(let question, let affirmative, let negative, let defaultYes):
            let picker = try resumed == nil
                ? CommandWidgets.confirmation(client, named: name, affirmative: affirmative, negative: negative, defaultYes: defaultYes, prompt: prompt())
                : client.picker(resumedName())
            return try shown(picker.path) {
                session.run(ProgramScreen(picker: picker, session: session, purpose: .confirm(affirmative: affirmative, negative: negative), header: question, height: nil))
            }
        case .progress(let options):
            guard isatty(0) == 0 else {
                throw UsageError(description: "progress reads how far the work is from standard input: pipe it in (COMMAND | rxwidgets progress)")
            }
            let progress = try CommandWidgets.progress(client, named: name, options)
            return session.run(ProgressScreen(progress: progress, session: session, options: options))
        case .file(let options):
            let chooser = try resumed == nil ? CommandWidgets.fileChooser(client, named: name, options, prompt: prompt()) : client.fileChooser(resumedName())
            let mode: FileModel.Mode = options.directory ? .folder : options.saveName.map { .save(name: $0) } ?? .open(multiple: options.multiple)
            let browser = FileScreen(chooser: chooser, session: session, mode: mode)
            defer { browser.end() }
            return try shown(chooser.path) { session.run(ProgramScreen(browser: browser, session: session)) }
        case .spin(let title, let showsOutput, let cancellable, let words):
            let progress = try CommandWidgets.spinner(client, named: name, title: title, cancellable: cancellable)
            let running = try ProcessGroup(words, showsOutput: showsOutput)
            let outcome = session.run(SpinScreen(progress: progress, session: session, options: .pulsing, command: running))
            // Ctrl-C, a signal, the daemon gone: the command's group goes with the front end.
            running.end()
            return outcome
        case .attach(let path, let height, let showsOutputs):
            return try attach(path, client: client, session: session, height: height, showsOutputs: showsOutputs)
        case .agent(let watch):
            return try Agent.run(client: client, terminal: terminal, watch: watch)
        default:
            preconditionFailure("\(command) is not interactive")
        }
    }

    private static func attach(_ path: String, client: WidgetsClient, session: Session, height: Int?, showsOutputs: Bool) throws -> Outcome {
        switch try CommandWidgets.attached(path, client: client) {
        case .picker(let picker):
            return session.run(ProgramScreen(picker: picker, session: session, purpose: .attach, header: path, height: height))
        case .table(let table):
            return session.run(ProgramScreen(table: table, session: session, purpose: .attach, header: path, height: height))
        case .form(let form):
            return session.run(ProgramScreen(form: form, session: session, purpose: .attach, header: path, showsOutputs: showsOutputs))
        case .progress(let progress):
            // Another process drives it; Esc here is a person's Cancel, which reaches that process.
            return session.run(ProgressScreen(progress: progress, session: session, options: .shown, readsInput: false))
        }
    }
}
