import FrontEndCore
import CLinux
import Glibc
import DBus
import Localization
import RxCoreEssentials
import RxWidgetsClient
import RxWidgetsCommandLine
import WidgetsAPI

/// Questions that outlive the process asking them (API "Prompt"): asked
/// without a terminal or with `--no-wait`, answered by `rxwidgets answer`
/// or any front end, collected by the asker or by `rxwidgets result`.
enum Prompts {
    /// The commands that can ask without a terminal: those whose question can be a prompt.
    static func canAskHeadless(_ command: Command) -> Bool {
        Kept.kind(of: command) != nil
    }

    /// Asks `command` as a prompt: says on standard error where it waits,
    /// then waits for the answer and prints it as the command would have
    /// (with `noWait`, prints the prompt's path instead). The widget is
    /// destroyed once its answer is taken.
    static func ask(_ command: Command, client: WidgetsClient, name: String?, keep: String?, question: Question, noWait: Bool) throws -> Outcome {
        let (path, title, output) = try make(command, client: client, name: keep ?? name, question: question, resuming: Kept.waiting(command, keep: keep, client: client))
        guard !noWait else { return .done(path.rawValue + "\n") }
        // TRANSLATORS: {0} is the question, in quotes, {1} the prompt's path; the command in quotes stays as it is.
        Output.error("rxwidgets: " + tr("waiting for an answer to \"{0}\" at {1} — answer it with 'rxwidgets answer {1} …'", quoted(title, quote: nil), path.rawValue) + "\n")
        let prompt = try client.prompt(at: path)
        // SIGTERM, SIGHUP or Ctrl-C end the wait; the prompt stays for 'rxwidgets result'.
        var signalled: Int32?
        let signals = Signals.descriptor.map { descriptor in
            MainLoop.shared.addSource(fd: descriptor, events: Int16(POLLIN)) { _ in
                let signal = clinux_read_signal(descriptor)
                if signal != SIGWINCH { signalled = signal }
            }
        }
        defer { signals?.dispose() }
        guard let (state, answer) = try prompt.waitUntilFinished(while: { signalled == nil }) else {
            // TRANSLATORS: {0} is a prompt's path; the command in quotes stays as it is.
            Output.error("rxwidgets: " + tr("{0} still waits; 'rxwidgets result {0}' prints its answer", path.rawValue) + "\n")
            // TRANSLATORS: {0} is a prompt's path.
            return signalled.map { .signalled($0) } ?? .failed(tr("{0} was not answered", path.rawValue))
        }
        // Printed before the widget goes: a table's answer names rows whose texts are read from it.
        let printed: Outcome
        switch state {
        case .answered: printed = output(answer)
        case .timedOut: printed = output(answer).timedOut
        case .cancelled, .waiting: printed = .cancelled
        }
        _ = try? client.callManager(ManagerContract.destroy, path)
        return printed
    }

