import FrontEndCore
import Localization
import RxCoreEssentials
import RxWidgetsClient
import RxWidgetsCommandLine

/// A form spoken a field at a time: each shown, editable field is asked in
/// the layout's order (its label, what it takes, its current value kept by
/// Enter), each answer is `SetValue` and the daemon's message for it is
/// said, and the field asked again, while it is invalid. Then `Submit` — or,
/// on a page before the last of a form of several pages, `NextPage` after
/// the page's title and number were said; a refused one says what is left
/// and asks those fields again. Conditions apply as they change: a field
/// that becomes hidden is not asked, one that appears is.
struct AccessibleForm {
    let form: RemoteForm
    let tty: Prompter
    let purpose: FormModel.Purpose

    func run() throws -> Outcome {
        var page: Int?
        var asking: [String] = []
        // The revision a refusal came at: refused again at it, nothing the
        // questions asked changed anything (an array past its max), so asking
        // once more would loop.
        var refusedAt: UInt64?
        while true {
            let daemon = FormSnapshot(form)
            if page != daemon.page {
                page = daemon.page
                if let heading = daemon.pageHeading {
                    tty.say(heading)
                }
                asking = daemon.layout.filter(daemon.isOnPage).map(\.name)
            }
            for name in asking {
                // The layout and states are read again per field: earlier answers change them.
                guard let field = form.layout.first(where: { $0.name == name }), isAsked(name) else { continue }
                guard try ask(field) else { return .cancelled }
            }
            do {
                guard FormSnapshot(form).isOnLastPage else {
                    try form.nextPage()
                    continue
                }
                let values = try form.submit()
                tty.say(tr("Submitted."))
                return .done(purpose.output(of: values, layout: form.layout) ?? "")
            } catch let error as WidgetsClientError where error.name == WidgetsErrorName.validationFailed {
                try form.refresh()
                let daemon = FormSnapshot(form)
                let invalid = daemon.layout.filter { (daemon.isOnLastPage || daemon.isOnPage($0)) && isAsked($0.name) && form.validity[$0.name]?.valid == false }
                guard !invalid.isEmpty, refusedAt != form.revision else { return .failed(error.message) }
                refusedAt = form.revision
                let reasons = invalid.map { "\(label($0)): \(message($0.name))" }.joined(separator: "; ")
                // TRANSLATORS: {0} lists each field that is not valid, as "Email: Enter an email address; Age: Enter a number."
                tty.say(daemon.isOnLastPage ? tr("Not submitted: {0}", reasons) : tr("Not yet on to the next page: {0}", reasons))
                asking = invalid.map(\.name)
            }
        }
    }

    private func isAsked(_ name: String) -> Bool {
        let state = form.fieldStates[name]
        return state?.visible != false && state?.enabled != false
    }

    private func label(_ field: RemoteForm.Field) -> String {
        field.label
    }

    private func message(_ name: String) -> String {
        let validity = form.validity[name]
        return validity?.message.isEmpty == false ? validity!.message : validity?.reason?.rawValue ?? tr("invalid")
    }

    /// Asks `field` until an answer is valid, or Enter keeps its value; false at end of input.
    /// An array's items are asked field by field, then whether to add another.
    func ask(_ field: RemoteForm.Field) throws -> Bool {
        if field.kind == .array {
            return try askItems(of: field)
        }
        if let help = field.help, !help.isEmpty {
            tty.say(help)
        }
        while true {
            let answer: DBusValue
            switch question(field) {
            case .cancelled: return false
            case .kept: return true
            case .invalid(let message):
                tty.say(message)
                continue
            case .answered(let value): answer = value
            }
            do {
                try form.setValue(answer, for: field.name)
            } catch let error as WidgetsClientError {
                tty.say(FormModel.refusal(error.message, for: field))
                continue
            }
            let validity = form.validity[field.name]
            // A remote check still running is the daemon's to finish; Submit waits for it.
            if validity?.valid != false || validity?.reason == .pending {
                return true
            }
            tty.say(message(field.name))
        }
    }

    private enum Answer {
        case answered(DBusValue)
        case kept
        case invalid(String)
        case cancelled
    }

