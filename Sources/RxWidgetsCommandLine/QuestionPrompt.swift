import DBus
import Localization
import RxCoreEssentials
import RxWidgetsClient
import WidgetsAPI

/// A command's question as a prompt (API "Prompt"), the same from every
/// front end: its title, the deadline and default `--timeout` gives it,
/// and how its answer is printed.
package enum QuestionPrompt {
    /// The question a command asks, as its prompt's title.
    package static func title(of command: Command) -> String {
        switch command {
        // TRANSLATORS: the title of a question asked as a prompt, when the command gives none.
        case .choose(let header, _, _, let limit, _, _, _, _): return header ?? (limit == 1 ? tr("Choose one") : tr("Choose items"))
        case .table(let header, _, _, _, _, _): return header ?? tr("Choose rows")
        // TRANSLATORS: the title of a question asked as a prompt: filter a list to choose from it.
        case .filter(let header, _, _, _, _): return header ?? tr("Filter")
        // TRANSLATORS: the title of a question asked as a prompt: pick one title in each of a picker's columns.
        case .pick(_, _, let header, _): return header ?? tr("Pick")
        case .confirm(let question, _, _, _): return question
        // TRANSLATORS: the title of a question asked as a prompt: a line of text to type.
        case .input(let options): return options.header ?? (options.prompt == ">" ? options.placeholder ?? tr("Text") : options.prompt)
        case .form(let spec, _, let header, _): return header ?? spec
        // TRANSLATORS: the title of a file chooser asked as a prompt; {0} is the name the file is saved as.
        case .file(let options): return options.directory ? tr("Choose a folder") : options.saveName.map { tr("Save as {0}", $0) } ?? (options.multiple ? tr("Choose files") : tr("Choose a file"))
        default: return ""
        }
    }

    /// The prompt a command's question is: its title (`--title`, else the
    /// command's words), `--message` and, with a timeout, the daemon's
    /// deadline and the answer it gives — `--default` checked as the command
    /// checks what it is given (`titles`: choose's items), confirm's default
    /// button, none for a form (its values then). `outlivesAsker` false:
    /// the widget goes with this process.
    package static func request(_ command: Command, _ question: Question, titles: [String] = [], outlivesAsker: Bool = true) throws -> PromptRequest {
        let timeout = question.timeout
        var request = PromptRequest(title: question.title ?? title(of: command), message: question.message ?? "", timeoutMilliseconds: timeout.map { UInt32($0.seconds) * 1_000 })
        request.outlivesAsker = outlivesAsker
        guard let timeout else { return request }
        switch command {
        case .choose(_, _, _, let limit, _, _, let delimiters, _):
            request.defaultAnswer = try timeout.defaultAnswer.map { item in
                let row = try CommandWidgets.row(of: item, in: titles, option: "--default")
                // A table's answer is its selected index paths; a picker's, its titles.
                return Command.choosesInTable(limit: limit, delimiters) ? [IndexPath(row: row, section: 0)].dbusValue : [item].dbusValue
            }
        case .pick(let components, _, _, _):
            request.defaultAnswer = try timeout.defaultAnswer.map { given in
                let chosen = Arguments.titles(given)
                guard chosen.count == components.count else {
                    throw UsageError(description: "--default \(quoted(given)) names \(chosen.count) titles for \(components.count) components")
                }
                for (component, title) in chosen.enumerated() {
                    _ = try CommandWidgets.row(of: title, in: components[component], option: "--default")
                }
                return chosen.dbusValue
            }
        case .confirm(_, let affirmative, let negative, let defaultYes):
            request.defaultAnswer = [defaultYes ? affirmative : negative].dbusValue
        case .input:
            request.defaultAnswer = timeout.defaultAnswer.map { .dictionary(key: .string, value: .variant, [(.string("value"), .variant(.string($0)))]) }
        default:
            break
        }
        return request
    }

    /// How the prompt at `path`'s answer is printed, as the command prints
    /// a person's (confirm's: nothing, exit 0 for the affirmative); choose's
    /// items as `titles` shown and `values` printed; a table's or filter's
    /// rows as `values` print when given (`--columns`, `--label-delimiter`).
    package static func printer(_ command: Command, at path: ObjectPath, client: WidgetsClient, titles: [String], values: [String]) throws -> (DBusValue) -> Outcome {
        switch command {
        case .choose(_, _, _, let limit, let index, _, let delimiters, _) where Command.choosesInTable(limit: limit, delimiters):
            // A table's answer is its selected index paths: each row's value, or its index.
            return { answer in
                // In the rows' order, as Enter prints them, not the order they were selected in.
                let rows = (answer.arrayElements ?? []).compactMap { try? IndexPath(dbusValue: $0) }.map(\.row).filter(values.indices.contains).sorted()
                return .done(rows.map { (index ? "\($0)" : delimiters.isEmpty ? titles[$0] : values[$0]) + "\n" }.joined())
            }
        case .table, .filter:
            let table = try client.table(path.lastComponent)
            return { answer in
                let paths = (answer.arrayElements ?? []).compactMap { try? IndexPath(dbusValue: $0) }.sorted { ($0.section, $0.row) < ($1.section, $1.row) }
                do {
                    return .done(try paths.map { path in
                        if path.section == 0, values.indices.contains(path.row) { return values[path.row] + "\n" }
                        return try (table.cells(section: path.section, first: path.row, count: 1).first?.text ?? "") + "\n"
                    }.joined())
                } catch {
                    return Outcome(failure: error)
                }
            }
        case .choose(_, _, _, _, let index, _, let delimiters, _):
            let picker = try client.picker(path.lastComponent)
            return { answer in
                // The row chosen, not the first of its title: two items may share a label.
                let chosen = texts(answer).first ?? ""
                let row = picker.selectedRows.first.flatMap { titles.indices.contains($0) && titles[$0] == chosen ? $0 : nil } ?? titles.firstIndex(of: chosen) ?? 0
                return .done((index ? "\(row)" : delimiters.isEmpty || !values.indices.contains(row) ? chosen : values[row]) + "\n")
            }
        case .pick:
            return { .done(texts($0).joined(separator: "\t") + "\n") }
        case .file:
            // The paths chosen, one a line, as `file` prints them.
            return { .done(texts($0).map { $0 + "\n" }.joined()) }
        case .confirm:
            // The affirmative is the first row, in whatever language it was asked.
            let affirmative = try client.picker(path.lastComponent).titles(component: 0, first: 0, count: 1).first
            return { texts($0).first == affirmative ? .done("") : .cancelled }
        case .input:
            let layout = try client.form(path.lastComponent).layout
            return { .done(SubmittedValues.output(of: dictionary($0), layout: layout, as: .value("value"))) }
        case .form(_, let json, _, _):
            let layout = try client.form(path.lastComponent).layout
            return { .done(SubmittedValues.output(of: dictionary($0), layout: layout, as: json ? .json : .lines)) }
        default:
            return { _ in .done("") }
        }
    }

    /// A default answer in a few words: titles, or a text field's value;
    /// nil for none, or for a form's values (what it holds then is said).
    package static func said(_ answer: DBusValue?) -> String? {
        switch answer {
        case .array(.string, let titles)?: return titles.compactMap(\.stringValue).joined(separator: ", ")
        case let dictionary? where dictionary.dictionaryEntries?.count == 1: return dictionary.dictionaryEntries?.first?.value.variantValue?.stringValue
        default: return nil
        }
    }

    /// Whether the question's answer is a secret (`input --password`): its
    /// default is not shown, nor said.
    package static func isSecret(_ command: Command) -> Bool {
        if case .input(let options) = command { return options.password }
        return false
    }

    /// The titles of an answer (`as`).
    package static func texts(_ answer: DBusValue) -> [String] {
        (answer.arrayElements ?? []).compactMap(\.stringValue)
    }

    /// The fields of an answer (`a{sv}`), by name.
    package static func dictionary(_ answer: DBusValue) -> [String: DBusValue] {
        Dictionary((answer.dictionaryEntries ?? []).compactMap { entry in entry.key.stringValue.map { ($0, entry.value.variantValue ?? entry.value) } }) { first, _ in first }
    }
}

extension Outcome {
    /// The outcome of an answer a deadline gave: printed as a person's,
    /// exit status 124 (a confirm's negative default included).
    package var timedOut: Outcome {
        switch self {
        case .done(let output): return .timedOut(output)
        case .cancelled: return .timedOut("")
        default: return self
        }
    }
}