    /// Makes the command's widget as a prompt (or takes up the kept one at
    /// `resuming`): its path, its question and how an answer is printed.
    private static func make(_ command: Command, client: WidgetsClient, name: String?, question: Question, resuming: ObjectPath?) throws -> (ObjectPath, String, (DBusValue) -> Outcome) {
        var (titles, values): ([String], [String]) = ([], [])
        let path: ObjectPath
        switch command {
        case .choose(_, _, let selected, let limit, _, _, let delimiters, let items) where Command.choosesInTable(limit: limit, delimiters):
            let descriptions: [String?]
            (titles, descriptions, values) = try CommandInput.described(items ?? CommandInput.standardInputLines(), delimiters)
            path = try resuming ?? CommandWidgets.choiceTable(client, named: name, labels: titles, descriptions: descriptions, multiple: limit != 1, selected: selected,
                                                              prompt: QuestionPrompt.request(command, question, titles: titles)).path
        case .table(_, _, let multiple, let selected, let items, let columns?):
            let records = try CommandInput.records(items, separator: columns.separator)
            values = records.map(columns.printed)
            path = try resuming ?? CommandWidgets.table(client, named: name, rows: [], records: records, columns: columns, multiple: multiple, selected: selected,
                                                        prompt: QuestionPrompt.request(command, question)).path
        case .table(_, _, let multiple, let selected, let items, nil):
            let rows = try items ?? CommandInput.standardInputLines()
            path = try resuming ?? CommandWidgets.table(client, named: name, rows: rows, multiple: multiple, selected: selected, prompt: QuestionPrompt.request(command, question)).path
        case .filter(_, _, let limit, let delimiters, let items):
            let descriptions: [String?]
            (titles, descriptions, values) = try CommandInput.described(items ?? CommandInput.standardInputLines(), delimiters)
            if delimiters.label == nil {
                values = []
            }
            path = try resuming ?? CommandWidgets.filterTable(client, named: name, rows: titles, descriptions: descriptions, limit: limit,
                                                              prompt: QuestionPrompt.request(command, question)).path
        case .choose(_, _, let selected, _, _, _, let delimiters, let items):
            let descriptions: [String?]
            (titles, descriptions, values) = try CommandInput.described(items ?? CommandInput.standardInputLines(), delimiters)
            // --timeout is the daemon's deadline: any front end shows it, and it passes without this process.
            let request = try QuestionPrompt.request(command, question, titles: titles)
            path = try resuming ?? CommandWidgets.choicePicker(client, named: name, titles: titles, descriptions: descriptions, selected: selected, prompt: request).path
        case .pick(let components, let selected, _, _):
            path = try resuming ?? CommandWidgets.picker(client, named: name, components: components, selected: selected, prompt: QuestionPrompt.request(command, question)).path
        case .confirm(_, let affirmative, let negative, let defaultYes):
            path = try resuming ?? CommandWidgets.confirmation(client, named: name, affirmative: affirmative, negative: negative, defaultYes: defaultYes,
                                                               prompt: QuestionPrompt.request(command, question)).path
        case .input(let options):
            path = try resuming ?? CommandWidgets.input(client, named: name, options, prompt: QuestionPrompt.request(command, question)).path
        case .form(let spec, _, _, _):
            path = try resuming ?? CommandWidgets.form(client, named: name, spec: spec, prompt: QuestionPrompt.request(command, question)).path
        case .file(let options):
            path = try resuming ?? CommandWidgets.fileChooser(client, named: name, options, prompt: QuestionPrompt.request(command, question)).path
        default:
            throw UsageError(description: "this command cannot ask without a terminal")
        }
        return (path, question.title ?? QuestionPrompt.title(of: command), try QuestionPrompt.printer(command, at: path, client: client, titles: titles, values: values))
    }

    // MARK: result

    /// `result`: waits for the prompt's answer and prints it by its widget's kind.
    static func result(_ target: String, json: Bool, client: WidgetsClient) throws -> Outcome {
        let path = try find(target, client: client, waitingOnly: false)
        guard let (state, answer) = try client.prompt(at: path).waitUntilFinished() else {
            return .failed(tr("{0} was not answered", path.rawValue))
        }
        let printed: Outcome
        switch WidgetKind.widget(at: path.rawValue)?.kind {
        case .table?:
            let table = try client.table(path.lastComponent)
            let rows = try (answer.arrayElements ?? []).map { try IndexPath(dbusValue: $0) }.map { try table.cells(section: $0.section, first: $0.row, count: 1).first?.text ?? "" }
            printed = .done(rows.map { $0 + "\n" }.joined())
        case .form?:
            let form = try client.form(path.lastComponent)
            printed = .done(SubmittedValues.output(of: QuestionPrompt.dictionary(answer), layout: form.layout, as: json ? .json : .lines))
        case .file?:
            printed = .done(QuestionPrompt.texts(answer).map { $0 + "\n" }.joined())
        default:
            printed = .done((answer.stringValue ?? QuestionPrompt.texts(answer).joined(separator: "\t")) + "\n")
        }
        switch state {
        case .answered: return printed
        case .timedOut: return printed.timedOut
        case .cancelled, .waiting: return .cancelled
        }
    }

    // MARK: answer

    /// `answer`: sets the widget as `values` say, as a person would, then
    /// finishes its prompt. The daemon judges every value.
    static func answer(_ target: String, values: [String], client: WidgetsClient) throws -> Outcome {
        let path = try find(target, client: client, waitingOnly: true)
        try set(path, to: values, client: client)
        if case .form? = WidgetKind.widget(at: path.rawValue)?.kind {
            // A form of pages is finished on its last page, as a person
            // reaches it: Next through each page, judged as it is left.
            let form = try client.form(path.lastComponent)
            while !FormSnapshot(form).isOnLastPage {
                try form.nextPage()
            }
        }
        try client.prompt(at: path).finish()
        return .done("")
    }