    /// One question for `field` by its kind, and the value its answer means.
    private func question(_ field: RemoteForm.Field) -> Answer {
        let name = label(field)
        // An item field's value is inside its array's: the snapshot lays it out under its path.
        let current = FormSnapshot(form).values[field.name]
        let secret = field.secret
        let shown = current.map(ValueText.plain).flatMap { $0.isEmpty || secret ? nil : " [\($0)]" } ?? ""
        switch field.kind {
        case .choice:
            let options = field.options
            guard !options.isEmpty else { return .kept }
            tty.say(Prompter.heading(name))
            let now = current?.stringValue.flatMap { options.firstIndex(of: $0) }
            let required = FormSnapshot(form).states[field.name]?.required ?? field.required
            switch tty.chooseOption(options.map(field.optionLabel), current: now, mayBeNone: !required) {
            case nil: return .cancelled
            case .none?: return .kept
            case .option(let index)?: return now == index ? .kept : .answered(.string(options[index]))
            }
        case .switch:
            let on = current == .boolean(true)
            // TRANSLATORS: asks a switch's value: {0} is the field's label, {1} what Enter keeps ("yes" or "no", as translated on their own).
            guard let answer = tty.ask(tr("{0} (yes or no) [{1}]: ", name, on ? tr("yes") : tr("no"))) else { return .cancelled }
            if answer.isEmpty { return .kept }
            guard let on = YesOrNo.read(answer) else { return .invalid(tr("Answer yes or no (y or n).")) }
            return .answered(.boolean(on))
        case .slider, .stepper:
            let bounds = [field.minimum, field.maximum].map { $0.flatMap { try? Double(dbusValue: $0) } }
            let written = { (number: Double) in Language.process.number(ValueText.plain(.double(number))) }
            let step = field.step.flatMap { $0 > 0 ? written($0) : nil }
            let range: String
            if let low = bounds[0], let high = bounds[1] {
                // TRANSLATORS: what a number field takes: {0} the smallest number, {1} the largest, {2} the step between them.
                range = step.map { tr("a number from {0} to {1} in steps of {2}", written(low), written(high), $0) } ?? tr("a number from {0} to {1}", written(low), written(high))
            } else {
                // TRANSLATORS: what a number field takes: {0} the step between its numbers.
                range = step.map { tr("a number in steps of {0}", $0) } ?? tr("a number")
            }
            let held = Language.process.number(shown)
            guard let answer = tty.ask(Prompter.question("\(name) (\(range))\(held)")) else { return .cancelled }
            if answer.isEmpty { return .kept }
            guard let number = Double(StepperFieldComponent.plainNumber(answer.filter { $0 != " " })), number.isFinite else {
                // TRANSLATORS: {0} is what was typed, in quotes.
                return .invalid(tr("\"{0}\" is not a number.", quoted(answer, quote: nil)))
            }
            return .answered(.double(number))
        case .date:
            // TRANSLATORS: how a date is typed (2026-03-14): keep the order year, month, day and the hyphens; write the letters as your language names them (JJJJ-MM-TT, AAAA-MM-JJ).
            guard let answer = tty.ask(Prompter.question("\(name) (" + tr("a date, YYYY-MM-DD") + ")\(shown)")) else { return .cancelled }
            // Typed as the locale writes days (15.03.1990) or as sent (1990-03-15).
            return answer.isEmpty ? .kept : .answered(.string(Language.processDay(fromLocal: answer) ?? answer))
        case .file:
            // TRANSLATORS: what a file field asks for, before the patterns it accepts ("file, *.png *.jpg").
            let noun = field.chooser.mode == .folder ? tr("folder") : field.chooser.isMultiple ? tr("files") : tr("file")
            let kind = noun + (field.accept.isEmpty ? "" : ", " + field.accept.joined(separator: " "))
            let now = FileFieldComponent.paths(in: current)
            let held = now.isEmpty ? "" : " [\(now.joined(separator: ", "))]"
            if field.chooser.isMultiple {
                // TRANSLATORS: {0} is what the field takes ("files, *.png *.jpg"), then how the paths are typed.
                tty.say(Prompter.heading("\(name) (" + tr("{0}: one path a line", kind) + "; " + endOfLines + ")\(held)"))
                guard let text = tty.lines() else { return .cancelled }
                let paths = text.split(separator: "\n").map { FolderListing.absolute(String($0)) }
                return paths.isEmpty && !now.isEmpty ? .kept : .answered(FileFieldComponent.value(paths, for: field))
            }
            guard let path = tty.ask(Prompter.question("\(name) (\(kind))\(held)")) else { return .cancelled }
            return path.isEmpty && !now.isEmpty ? .kept : .answered(FileFieldComponent.value([FolderListing.absolute(path)].filter { !$0.isEmpty }, for: field))
        case .array:
            return .kept
        case .text:
            if field.multiline {
                tty.say(Prompter.heading("\(name) (" + endOfLines + ")\(shown)"))
                guard let text = tty.lines() else { return .cancelled }
                return text.isEmpty && current != nil ? .kept : .answered(.string(text))
            }
            let placeholder = field.placeholder.map { " (\($0))" } ?? ""
            // A label that ends as a prompt (`>`, `Code:`) is one.
            let endsAsAPrompt = placeholder.isEmpty && shown.isEmpty && [":", ">", "?"].contains(name.last)
            guard let text = tty.ask(endsAsAPrompt ? name + " " : Prompter.question("\(name)\(placeholder)\(shown)"), echo: !secret) else { return .cancelled }
            // Enter on an empty required field is an answer the daemon judges.
            return text.isEmpty && current.map(ValueText.plain)?.isEmpty == false ? .kept : .answered(.string(text))
        }
    }

    /// How several lines typed are ended.
    private var endOfLines: String {
        // TRANSLATORS: how lines typed one after another are ended: a line holding only "." or the keys Ctrl-D (kept as they are).
        tr("end with a line holding only a period, or Ctrl-D")
    }
}
