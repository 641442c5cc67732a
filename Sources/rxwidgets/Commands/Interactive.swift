import Glibc
import RxCoreEssentials
import RxWidgetsClient

/// The commands that ask a person: each makes (or finds) its widget, runs
/// its screen in a session on the terminal, and turns the session's outcome
/// into standard output and an exit status.
enum Interactive {
    static func run(_ command: Command, client: WidgetsClient, terminal: Terminal, name: String? = nil) throws -> Outcome {
        // gum draws inline; here a list of a given height does, the rest take the screen.
        let session = Session(terminal: terminal, inline: command.height != nil)
        switch command {
        case .choose(let header, let height, let selected, let limit, let index, _, let delimiter, let items) where limit != 1:
            let (labels, values) = try labelled(items ?? standardInputLines(), delimiter)
            guard !labels.isEmpty else { throw UsageError(description: "choose needs at least one item") }
            let table = try create(named: name) { try client.createTable($0, items: labels, transient: true) }
            try table.setAllowsMultipleSelection(true)
            if let selected {
                guard let row = labels.firstIndex(of: selected) else {
                    throw UsageError(description: "--selected \(quoted(selected)) is not one of the items")
                }
                try table.selectRow(at: IndexPath(row: row, section: 0))
            }
            return session.run(TableScreen(table: table, session: session, purpose: .choose, header: header, height: height, limit: limit, printsIndexes: index,
                                           values: delimiter == nil ? nil : values))
        case .filter(let header, let height, let limit, let items):
            let rows = try items ?? standardInputLines()
            guard !rows.isEmpty else { throw UsageError(description: "filter needs at least one item") }
            let table = try create(named: name) { try client.createTable($0, items: rows, transient: true) }
            if limit != 1 {
                try table.setAllowsMultipleSelection(true)
            }
            return session.run(TableScreen(table: table, session: session, purpose: .choose, header: header, height: height, limit: limit, fuzzy: true))
        case .choose(let header, let height, let selected, _, let index, let timeout, let delimiter, let items):
            let (titles, values) = try labelled(items ?? standardInputLines(), delimiter)
            guard !titles.isEmpty else { throw UsageError(description: "choose needs at least one item") }
            let picker = try create(named: name) { try client.createPicker($0, items: [titles], popup: true, transient: true) }
            if let selected {
                guard let row = titles.firstIndex(of: selected) else {
                    throw UsageError(description: "--selected \(quoted(selected)) is not one of the items")
                }
                try picker.setSelectedRow(row, inComponent: 0)
            }
            let deadline = try timeout.map { timeout -> PickerModel.Deadline in
                let row = try timeout.defaultItem.map { item -> Int in
                    guard let row = titles.firstIndex(of: item) else {
                        throw UsageError(description: "--default \(quoted(item)) is not one of the items")
                    }
                    return row
                }
                return PickerModel.Deadline(seconds: timeout.seconds, defaultRow: row, defaultTitle: timeout.defaultItem)
            }
            try picker.show()
            let purpose: PickerModel.Purpose = index ? .chooseIndex : delimiter == nil ? .choose : .chooseValue(values)
            return session.run(PickerScreen(picker: picker, session: session, purpose: purpose, header: header, height: height, deadline: deadline))
        case .pick(let components, let selected, let header, let height):
            let picker = try create(named: name) { try client.createPicker($0, items: components, popup: true, transient: true) }
            for (component, title) in selected.enumerated() {
                if let title, let row = components[component].firstIndex(of: title) {
                    try picker.setSelectedRow(row, inComponent: component)
                }
            }
            try picker.show()
            return session.run(PickerScreen(picker: picker, session: session, purpose: .pick, header: header, height: height))
        case .table(let header, let height, let multiple, let selected, let items):
            let rows = try items ?? standardInputLines()
            guard !rows.isEmpty else { throw UsageError(description: "table needs at least one item") }
            let rowsOfSelected = try selected.map { item -> Int in
                guard let row = rows.firstIndex(of: item) else { throw UsageError(description: "--selected \(quoted(item)) is not one of the items") }
                return row
            }
            let table = try create(named: name) { try client.createTable($0, items: rows, transient: true) }
            if multiple {
                try table.setAllowsMultipleSelection(true)
            }
            for row in rowsOfSelected {
                try table.selectRow(at: IndexPath(row: row, section: 0))
            }
            return session.run(TableScreen(table: table, session: session, purpose: .choose, header: header, height: height))
        case .form(let spec, let json, let header, let showsOutputs):
            let form: RemoteForm
            do {
                form = try create(named: name) { try client.createForm($0, spec: try formSpec(spec), transient: true) }
            } catch let error as WidgetsClientError where error.name == WidgetsErrorName.invalidSpec {
                // The person's spec is wrong, not the daemon: a usage error.
                throw UsageError(description: "\(spec): \(error.message)")
            }
            return session.run(FormScreen(form: form, session: session, purpose: json ? .submitJSON : .submit, header: header, showsOutputs: showsOutputs))
        case .input(let options):
            let form = try create(named: name) { try client.createForm($0, spec: inputSpec(options), transient: true) }
            return session.run(FormScreen(form: form, session: session, purpose: .submitValue("value"), header: options.header))
        case .confirm(let prompt, let affirmative, let negative, let defaultYes):
            let picker = try create(named: name) { try client.createPicker($0, items: [[affirmative, negative]], popup: true, transient: true) }
            try picker.setSelectedRow(defaultYes ? 0 : 1, inComponent: 0)
            try picker.show()
            return session.run(PickerScreen(picker: picker, session: session, purpose: .confirm(affirmative: affirmative, negative: negative), header: prompt, height: nil))
        case .attach(let path, let height, let showsOutputs):
            return try attach(path, client: client, session: session, height: height, showsOutputs: showsOutputs)
        default:
            preconditionFailure("\(command) is not interactive")
        }
    }