    /// Sets the widget at `path` as a person would: a picker's titles (one
    /// per component), a table's rows by title, a form's FIELD=VALUE.
    static func set(_ path: ObjectPath, to values: [String], client: WidgetsClient) throws {
        switch WidgetKind.widget(at: path.rawValue)?.kind {
        case .picker?:
            let picker = try client.picker(path.lastComponent)
            guard values.count == picker.numberOfComponents else {
                throw UsageError(description: "\(path.rawValue) has \(picker.numberOfComponents) components; give one title for each, not \(values.count)")
            }
            for (component, title) in values.enumerated() {
                let titles = try picker.titles(component: component, first: 0, count: picker.rowCounts[component])
                if picker.isPopup, titles.count == 2, !titles.contains(where: { $0.lowercased() == title.lowercased() }) {
                    // A confirmation asked in another language: yes and no name its two answers.
                    guard let yes = YesOrNo.read(title) else {
                        throw UsageError(description: "\(quoted(title)) is neither one of the titles of \(path.rawValue), \(titles.map { quoted($0) }.joined(separator: " or ")), nor yes or no (y, n), which name them in that order")
                    }
                    try picker.setSelectedRow(yes ? 0 : 1, inComponent: component)
                    continue
                }
                try picker.setSelectedRow(try row(of: title, in: titles, path: path), inComponent: component)
            }
        case .table?:
            let table = try client.table(path.lastComponent)
            let rows = try table.cells(section: 0, first: 0, count: table.rowCounts.first ?? 0).map(\.text)
            // Exactly the rows given: an earlier selection does not stay beside them.
            let chosen = try values.map { IndexPath(row: try row(of: $0, in: rows, path: path), section: 0) }
            for selected in table.indexPathsForSelectedRows where !chosen.contains(selected) {
                try table.deselectRow(at: selected)
            }
            for indexPath in chosen where !table.indexPathsForSelectedRows.contains(indexPath) {
                try table.selectRow(at: indexPath)
            }
        case .form?:
            let form = try client.form(path.lastComponent)
            // Every assignment is read before any is sent, and all are sent
            // in one SetValues: a wrong one changes nothing.
            var assigned: [(field: String, value: DBusValue)] = []
            // A file field of several files takes FIELD=PATH once per file.
            var files: [(field: RemoteForm.Field, paths: [String])] = []
            var items: [(array: String, count: Int)] = []
            for assignment in values {
                guard let equals = assignment.firstIndex(of: "=") else {
                    throw UsageError(description: "\(quoted(assignment)) is not FIELD=VALUE")
                }
                let name = String(assignment[..<equals])
                let field = try formField(name, of: form, path: path)
                if let fieldPath = FieldPath(name), let index = fieldPath.item?.index {
                    items.append((fieldPath.field, index + 1))
                }
                let text = String(assignment[assignment.index(after: equals)...])
                if field.kind == .file {
                    let absolute = [FolderListing.absolute(text)].filter { !$0.isEmpty }
                    if let index = files.firstIndex(where: { $0.field.name == name }) {
                        files[index].paths += absolute
                    } else {
                        files.append((field, absolute))
                    }
                    continue
                }
                assigned.append((name, try value(text, of: field.kind, field: name)))
            }
            for (field, paths) in files {
                if !field.chooser.isMultiple, paths.count > 1 {
                    throw UsageError(description: "\(field.name) chooses one \(FileFieldComponent.noun(field)); \(paths.count) were given")
                }
                assigned.append((field.name, FileFieldComponent.value(paths, for: field)))
            }
            // An item's field needs its item: the array is given the items up to it, as a person adds them.
            for (array, count) in items {
                while (form.values[array]?.arrayElements?.count ?? 0) < count {
                    try form.addItem(to: array)
                }
            }
            try form.setValues(assigned)
        case .file?:
            // Paths as the person would type them, absolute from here; the daemon checks them.
            try client.fileChooser(path.lastComponent).select(values.map(FolderListing.absolute))
        default:
            throw UsageError(description: "\(path.rawValue) is not a picker, table, form or file chooser: nothing to set it with")
        }
    }

    /// The field `name` names in `form`: a field of its layout, or an item
    /// field by its path (`addresses[1].city`).
    private static func formField(_ name: String, of form: RemoteForm, path: ObjectPath) throws -> RemoteForm.Field {
        if let fieldPath = FieldPath(name), let (_, itemName) = fieldPath.item,
           let array = form.layout.first(where: { $0.name == fieldPath.field && $0.kind == .array }),
           var item = array.item.first(where: { $0.name == itemName }) {
            item.name = name
            return item
        }
        guard let field = form.layout.first(where: { $0.name == name }) else {
            throw UsageError(description: "\(path.rawValue) has no field \(quoted(name)); its fields are \(form.layout.map(\.name).joined(separator: ", "))")
        }
        return field
    }

