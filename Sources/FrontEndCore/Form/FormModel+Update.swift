import Localization
import RxWidgetsClient
import RxWidgetsCommandLine

/// What each message does to a form screen, and the calls it asks for.
extension FormModel {
    /// Applies `message`; returns the commands for the runtime, in order.
    package mutating func update(_ message: FormMessage) -> [FormCommand] {
        let commands = changes(for: message)
        counted(commands)
        return commands
    }

    /// Counts the calls among `commands` as in flight until answered.
    private mutating func counted(_ commands: [FormCommand]) {
        for case .call(let call) in commands {
            callsInFlight += 1
            if call == .submit {
                isSubmitting = true
            }
            fieldsInFlight.append(call.field ?? "")
        }
    }

    /// A call was answered: it is no longer in flight.
    private mutating func answered(_ call: FormCall) {
        callsInFlight = max(callsInFlight - 1, 0)
        if call == .submit {
            isSubmitting = false
        }
        if let index = fieldsInFlight.firstIndex(of: call.field ?? "") {
            fieldsInFlight.remove(at: index)
        }
    }

    /// An input waits while calls are unanswered — after the text typed
    /// before it is sent — and a Submit while a remote check is pending;
    /// a key that only edits the focused field's text does not wait.
    package mutating func prepare(for input: FormMessage) -> Readiness<FormCommand> {
        let isSubmit: Bool
        switch input {
        case _ where isSubmitting:
            return .waiting([])
        case .key where browsing?.isAsking == true:
            return .waiting([])
        case .key where browsing != nil:
            return .ready
        case .key(let key):
            // Typing goes ahead of the field's own sends only: any other call
            // (a page turned, items changed, another field's value) may hide
            // the field or move the focus, so what is typed waits for it.
            if let field = focusedField, onlyOwnCallsInFlight(field.name), FormModel.component(of: field).isLocalEdit(key, in: field) {
                return .ready
            }
            isSubmit = submits(key)
        case .edited(let field, _) where editing?.field == field && onlyOwnCallsInFlight(field):
            return .ready
        case .submitRequested:
            isSubmit = daemon.isOnLastPage
        default:
            isSubmit = false
        }
        let unsent = flushEditing()
        counted(unsent)
        guard unsent.isEmpty, callsInFlight == 0 else { return .waiting(unsent) }
        return isSubmit && daemon.hasPending ? .waiting([]) : .ready
    }

    /// Whether the calls in flight, if any, are all `field`'s own (its text sent as typed).
    private func onlyOwnCallsInFlight(_ field: String) -> Bool {
        fieldsInFlight.allSatisfy { $0 == field }
    }

    /// Whether every call made was answered and nothing typed waits to be sent.
    package var isSettled: Bool {
        callsInFlight == 0 && !unsent && (editing.map { $0.text == lastSent || editingKind != .text } ?? true)
    }

    /// The kind of the field being edited: a text's typing is sent as it
    /// goes; a date's or a number's is held until it is whole or left.
    var editingKind: FieldKind? {
        editing.flatMap { buffer in daemon.layout.first { $0.name == buffer.field }?.kind }
    }

    /// Whether what the person did to `field` is not the daemon's yet: a
    /// window keeps showing what was typed or chosen, not an older value.
    package func isSending(_ field: String) -> Bool {
        (editing?.field == field && (unsent || editing?.text != lastSent)) || fieldsInFlight.contains(field)
    }

    /// Whether `key` is a Submit: on the Submit button, or `input`'s Enter in its field.
    private func submits(_ key: Key) -> Bool {
        guard let field = focusedField else { return key == .enter || key == .character(" ") }
        let submitKey: Key = TextFieldComponent.isMultiline(field) ? .endOfText : .enter
        if case .submitValue(let name) = purpose, name == field.name { return key == submitKey }
        return false
    }

    private mutating func changes(for message: FormMessage) -> [FormCommand] {
        switch message {
        case .key(let key) where browsing != nil:
            return browse(key)
        case .key(let key):
            status = nil
            return handle(key)
        case .edited(let field, let text):
            status = nil
            fields[field].wasLeft = true
            let commands = editing?.field == field ? [] : focus(on: field)
            return commands + edit {
                $0.text = text
                $0.cursor = text.count
            }
        case .chose(let field, let value):
            status = nil
            fields[field].wasLeft = true
            return focus(on: field) + [.call(.setValue(field: field, value: value, daemon.layout.first { $0.name == field }?.kind == .date ? .date : .plain))]
        case .tapped(let field, let button):
            status = nil
            fields[field].wasLeft = true
            return focus(on: field) + [.call(.tap(field: field, button: button))]
        case .stepped(let field, let up):
            status = nil
            fields[field].wasLeft = true
            return focus(on: field) + [.call(up ? .increment(field) : .decrement(field))]
        case .submitRequested:
            status = nil
            return submit()
        case .previousPageRequested:
            status = nil
            return previousPage()
        case .itemsEdited(let call):
            status = nil
            if let array = call.field {
                forgetItems(of: array)
            }
            return finishEditing() + [.call(call)]
        case .daemonChanged(let snapshot):
            let pageChanged = snapshot.page != daemon.page
            daemon = snapshot
            return pageChanged ? turnedPage() : []
        case .valueHeard(let field, let value):
            if isArray(field) {
                forgetItems(of: field)
            }
            return heard(value, for: field)
        case .answered(let call, let error):
            answered(call)
            return answered(call, error: error)
        case .secretRead(let field, let text):
            secretRead(text, for: field)
            return []
        case .daemonReplaced:
            // What was typed into the secret fields is given again: the person typed it once.
            let secrets: [FormCommand] = fields.kept(by: TextFieldComponent.self).compactMap { field, state in
                guard let text = state.secret, !text.isEmpty, daemon.layout.contains(where: { $0.name == field }) else { return nil }
                return .call(.setValue(field: field, value: .string(text), .plain))
            }
            // The text being typed goes again too: its last send may have been lost with the daemon that left.
            guard let buffer = editing, editingKind == .text, fields[TextFieldComponent.self, name: buffer.field].secret == nil else { return secrets }
            lastSent = nil
            return secrets + flushEditing()
        case .submitted(let values):
            answered(.submit)
            return submitted(values)
        case .throttleEnded:
            return throttleEnded()
        case .spinnerTick:
            spinnerFrame = (spinnerFrame + 1) % FormModel.spinnerFrames.count
            return []
        case .folderListed(let folder, let entries, let error):
            listed(folder, entries: entries, error: error)
            return []
        case .existence(let path, let exists):
            return checked(path, exists: exists)
        }
    }