    /// Makes a transient widget under `name`, or under a name of this
    /// process's own, trying another when one of that name exists.
    static func create<W>(named name: String?, _ make: (String) throws -> W) throws -> W {
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

    private static func attach(_ path: String, client: WidgetsClient, session: Session, height: Int?, showsOutputs: Bool) throws -> Outcome {
        let parts = path.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        let prefix = WidgetsClient.rootPath + "/"
        guard path.hasPrefix(prefix), parts.count == 6 else {
            throw UsageError(description: "\(quoted(path)) is not a widget's path (\(prefix)KIND/NAME, as 'rxwidgets list' shows them)")
        }
        switch parts[4] {
        case "picker":
            let picker = try client.picker(parts[5])
            return session.run(PickerScreen(picker: picker, session: session, purpose: .attach, header: path, height: height))
        case "table":
            let table = try client.table(parts[5])
            return session.run(TableScreen(table: table, session: session, purpose: .attach, header: path, height: height))
        case "form":
            let form = try client.form(parts[5])
            return session.run(FormScreen(form: form, session: session, purpose: .attach, header: path, showsOutputs: showsOutputs))
        default:
            throw UsageError(description: "\(quoted(path)) is not a widget's path: the kinds are picker, table and form")
        }
    }

    /// Items as labels and values: split at the first `delimiter` (an item
    /// without it is both); without a delimiter, the items twice.
    static func labelled(_ items: [String], _ delimiter: String?) throws -> (labels: [String], values: [String]) {
        guard let delimiter else { return (items, items) }
        let pairs = items.map { item -> (String, String) in
            guard let range = item.firstRange(of: delimiter) else { return (item, item) }
            return (String(item[..<range.lowerBound]), String(item[range.upperBound...]))
        }
        return (pairs.map { $0.0 }, pairs.map { $0.1 })
    }

    /// `input`'s form: one text field, its rules the daemon's to check.
    static func inputSpec(_ options: InputOptions) -> String {
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
        return String(decoding: readAll(descriptor), as: UTF8.self)
    }

    /// Standard input's lines, when it is not a terminal.
    static func standardInputLines() throws -> [String] {
        guard isatty(0) == 0 else {
            throw UsageError(description: "no items: give them as arguments, or one a line on standard input")
        }
        var lines = String(decoding: readAll(0), as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" {
            lines.removeLast()
        }
        return lines
    }

    private static func readAll(_ descriptor: Int32) -> [UInt8] {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = read(descriptor, &buffer, buffer.count)
            if count < 0 && errno == EINTR { continue }
            if count <= 0 { break }
            bytes += buffer[..<count]
        }
        return bytes
    }
}