    /// `answer --file`: answers each prompt the file's JSON object names, in
    /// its order; the ones that cannot be answered are said on standard
    /// error, and the rest are still answered (exit status 3 then).
    static func answerFile(_ file: String, client: WidgetsClient) throws -> Outcome {
        let descriptor = open(file, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw UsageError(description: "cannot read the answers \(quoted(file)): \(String(cString: strerror(errno)))")
        }
        let text = String(decoding: CommandInput.readAll(descriptor), as: UTF8.self)
        close(descriptor)
        let entries: [(key: String, value: JSONValue)]
        do {
            guard case .object(let object) = try JSONValue.parse(text) else {
                throw UsageError(description: "\(file): expected a JSON object of prompts and their answers")
            }
            entries = object
        } catch let error as JSONSyntaxError {
            throw UsageError(description: "\(file): \(error)")
        }
        var failed: [String] = []
        for (target, answer) in entries {
            do {
                _ = try self.answer(target, values: try values(of: answer, for: target), client: client)
            } catch {
                failed.append("\(target): \(error)")
            }
        }
        guard failed.isEmpty else {
            // TRANSLATORS: {0} is how many prompts of the answers file were not answered, {1} how many it names; each one's reason follows, a line each.
            return .failed(tr(one: "{0} of {1} prompts not answered:", other: "{0} of {1} prompts not answered:", count: entries.count, failed.count, entries.count) + "\n  " + failed.joined(separator: "\n  "))
        }
        return .done("")
    }

    /// A file's answer as the command line gives it: titles, or FIELD=VALUE words.
    private static func values(of answer: JSONValue, for target: String) throws -> [String] {
        func text(_ value: JSONValue) throws -> String {
            switch value {
            case .string(let string): return string
            case .number(let number): return JSONValue.format(number)
            case .bool(let flag): return flag ? "yes" : "no"
            default: throw UsageError(description: "\(target): expected a title, a list of titles or an object of fields, not \(value.kindDescription)")
            }
        }
        switch answer {
        case .array(let titles): return try titles.map(text)
        case .object(let fields): return try fields.map { "\($0.key)=\(try text($0.value))" }
        default: return [try text(answer)]
        }
    }

    /// A form value from its text, by the field's kind: the daemon checks it.
    private static func value(_ text: String, of kind: FieldKind, field: String) throws -> DBusValue {
        switch kind {
        case .switch:
            switch text.lowercased() {
            case "yes", "y", "true", "on", "1": return .boolean(true)
            case "no", "n", "false", "off", "0": return .boolean(false)
            default: throw UsageError(description: "\(field)=\(quoted(text)): a switch is yes or no")
            }
        case .slider, .stepper:
            guard let number = Double(text), number.isFinite else {
                throw UsageError(description: "\(field)=\(quoted(text)) is not a number")
            }
            return .double(number)
        default:
            return .string(text)
        }
    }

    /// The row titled `title`: exactly, else ignoring case (confirm's `yes` for "Yes").
    private static func row(of title: String, in titles: [String], path: ObjectPath) throws -> Int {
        if let row = titles.firstIndex(of: title) ?? titles.firstIndex(where: { $0.lowercased() == title.lowercased() }) {
            return row
        }
        throw UsageError(description: "\(quoted(title)) is not one of the titles of \(path.rawValue): \(titles.prefix(10).map { quoted($0) }.joined(separator: ", "))\(titles.count > 10 ? ", …" : "")")
    }

    // MARK: Finding

    /// The prompt `target` names: a widget's path, or a name one widget
    /// with a prompt has (a waiting one, with `waitingOnly`).
    static func find(_ target: String, client: WidgetsClient, waitingOnly: Bool) throws -> ObjectPath {
        if target.hasPrefix("/") {
            guard let path = ObjectPath(target), WidgetKind.widget(at: target) != nil else {
                throw UsageError(description: "\(quoted(target)) is not a widget's path (\(WidgetsAPI.rootPath.rawValue)/KIND/NAME)")
            }
            return path
        }
        let candidates = try (waitingOnly ? client.waitingPrompts() : client.widgetPaths()).filter { $0.lastComponent == target }
        guard candidates.count == 1, let path = candidates.first else {
            throw UsageError(description: candidates.isEmpty
                ? "no \(waitingOnly ? "waiting prompt" : "widget") is named \(quoted(target)) (rxwidgets list shows them)"
                : "\(candidates.count) widgets are named \(quoted(target)); give the path: \(candidates.map(\.rawValue).joined(separator: ", "))")
        }
        return path
    }
}
