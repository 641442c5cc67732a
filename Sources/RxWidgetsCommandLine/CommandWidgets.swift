import Glibc
import Localization
import WidgetsAPI
import RxCoreEssentials
import RxWidgetsClient

/// The widgets the commands make, the same whether they are drawn or
/// spoken (accessible mode): transient — unless made a prompt, which
/// outlives the process that asks — named as `--name` says (else after this
/// process), and set up as the command line asks before anyone sees them.
package enum CommandWidgets {
    /// `choose`: a popup picker of `titles`, on `selected`, shown.
    /// `isPrivate`: only this uid and 0 read it (an agent's list of prompts, some of which only this uid may read).
    /// `descriptions`: each title's description (`--description-delimiter`), nil for none.
    package static func choicePicker(_ client: WidgetsClient, named name: String?, titles: [String], descriptions: [String?] = [], selected: String?, prompt: PromptRequest? = nil,
                                     isPrivate: Bool = false) throws -> RemotePicker {
        guard !titles.isEmpty else { throw UsageError(description: "choose needs at least one item") }
        let described = descriptions.contains { $0 != nil }
        let picker = try create(named: name) {
            try client.createPicker($0, items: described ? [] : [titles], popup: true, transient: !(prompt?.outlivesAsker ?? false), prompt: prompt, isPrivate: isPrivate)
        }
        if described {
            // A dictionary's title key titles its row: the titles stay those shown.
            try picker.setModels([CommandInput.models(titles: titles, descriptions: descriptions)])
        }
        if let selected {
            try picker.setSelectedRow(try row(of: selected, in: titles, option: "--selected"), inComponent: 0)
        }
        try picker.show()
        return picker
    }

    /// `choose --limit`/`--no-limit`: a table of `labels` with multiple
    /// selection; of one choice (`multiple` false) for items with descriptions.
    package static func choiceTable(_ client: WidgetsClient, named name: String?, labels: [String], descriptions: [String?] = [], multiple: Bool = true, selected: String?,
                                    prompt: PromptRequest? = nil) throws -> RemoteTable {
        guard !labels.isEmpty else { throw UsageError(description: "choose needs at least one item") }
        let table = try create(named: name) { try described(client, $0, titles: labels, descriptions: descriptions, transient: !(prompt?.outlivesAsker ?? false), prompt: prompt) }
        if multiple {
            try table.setAllowsMultipleSelection(true)
        }
        if let selected {
            try table.selectRow(at: IndexPath(row: try row(of: selected, in: labels, option: "--selected"), section: 0))
        }
        return table
    }

    /// `filter`: a table of `rows`, multiple selection unless `limit` is 1.
    package static func filterTable(_ client: WidgetsClient, named name: String?, rows: [String]?, descriptions: [String?] = [], limit: Int?, prompt: PromptRequest? = nil) throws -> RemoteTable {
        guard rows?.isEmpty != true else { throw UsageError(description: "filter needs at least one item") }
        // Without rows the table starts empty: standard input's lines stream in (`StreamedRows`).
        let table = try create(named: name) { try described(client, $0, titles: rows ?? [], descriptions: descriptions, transient: !(prompt?.outlivesAsker ?? false), prompt: prompt) }
        if limit != 1 {
            try table.setAllowsMultipleSelection(true)
        }
        return table
    }

    /// The daemon's "items: row N …" of a file whose first line was line
    /// `firstLine` of standard input, as "line K of standard input …".
    package static func standardInputLineMessage(_ message: String, firstLine: Int) -> String {
        var text = Substring(message)
        if text.hasPrefix("items: ") {
            text = text.dropFirst("items: ".count)
        }
        guard text.hasPrefix("row "), let end = text.dropFirst(4).firstIndex(where: { !$0.isNumber }), let row = Int(text.dropFirst(4)[..<end]) else {
            return "standard input: " + text
        }
        return "line \(row + firstLine) of standard input" + text[end...]
    }

    /// The daemon's refusal of a line past its string limit, said by the
    /// line of standard input and its length ("line 2 of standard input is
    /// 100,000 characters; the limit is 65,536"), when one of `lines` (the
    /// input's from line `firstLine`) is past the limit the refusal names.
    package static func overlongLineMessage(_ refusal: String, lines: [Substring], firstLine: Int) -> String? {
        guard let range = refusal.firstRange(of: "the limit is "), let limit = Int(refusal[range.upperBound...].prefix { $0.isNumber }),
              let index = lines.firstIndex(where: { $0.unicodeScalars.count > limit }) else { return nil }
        return "line \(firstLine + index) of standard input is \(lines[index].unicodeScalars.count.groupedDigits) characters; the limit is \(limit.groupedDigits)"
    }

    /// Makes a widget of standard input's `lines` with `make`; a line past
    /// the daemon's string limit is refused as a usage error that names it.
    package static func fromStandardInput<W>(_ lines: [String], _ make: () throws -> W) throws -> W {
        do {
            return try make()
        } catch let error as WidgetsClientError where error.name.hasSuffix(".LimitExceeded") {
            guard let message = overlongLineMessage(error.message, lines: lines.map { $0[...] }, firstLine: 1) else { throw error }
            throw UsageError(description: message)
        }
    }

    /// `pick`: a popup picker of `components`, each on its `selected` title, shown.
    package static func picker(_ client: WidgetsClient, named name: String?, components: [[String]], selected: [String?], prompt: PromptRequest? = nil) throws -> RemotePicker {
        let picker = try create(named: name) { try client.createPicker($0, items: components, popup: true, transient: !(prompt?.outlivesAsker ?? false), prompt: prompt) }
        for (component, title) in selected.enumerated() {
            if let title, let row = components[component].firstIndex(of: title) {
                try picker.setSelectedRow(row, inComponent: component)
            }
        }
        try picker.show()
        return picker
    }

    /// A table of `titles`, with descriptions where a title has one.
    private static func described(_ client: WidgetsClient, _ name: String, titles: [String], descriptions: [String?], transient: Bool, prompt: PromptRequest?) throws -> RemoteTable {
        guard descriptions.contains(where: { $0 != nil }) else { return try client.createTable(name, items: titles, transient: transient, prompt: prompt) }
        return try client.createTable(name, models: CommandInput.models(titles: titles, descriptions: descriptions), columns: [], transient: transient, prompt: prompt)
    }

    /// `table`: a table of `rows`, the `selected` ones selected. With
    /// `columns`, each row is a record's fields (`records`), selected by its first field.
    package static func table(_ client: WidgetsClient, named name: String?, rows: [String], records: [[String]] = [], columns: TableColumns? = nil, multiple: Bool, selected: [String],
                              prompt: PromptRequest? = nil) throws -> RemoteTable {
        guard !rows.isEmpty || !records.isEmpty else { throw UsageError(description: "table needs at least one item") }
        let rowsOfSelected = try selected.map { try row(of: $0, in: columns == nil ? rows : records.map { $0.first ?? "" }, option: "--selected") }
        let table = try create(named: name) { name in
            guard let columns else { return try client.createTable(name, items: rows, transient: !(prompt?.outlivesAsker ?? false), prompt: prompt) }
            let models = records.map { DBusValue.array(element: .string, $0.map(DBusValue.string)) }
            return try client.createTable(name, models: models, columns: columns.headers, transient: !(prompt?.outlivesAsker ?? false), prompt: prompt)
        }
        if multiple {
            try table.setAllowsMultipleSelection(true)
        }
        for row in rowsOfSelected {
            try table.selectRow(at: IndexPath(row: row, section: 0))
        }
        return table
    }

    /// `form`: a template or a spec file's form; a spec the daemon refuses is a usage error.
    package static func form(_ client: WidgetsClient, named name: String?, spec: String, prompt: PromptRequest? = nil) throws -> RemoteForm {
        do {
            return try create(named: name) { try personsForm(client, $0, spec: try formSpec(spec), prompt: prompt) }
        } catch let error as WidgetsClientError where error.name == WidgetsErrorName.invalidSpec {
            // The person's spec is wrong, not the daemon: a usage error.
            throw UsageError(description: "\(spec): \(error.message)")
        }
    }

    /// `input` and `write`: a form of one text field named `value`.
    package static func input(_ client: WidgetsClient, named name: String?, _ options: InputOptions, prompt: PromptRequest? = nil) throws -> RemoteForm {
        try create(named: name) { try personsForm(client, $0, spec: inputSpec(options), prompt: prompt) }
    }

    /// A form whose messages the daemon words in this person's language
    /// (`LC_MESSAGES`; the C locale names none). A daemon on a machine
    /// without that locale refuses it: the form is then made in the daemon's
    /// words rather than not at all.
    private static func personsForm(_ client: WidgetsClient, _ name: String, spec: String, prompt: PromptRequest?) throws -> RemoteForm {
        let transient = !(prompt?.outlivesAsker ?? false)
        guard let locale = Language.processMessagesLocale else {
            return try client.createForm(name, spec: spec, transient: transient, prompt: prompt)
        }
        do {
            return try client.createForm(name, spec: spec, transient: transient, prompt: prompt, locale: locale)
        } catch let error as WidgetsClientError where error.name == "org.freedesktop.DBus.Error.InvalidArgs" && error.message.hasPrefix("options 'locale' ") {
            return try client.createForm(name, spec: spec, transient: transient, prompt: prompt)
        }
    }

    /// `confirm`: a popup picker of the two answers, on the default one, shown.
    package static func confirmation(_ client: WidgetsClient, named name: String?, affirmative: String, negative: String, defaultYes: Bool, prompt: PromptRequest? = nil) throws -> RemotePicker {
        let picker = try create(named: name) { try client.createPicker($0, items: [[affirmative, negative]], popup: true, transient: !(prompt?.outlivesAsker ?? false), prompt: prompt) }
        try picker.setSelectedRow(defaultYes ? 0 : 1, inComponent: 0)
        try picker.show()
        return picker
    }

    /// The progress of `progress`: its options as the command gives them,
    /// pulsing from the start with `--pulsate`.
    package static func progress(_ client: WidgetsClient, named name: String?, _ options: ProgressOptions) throws -> RemoteProgress {
        let progress = try create(named: name) {
            try client.createProgress($0, text: options.text, cancellable: options.cancellable, steps: options.steps, transient: true)
        }
        try progress.setValue(options.pulsate ? -1 : options.percentage)
        return progress
    }

    /// `file`'s chooser, transient, on the folder given.
    package static func fileChooser(_ client: WidgetsClient, named name: String?, _ options: FileOptions, prompt: PromptRequest? = nil) throws -> RemoteFileChooser {
        let mode = options.directory ? "folder" : options.saveName == nil ? "open" : "save"
        return try create(named: name) {
            try client.createFileChooser($0, mode: mode, multiple: options.multiple, filters: options.filters.map { ($0.name, $0.patterns) }, folder: options.folder,
                                         suggestedName: options.saveName ?? "", confirmsOverwrite: options.saveName != nil, transient: !(prompt?.outlivesAsker ?? false), prompt: prompt)
        }
    }

    /// `file`'s search over the names of a folder: a transient picker of
    /// `names` (not a popup: nobody chooses in it), named after this process.
    package static func namePicker(_ client: WidgetsClient, names: [String]) throws -> RemotePicker {
        // A folder's names are the person's: no other uid reads them.
        try create(named: nil) { try client.createPicker($0, items: [names], transient: true, isPrivate: true) }
    }

    /// `spin`'s progress: pulsing from the start, titled as the command line says.
    package static func spinner(_ client: WidgetsClient, named name: String?, title: String?, cancellable: Bool) throws -> RemoteProgress {
        let progress = try create(named: name) { try client.createProgress($0, text: title ?? "", cancellable: cancellable, transient: true) }
        try progress.setValue(-1)
        return progress
    }

    /// A widget someone else made, as `attach PATH` finds it.
    package enum Attached {
        case picker(RemotePicker)
        case table(RemoteTable)
        case form(RemoteForm)
        case progress(RemoteProgress)
    }

    /// The widget at `path` (`/org/rxwidgets/Widgets1/KIND/NAME`); a path of no widget's shape is a usage error.
    package static func attached(_ path: String, client: WidgetsClient) throws -> Attached {
        let parts = path.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        let prefix = WidgetsAPI.rootPath.rawValue + "/"
        guard path.hasPrefix(prefix), parts.count == 6 else {
            throw UsageError(description: "\(quoted(path)) is not a widget's path (\(prefix)KIND/NAME, as 'rxwidgets list' shows them)")
        }
        switch parts[4] {
        case "picker": return .picker(try client.picker(parts[5]))
        case "table": return .table(try client.table(parts[5]))
        case "form": return .form(try client.form(parts[5]))
        case "progress": return .progress(try client.progress(parts[5]))
        default: throw UsageError(description: "\(quoted(path)) is not a widget's path: the kinds are picker, table, form and progress")
        }
    }

    /// The row of `item` in `items`; a usage error naming `option` when it is none of them.
    package static func row(of item: String, in items: [String], option: String) throws -> Int {
        guard let row = items.firstIndex(of: item) else {
            throw UsageError(description: "\(option) \(quoted(item)) is not one of the items")
        }
        return row
    }

    /// Makes a transient widget under `name`, or under a name of this
    /// process's own, trying another when one of that name exists.
    private static func create<W>(named name: String?, _ make: (String) throws -> W) throws -> W {
        if let name {
            return try make(name)
        }
        for attempt in 0..<100 {
            let name = "rxwidgets_\(getpid())" + (attempt == 0 ? "" : "_\(attempt)")
            do {
                return try make(name)
            } catch let error as WidgetsClientError where error.name == WidgetsErrorName.exists {
                continue
            }
        }
        throw WidgetsClientError(name: WidgetsErrorName.exists, message: "no free widget name for this process")
    }

    /// `input`'s form: one text field, its rules the daemon's to check.
    private static func inputSpec(_ options: InputOptions) -> String {
        var field = [#""name":"value""#, #""kind":"text""#, #""label":\#(ValueText.string(options.prompt))"#, #""initial":\#(ValueText.string(options.value))"#]
        if let placeholder = options.placeholder {
            field.append(#""placeholder":\#(ValueText.string(placeholder))"#)
        }
        if options.password {
            field.append(#""secret":true"#)
        }
        if options.multiline {
            field.append(#""multiline":true"#)
        }
        var rules: [String] = []
        if let limit = options.charLimit {
            rules.append(#""maxLength":\#(limit)"#)
        }
        if let pattern = options.pattern {
            rules.append(#""pattern":\#(ValueText.string(pattern))"#)
        }
        if !rules.isEmpty {
            field.append(#""rules":{\#(rules.joined(separator: ","))}"#)
        }
        return #"{"fields":[{\#(field.joined(separator: ","))}]}"#
    }

    /// A template's name as it is; a file's contents otherwise.
    private static func formSpec(_ argument: String) throws -> String {
        if Arguments.templates.contains(argument) {
            return argument
        }
        let descriptor = open(argument, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw UsageError(description: "cannot read the form spec \(quoted(argument)): \(String(cString: strerror(errno)))")
        }
        defer { close(descriptor) }
        return String(decoding: CommandInput.readAll(descriptor), as: UTF8.self)
    }
}
