import FrontEndCore
import Localization
import RxCoreEssentials
import RxWidgetsClient
import RxWidgetsCommandLine

/// Accessible mode (`--accessible`, or `RXWIDGETS_ACCESSIBLE=1`), as huh's:
/// no redrawing, no cursor movement, no raw keys — numbered choices and
/// plain prompts written once and answered a line at a time on the
/// terminal, so a screen reader follows every word. The widgets are the
/// daemon's as in the drawn interface (`CommandWidgets`: others can
/// `attach`); each answer is the same call a key would make, and a refused
/// one is said and asked again. End of input (Ctrl-D) cancels.
enum Accessible {
    /// The commands it speaks: all that ask a person, but `attach`, which
    /// follows another's changes as they come and so must redraw.
    static let commands: Set<String> = ["choose", "confirm", "filter", "form", "input", "pick", "table", "write"]

    static func run(_ command: Command, client: WidgetsClient, terminal: Terminal, name: String?) throws -> Outcome {
        let tty = Prompter(terminal.descriptor)
        switch command {
        case .choose(let header, _, let selected, let limit, let index, _, let delimiters, let items) where !Command.choosesInTable(limit: limit, delimiters):
            let (labels, descriptions, values) = try CommandInput.described(items ?? CommandInput.standardInputLines(), delimiters)
            let picker = try CommandWidgets.choicePicker(client, named: name, titles: labels, descriptions: descriptions, selected: selected)
            tty.say(header)
            guard let row = tty.chooseOne(labels, current: max(picker.selectedRows.first ?? 0, 0)) else { return .cancelled }
            try picker.selectRow(row, inComponent: 0)
            var chosen: (index: Int, title: String)?
            let watch = picker.rx.selectedItem.subscribe(onNext: { chosen = ($0.index, $0.title) })
            defer { watch.dispose() }
            // SelectedItem is sent before Done's reply.
            try picker.done()
            // English on purpose: a daemon breaking the contract, for whoever debugs it.
            guard let chosen else { return .failed("the picker answered Done without SelectedItem") }
            tty.say(chosenWords([labels[chosen.index]]))
            return .done((index ? "\(chosen.index)" : delimiters.label == nil ? chosen.title : values[chosen.index]) + "\n")
        case .choose(let header, _, let selected, let limit, let index, _, let delimiters, let items):
            let (labels, descriptions, values) = try CommandInput.described(items ?? CommandInput.standardInputLines(), delimiters)
            let table = try CommandWidgets.choiceTable(client, named: name, labels: labels, descriptions: descriptions, multiple: limit != 1, selected: selected)
            tty.say(header)
            return try chooseRows(of: table, titles: spoken(labels, descriptions), limit: limit, tty: tty) { row in
                index ? "\(row)" : delimiters.label == nil ? labels[row] : values[row]
            }
        case .filter(let header, _, let limit, let delimiters, let items):
            let (titles, descriptions, values) = try CommandInput.described(items ?? CommandInput.standardInputLines(), delimiters)
            let table = try CommandWidgets.filterTable(client, named: name, rows: titles, descriptions: descriptions, limit: limit)
            tty.say(header)
            return try chooseRows(of: table, titles: spoken(titles, descriptions), limit: limit, fuzzy: true, tty: tty) { values[$0] }
        case .table(let header, _, let multiple, let selected, let items, let columns?):
            let records = try CommandInput.records(items, separator: columns.separator)
            let table = try CommandWidgets.table(client, named: name, rows: [], records: records, columns: columns, multiple: multiple, selected: selected)
            tty.say(header)
            // Each row spoken as its columns named: "Name: notes.txt, Size: 12".
            let spokenRows = records.map { fields in zip(columns.headers, fields).map { "\($0): \($1)" }.joined(separator: ", ") }
            return try chooseRows(of: table, titles: spokenRows, limit: multiple ? nil : 1, tty: tty) { columns.printed(records[$0]) }
        case .table(let header, _, let multiple, let selected, let items, nil):
            let rows = try items ?? CommandInput.standardInputLines()
            let table = try CommandWidgets.table(client, named: name, rows: rows, multiple: multiple, selected: selected)
            tty.say(header)
            return try chooseRows(of: table, titles: rows, limit: multiple ? nil : 1, tty: tty) { rows[$0] }
        case .pick(let components, let selected, let header, _):
            let picker = try CommandWidgets.picker(client, named: name, components: components, selected: selected)
            tty.say(header)
            for (component, titles) in components.enumerated() {
                if components.count > 1 {
                    // TRANSLATORS: before the titles of one of a picker's columns: {0} is its number, {1} how many there are.
                    tty.say(tr("Part {0} of {1}:", component + 1, components.count))
                }
                let current = picker.selectedRows.indices.contains(component) ? max(picker.selectedRows[component], 0) : 0
                guard let row = tty.chooseOne(titles, current: current) else { return .cancelled }
                try picker.selectRow(row, inComponent: component)
            }
            try picker.done()
            let titles = picker.selectedRows.enumerated().map { component, row in
                components[component].indices.contains(row) ? components[component][row] : ""
            }
            tty.say(chosenWords(titles))
            return .done(titles.joined(separator: "\t") + "\n")
        case .confirm(let prompt, let affirmative, let negative, let defaultYes):
            let picker = try CommandWidgets.confirmation(client, named: name, affirmative: affirmative, negative: negative, defaultYes: defaultYes)
            let choices = defaultYes ? "[\(affirmative)/\(negative.lowercased())]" : "[\(affirmative.lowercased())/\(negative)]"
            while true {
                guard let answer = tty.ask(Prompter.question("\(prompt) \(choices)"))?.lowercased() else { return .cancelled }
                let yes: Bool
                if answer.isEmpty {
                    yes = defaultYes
                } else if let said = YesOrNo.read(answer) ?? (answer == affirmative.lowercased() ? true : answer == negative.lowercased() ? false : nil) {
                    yes = said
                } else {
                    // TRANSLATORS: {0} and {1} are the question's two answers (Yes, No, or the words it was given); y and n are the letters "yes" and "no" may be typed as.
                    tty.say(tr("Answer {0} or {1} (y or n).", affirmative, negative))
                    continue
                }
                try picker.selectRow(yes ? 0 : 1, inComponent: 0)
                try picker.done()
                return yes ? .done("") : .cancelled
            }
        case .input(let options):
            let form = try CommandWidgets.input(client, named: name, options)
            tty.say(options.header)
            if let limit = options.charLimit {
                tty.say(tr(one: "At most {0} character.", other: "At most {0} characters.", count: limit, limit))
            }
            return try AccessibleForm(form: form, tty: tty, purpose: .submitValue("value")).run()
        case .form(let spec, let json, let header, _):
            let form = try CommandWidgets.form(client, named: name, spec: spec)
            tty.say(header)
            return try AccessibleForm(form: form, tty: tty, purpose: json ? .submitJSON : .submit).run()
        default:
            throw UsageError(description: "accessible mode speaks \(commands.sorted().joined(separator: ", ")); use the drawn interface for the others")
        }
    }

