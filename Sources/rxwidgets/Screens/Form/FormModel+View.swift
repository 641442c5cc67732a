import FrontEndCore
import Localization
import RxWidgetsClient
import RxWidgetsCommandLine

/// The form as lines: one row per shown field, the daemon's message for it
/// underneath (red while invalid, a spinner while its remote check runs),
/// Submit (dim while `SubmitEnabled` is false), the outputs with
/// `--outputs`, and the keys. Drawing changes nothing.
extension FormModel {
    func view(rows: Int, columns: Int) -> [Line] {
        if let browsing, let field = daemon.layout.first(where: { $0.name == browsing.field }) {
            return [Line(TextWidth.fit(FileFieldComponent.chooserTitle(for: field), columns), .accent)] + browsing.files.view(rows: rows - 1, columns: columns)
        }
        var lines: [Line] = []
        if let header {
            lines.append(Line(header, .bold))
            lines.append(Line())
        }
        if let heading = daemon.pageHeading {
            lines.append(Line(TextWidth.fit(heading, columns), .accent))
            lines.append(Line())
        }
        let shown = daemon.shownFields
        let labels = shown.map { FormModel.label(of: $0, required: daemon.states[$0.name]?.required) }
        let labelWidth = min(max(labels.map(TextWidth.columns).max() ?? 0, 4) + 2, 28)
        let focusedName = focusedField?.name
        for (index, field) in shown.enumerated() {
            let isFocused = field.name == focusedName
            let isEnabled = daemon.states[field.name]?.enabled != false
            var line = Line(isFocused ? "› " : "  ", .accent)
            line.append(TextWidth.pad(labels[index], labelWidth), isFocused ? .accent : isEnabled ? .bold : .dim)
            let border = field.border.flatMap { daemon.outputs[$0]?.stringValue }.flatMap(Style.named) ?? (isFocused ? .accent : .dim)
            let component = FormModel.fieldView(of: field)
            for span in component.view(field, in: self, focused: isFocused, border: border).spans {
                line.append(span.text, isEnabled ? span.style : .dim)
            }
            lines.append(line)
            for more in component.continuation(field, in: self, focused: isFocused) {
                var indented = Line(String(repeating: " ", count: labelWidth + 2))
                for span in more.spans {
                    indented.append(span.text, isEnabled ? span.style : .dim)
                }
                lines.append(indented)
            }
            lines.append(message(under: field, indent: String(repeating: " ", count: labelWidth + 2)))
        }
        let submitFocused = focusedName == nil
        let isLast = daemon.isOnLastPage
        let enabled = isLast ? daemon.submitEnabled : daemon.invalidOnPage.isEmpty
        var submit = Line(submitFocused ? "› " : "  ", .accent)
        // TRANSLATORS: the button that sends a form (drawn as "[ Submit ]").
        let submitWord = tr("Submit")
        // TRANSLATORS: the button that goes on to a form's next page (drawn as "[ Next › ]").
        let nextWord = tr("Next")
        submit.append(isLast ? "[ " + submitWord + " ]" : "[ " + nextWord + " › ]", enabled ? (submitFocused ? .cursor : .bold) : Style(dim: true, underline: submitFocused))
        if !enabled {
            submit.append("  " + (isLast ? tr("not every field is valid yet") : tr("not every field on this page is valid yet")), .help)
        }
        lines.append(submit)
        if showsOutputs, !daemon.outputs.isEmpty {
            lines.append(Line())
            for (name, value) in daemon.outputs.sorted(by: { $0.key < $1.key }) {
                lines.append(FormModel.outputLine(name, value, width: columns))
            }
        }
        lines.append(Line())
        lines.append(status.map { Line($0.text, $0.tone == .error ? .error : .success) } ?? Line(TextWidth.fitHelp(keys, columns), .help))
        return lines
    }

    /// The line under a field: a refusal, the daemon's message, or the help.
    private func message(under field: RemoteForm.Field, indent: String) -> Line {
        let help = (field.help ?? "")
        if let refusal = fields[field.name].refusal {
            return Line(indent + FormModel.refusal(refusal, for: field), .error)
        }
        guard let state = daemon.validity[field.name], !state.valid else {
            return help.isEmpty ? Line() : Line(indent + help, .help)
        }
        if state.reason == .pending {
            return Line(indent + FormModel.spinnerFrames[spinnerFrame] + " " + state.message, .help)
        }
        // "Please fill in this field" waits until the field was left or
        // Submit tried (the daemon's validity is the same either way); the
        // help stays beside the message.
        guard state.reason != .valueMissing || fields[field.name].wasLeft else {
            return help.isEmpty ? Line() : Line(indent + help, .help)
        }
        var line = Line(indent + (state.message.isEmpty ? state.reason?.rawValue ?? tr("invalid") : state.message), .error)
        if !help.isEmpty {
            line.append(" · " + help, .help)
        }
        return line
    }

    /// The help line: the keys of the focused field, then the form's.
    /// Each fragment is a key, as printed on the keyboard, and what it does.
    private var keys: String {
        // TRANSLATORS: a help line's fragment: keys as printed on the keyboard (kept as they are), then what they do: move to another field.
        var keys = [tr("tab/↑/↓ field")]
        if let field = focusedField {
            let own = FormModel.component(of: field).keys(for: field)
            if !own.isEmpty {
                keys.append(own)
            }
        }
        if case .submitValue(let name) = purpose, let field = focusedField, field.name == name {
            if !TextFieldComponent.isMultiline(field) {
                // TRANSLATORS: a help line's fragment: the key "enter" (kept as it is), then what it does: finish, the answer is given.
                keys.append(tr("enter done"))
            }
        } else if focusedField?.kind != .file {
            // TRANSLATORS: a help line's fragment: the key "enter" (kept as it is), then what it does: submit the form; go to the next page; go to the next field.
            keys.append(focusedField == nil ? (daemon.isOnLastPage ? tr("enter submit") : tr("enter next page")) : tr("enter next"))
        }
        if !daemon.pages.isEmpty {
            // TRANSLATORS: a help line's fragment: the keys Page Down/Page Up (kept as they are), then what they do: go to another page.
            keys.append(tr("pgdn/pgup page"))
        }
        // TRANSLATORS: a help line's fragment: the key "esc" (kept as it is), then what it does: quit (leaving the form as it is) or cancel.
        keys.append(purpose == .attach ? tr("esc quit") : tr("esc cancel"))
        return keys.joined(separator: " · ")
    }

    /// An output: its value, in its colour when it names one; a number also
    /// as a bar a tenth of it long, so a growing output (the heart) grows.
    private static func outputLine(_ name: String, _ value: DBusValue, width: Int) -> Line {
        var line = Line("  " + name + "  ", .dim)
        let text = ValueText.plain(value)
        line.append(text, value.stringValue.flatMap(Style.named) ?? .plain)
        if let number = try? Double(dbusValue: value), number.isFinite, number > 0 {
            let room = max(0, width - TextWidth.columns(name) - TextWidth.columns(text) - 6)
            line.append(" " + String(repeating: "♥", count: Int(min(number / 10, Double(room)))), .error)
        }
        return line
    }
}