    // MARK: Keys

    private mutating func handle(_ key: Key) -> [FormCommand] {
        guard let field = focusedField else {
            return handleOnSubmit(key)
        }
        let component = FormModel.component(of: field)
        if let commands = ArrayFieldComponent.move(key, in: &self) {
            return commands
        }
        let submitKey: Key = TextFieldComponent.isMultiline(field) ? .endOfText : .enter
        if key == submitKey, case .submitValue(let name) = purpose, name == field.name {
            // What was typed goes first; the daemon judges it before Submit,
            // whatever this front end last heard of its validity.
            let typed = editing
            let commands = finishEditing()
            editing = typed
            return commands + [.call(.submit)]
        }
        if let commands = component.update(field, key, &self) {
            return commands
        }
        switch key {
        case .enter where !daemon.isOnLastPage && isLastStopOnPage(field):
            return nextPage()
        case .pageDown:
            return nextPage()
        case .pageUp:
            return previousPage()
        case .tab, .down, .enter, .endOfText:
            return moveFocus(by: 1)
        case .backTab, .up:
            return moveFocus(by: -1)
        case .character("j") where !component.isTyped:
            return moveFocus(by: 1)
        case .character("k") where !component.isTyped:
            return moveFocus(by: -1)
        case .escape:
            return quit()
        case .character("q") where !component.isTyped:
            return quit()
        default:
            return []
        }
    }

    private mutating func handleOnSubmit(_ key: Key) -> [FormCommand] {
        switch key {
        case .enter, .character(" "): return submit()
        case .pageDown: return nextPage()
        case .pageUp: return previousPage()
        case .tab, .down, .character("j"): return moveFocus(by: 1)
        case .backTab, .up, .character("k"): return moveFocus(by: -1)
        case .escape, .character("q"): return quit()
        default: return []
        }
    }

    /// A window's person went to `field`: the field left is committed as a
    /// Tab would; what was typed there goes first.
    private mutating func focus(on field: String) -> [FormCommand] {
        guard focus != field else { return [] }
        let current = focusedField
        var commands = finishEditing()
        if let current, current.updatesOnBlur {
            commands.append(.call(.commit(current.name)))
        }
        focus = field
        return commands + beginEditing()
    }

    /// Moves over the fields a person can edit now, and Submit; leaving an
    /// `updateOn: blur` field commits it, after its last text is sent.
    package mutating func moveFocus(by delta: Int) -> [FormCommand] {
        let current = focusedField
        if let current {
            fields[current.name].wasLeft = true
        }
        var commands = finishEditing()
        if let current, current.updatesOnBlur {
            commands.append(.call(.commit(current.name)))
        }
        let stops: [String?] = daemon.layout.filter { daemon.isFocusable($0) }.map(\.name) + [nil]
        let index = stops.firstIndex { $0 == current?.name } ?? stops.count - 1
        focus = stops[(index + delta % stops.count + stops.count) % stops.count]
        return commands + beginEditing()
    }

    private func quit() -> [FormCommand] {
        [.finish(purpose == .attach ? .done("") : .cancelled)]
    }

    // MARK: Submit

    private mutating func submit() -> [FormCommand] {
        guard daemon.isOnLastPage else { return nextPage() }
        // A Submit shows every field's message, as a browser's does.
        fields.leave(daemon.layout.map(\.name))
        guard daemon.submitEnabled else {
            status = (submitBlockers ?? tr("Submit is disabled until every field is valid"), .error)
            return []
        }
        return [.call(.submit)]
    }

    private mutating func submitted(_ values: [String: DBusValue]) -> [FormCommand] {
        guard let output = purpose.output(of: values, layout: daemon.layout) else {
            // TRANSLATORS: a form's status once it was sent.
            status = (tr("submitted"), .success)
            return []
        }
        return [.finish(.done(output))]
    }

    // MARK: Answers

    /// A call's answer: a refusal is shown under its field (or on the status line).
    private mutating func answered(_ call: FormCall, error: FormRefusal?) -> [FormCommand] {
        if case .addItem(let array) = call, error != nil {
            addRefused(array)
        }
        if case .setValue(let field, let value, let sending) = call {
            switch sending {
            case .text: textAnswered(field: field, text: value.stringValue ?? "")
            case .date, .plain: break
            }
        }
        guard let error else {
            if let field = call.field {
                fields[field].refusal = nil
            }
            return []
        }
        if let field = call.field {
            fields[field].refusal = error.message
        } else if error.isValidationFailure {
            // Said in the person's words from what this screen knows, not the daemon's English.
            fields.leave(daemon.layout.map(\.name))
            status = ((daemon.isOnLastPage ? submitBlockers : nextPageBlockers) ?? tr("Not every field is valid yet"), .error)
        } else {
            status = (error.message, .error)
        }
        return []
    }
}