    /// A table's rows as a numbered list (with `fuzzy`, narrowed and ranked
    /// by a filter asked first); one number is chosen, or with `limit` not 1
    /// several, which become the table's selection. Prints `printed` of each
    /// row then selected, in order, as the drawn table does.
    /// Titles as they are spoken: each with its description after a dash.
    private static func spoken(_ titles: [String], _ descriptions: [String?]) -> [String] {
        zip(titles, descriptions).map { title, description in description.map { "\(title) — \($0)" } ?? title }
    }

    private static func chooseRows(of table: RemoteTable, titles: [String], limit: Int?, fuzzy: Bool = false, tty: Prompter,
                                   printed: (Int) -> String) throws -> Outcome {
        var shown = Array(titles.indices)
        while fuzzy {
            // TRANSLATORS: asks for a filter: the letters typed are matched in order; "Enter" is the key.
            guard let query = tty.ask(tr("Filter (the letters in order; Enter for all): ")) else { return .cancelled }
            // The daemon searches and ranks (SetFilter); the numbers read are its matches, best first.
            try table.setFilter(query)
            shown = query.isEmpty ? Array(titles.indices) : try table.matches(in: 0, first: 0, count: min(titles.count, RemoteWindowLimits.pageLimit)).map(\.row)
            if !shown.isEmpty { break }
            // TRANSLATORS: {0} is the filter typed, in quotes.
            tty.say(tr("No item matches \"{0}\".", quoted(query, quote: nil)))
        }
        let selected = Set(table.indexPathsForSelectedRows.map(\.row))
        let wanted: [Int]
        if limit == 1 {
            let current = shown.firstIndex { selected.contains($0) } ?? 0
            guard let number = tty.chooseOne(shown.map { titles[$0] }, current: current) else { return .cancelled }
            wanted = [shown[number]]
        } else {
            let current = shown.indices.filter { selected.contains(shown[$0]) }
            guard let numbers = tty.chooseSeveral(shown.map { titles[$0] }, current: current, limit: limit) else { return .cancelled }
            wanted = numbers.map { shown[$0] }
        }
        for row in selected.subtracting(wanted).sorted() {
            try table.deselectRow(at: IndexPath(row: row, section: 0))
        }
        for row in wanted where !selected.contains(row) {
            try table.selectRow(at: IndexPath(row: row, section: 0))
        }
        let rows = table.indexPathsForSelectedRows.map(\.row).sorted()
        tty.say(rows.isEmpty ? tr("Nothing chosen.") : chosenWords(rows.map { titles[$0] }))
        return .done(rows.map { printed($0) + "\n" }.joined())
    }

    /// What was chosen, said once it is.
    private static func chosenWords(_ titles: [String]) -> String {
        // TRANSLATORS: said once a choice is made; {0} lists the titles chosen, as "apple, cherry".
        tr("Chosen: {0}.", titles.joined(separator: ", "))
    }
}
