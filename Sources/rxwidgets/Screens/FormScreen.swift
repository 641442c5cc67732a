import RxCoreEssentials
import RxWidgetsClient

/// A form on the terminal, drawn from its `Layout`: one row per field, the
/// daemon's message for it underneath (red while the field is invalid), the
/// Submit button (dim while `SubmitEnabled` is false) and the `Outputs`.
/// Validity, messages, outputs, options and which fields are shown or
/// editable are only ever the daemon's (a hidden field is not drawn, a
/// disabled one is drawn dim and skipped); each key is the call a user's
/// gesture maps to (`SetValue`, `Tap`, `Increment`, `Decrement`, `Commit`
/// when an `updateOn: blur` field is left, `Submit`).
final class FormScreen: InteractiveScreen {
    /// What the command does with a successful Submit.
    enum Purpose {
        /// `form`: print the values (`name=value` lines) and exit.
        case submit
        /// `form --json`: print the values as one JSON object and exit.
        case submitJSON
        /// `attach`: keep going; `Esc` quits and prints nothing.
        case attach
    }

    /// How often typed text is sent at most: a text field's `SetValue` is
    /// throttled to this, and sent once more when the field is left.
    static let textInterval: Int64 = 50_000_000

    private let form: RemoteForm
    private let session: Session
    private let purpose: Purpose
    private let header: String?
    private let buttons: [(name: String, field: String, value: String)]
    /// The focused field's name; nil is the Submit button.
    private var focus: String?
    /// The button (or, without buttons, the option) of a choice field under the cursor, per field.
    private var buttonFocus: [String: Int] = [:]
    /// What is typed into the focused text or date field, until the daemon has it.
    private var editing: (field: String, text: String, cursor: Int)?
    /// The text the daemon was last sent for the field being edited.
    /// Whether the form's outputs are drawn (`--outputs`): they are for
    /// programs, not the person filling the form in.
    private let showsOutputs: Bool
    private var lastSent: String?
    /// The fields the person has left (or all, once Submit was tried).
    private var left: Set<String> = []
    /// Texts sent and not yet heard back (`ValueChanged`) or answered.
    private var inFlight: [(field: String, text: String)] = []
    /// The secret fields' text as this front end last had it: the daemon
    /// never broadcasts a secret (API rule 13), so what is drawn as bullets
    /// comes from here or from the owner's `GetValue`.
    private var secrets: [String: String] = [:]
    /// Runs for `textInterval` after each send; typing meanwhile waits for it.
    private var throttle: LoopTimer?
    private var unsent = false
    /// Slider values sent and not yet answered, per field: the next step
    /// starts from the last one, so keys typed ahead of the replies add up.
    private var pendingSlides: [String: (value: Double, calls: Int)] = [:]
    /// A refused input's message, per field (a malformed date).
    private var refusals: [String: String] = [:]
    private var status: (text: String, style: Style)?
    /// Turns the spinner of fields whose remote check is pending.
    private var spinner: LoopTimer?
    private var spinnerFrame = 0
    private static let spinnerFrames = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]
    private let disposeBag = DisposeBag()

    init(form: RemoteForm, session: Session, purpose: Purpose, header: String?, showsOutputs: Bool = false) {
        self.form = form
        self.showsOutputs = showsOutputs
        self.session = session
        self.purpose = purpose
        self.header = header
        buttons = form.buttons
        form.rx.revision.subscribe(onNext: { [weak self] _ in
            self?.spinWhilePending()
            self?.session.redraw()
        }, onError: { [weak self] in self?.session.fail($0) })
            .disposed(by: disposeBag)
        // The message under a field is the daemon's current one: a refusal
        // of an earlier input goes once the field holds a new value.
        form.rx.valueChanged.subscribe(onNext: { [weak self] change in
            self?.refusals[change.field] = nil
            self?.heard(change.value, for: change.field)
        }, onError: { _ in })
            .disposed(by: disposeBag)
        focus = layout.first { isFocusable($0, form.fieldStates) }?.name
        beginEditing()
    }

    deinit {
        throttle?.dispose()
        spinner?.dispose()
    }

    /// Runs the spinner while some field waits for its remote check.
    private func spinWhilePending() {
        let pending = form.validity.values.contains { $0.reason == "pending" }
        if pending, spinner == nil {
            spinner = MainLoop.shared.addTimer(after: 100_000_000, repeating: 100_000_000) { [weak self] in
                guard let self else { return }
                spinnerFrame = (spinnerFrame + 1) % FormScreen.spinnerFrames.count
                session.redraw()
            }
        } else if !pending {
            spinner?.dispose()
            spinner = nil
        }
    }

    /// The fields as the daemon describes them now: options that follow
    /// another field and requiredness that a condition switches are current.
    private var layout: [RemoteForm.Field] {
        form.layout
    }

    private func isFocusable(_ field: RemoteForm.Field, _ states: [String: RemoteForm.FieldState]) -> Bool {
        states[field.name].map { $0.visible && $0.enabled } ?? true
    }

    /// The focused field; nil on Submit. A field whose condition hid or
    /// disabled it meanwhile hands the focus to the next one that can take it.
    private var focusedField: RemoteForm.Field? {
        guard let focus else { return nil }
        let fields = layout
        let states = form.fieldStates
        guard let index = fields.firstIndex(where: { $0.name == focus }) else { return nil }
        if isFocusable(fields[index], states) {
            return fields[index]
        }
        return fields[index...].first { isFocusable($0, states) }
    }

    // MARK: Drawing

    func lines(rows: Int, columns: Int) -> [Line] {
        var lines: [Line] = []
        if let header {
            lines.append(Line(header, .bold))
            lines.append(Line())
        }
        let states = form.fieldStates
        let shown = layout.filter { states[$0.name]?.visible != false }
        let labels = shown.map { label(of: $0) }
        let labelWidth = min(max(labels.map(TextWidth.columns).max() ?? 0, 4) + 2, 28)
        let values = form.values
        let validity = form.validity
        let outputs = form.outputs
        let focusedName = focusedField?.name
        for (index, field) in shown.enumerated() {
            let isFocused = field.name == focusedName
            let isEnabled = states[field.name]?.enabled != false
            var line = Line(isFocused ? "› " : "  ", .accent)
            line.append(TextWidth.pad(labels[index], labelWidth), isFocused ? .accent : isEnabled ? .bold : .dim)
            let border = outputs[field.name + "Border"].flatMap { $0.stringValue }.flatMap(Style.named) ?? (isFocused ? .accent : .dim)
            for span in valueLine(field, value: values[field.name], focused: isFocused, border: border).spans {
                line.append(span.text, isEnabled ? span.style : .dim)
            }
            lines.append(line)
            let indent = String(repeating: " ", count: labelWidth + 2)
            if let refusal = refusals[field.name] {
                lines.append(Line(indent + refusal, .error))
            } else if let state = validity[field.name], state.reason == "pending" {
                lines.append(Line(indent + FormScreen.spinnerFrames[spinnerFrame] + " " + state.message, .help))
            } else if let state = validity[field.name], !state.valid, state.reason != "valueMissing" || left.contains(field.name) {
                // "Please fill in this field" waits until the field was left or
                // Submit tried (the daemon's validity is the same either way);
                // the help stays beside the message.
                var message = Line(indent + (state.message.isEmpty ? state.reason : state.message), .error)
                if let help = field.attributes["help"]?.stringValue, !help.isEmpty {
                    message.append(" · " + help, .help)
                }
                lines.append(message)
            } else if let help = field.attributes["help"]?.stringValue, !help.isEmpty {
                lines.append(Line(indent + help, .help))
            } else {
                lines.append(Line())
            }
        }
        let submitFocused = focusedName == nil
        var submit = Line(submitFocused ? "› " : "  ", .accent)
        submit.append("[ Submit ]", form.submitEnabled ? (submitFocused ? .cursor : .bold) : Style(dim: true, underline: submitFocused))
        if !form.submitEnabled {
            submit.append("  not every field is valid yet", .help)
        }
        lines.append(submit)
        if showsOutputs, !outputs.isEmpty {
            lines.append(Line())
            for (name, value) in outputs.sorted(by: { $0.key < $1.key }) {
                lines.append(outputLine(name, value, width: columns))
            }
        }
        lines.append(Line())
        lines.append(status.map { Line($0.text, $0.style) } ?? Line(helpText, .help))
        return lines
    }

    private func label(of field: RemoteForm.Field) -> String {
        let text = field.attributes["label"]?.stringValue ?? field.name
        return field.attributes["required"] == .boolean(true) ? text + " *" : text
    }

    private var helpText: String {
        var keys = "tab/↑/↓ field"
        switch focusedField?.kind {
        case "switch": keys += " · space toggle"
        case "slider": keys += " · ←/→ slide"
        case "stepper": keys += " · ←/→ step"
        case "date": keys += " · ←/→ digits · 0-9 type"
        case "choice": keys += focusedField.map(buttonNames)?.isEmpty == false ? " · ←/→ button · space tap" : " · ←/→ option · space choose"
        default: break
        }
        keys += focusedField == nil ? " · enter submit" : " · enter next"
        return keys + (purpose == .attach ? " · esc quit" : " · esc cancel")
    }

    private func valueLine(_ field: RemoteForm.Field, value: DBusValue?, focused: Bool, border: Style) -> Line {
        var line = Line()
        switch field.kind {
        case "text":
            let isSecret = field.attributes["secret"] == .boolean(true)
            let text = editing?.field == field.name ? editing!.text : (isSecret ? secrets[field.name] : nil) ?? value?.stringValue ?? ""
            let shown = isSecret ? String(repeating: "•", count: text.count) : text
            line.append("[", border)
            if shown.isEmpty, let placeholder = field.attributes["placeholder"]?.stringValue {
                // While empty, focused or not, as the spec's docs say.
                if focused { line.append(" ", .cursor) }
                line.append(TextWidth.pad(placeholder, focused ? 29 : 30), .dim)
            } else {
                let fitted = TextWidth.fit(shown, 29)
                line.append(fitted)
                line.append(focused ? " " : "", .cursor)
                line.append(String(repeating: " ", count: max(0, 30 - TextWidth.columns(fitted) - (focused ? 1 : 0))))
            }
            line.append("]", border)
        case "date":
            let text = editing?.field == field.name ? editing!.text : value?.stringValue ?? ""
            line.append("[", border)
            for (offset, character) in text.enumerated() {
                line.append(String(character), focused && offset == editing?.cursor ? .cursor : .plain)
            }
            line.append("]", border)
        case "switch":
            line.append(value == .boolean(true) ? "[x] on" : "[ ] off", focused ? .accent : .plain)
        case "slider":
            let number = value.flatMap { try? Double(dbusValue: $0) } ?? 0
            let (minimum, maximum) = range(field)
            let filled = maximum > minimum ? Int(((number - minimum) / (maximum - minimum) * 20).rounded()) : 0
            let clamped = min(max(filled, 0), 20)
            line.append(String(repeating: "━", count: clamped), border)
            line.append("●", focused ? .accent : .bold)
            line.append(String(repeating: "─", count: 20 - clamped), .dim)
            line.append(" " + ValueText.plain(.double(number)))
        case "stepper":
            let number = value.flatMap { try? Double(dbusValue: $0) } ?? 0
            line.append("−", focused ? .accent : .dim)
            line.append(" \(ValueText.plain(.double(number))) ", .bold)
            line.append("+", focused ? .accent : .dim)
        case "choice":
            let current = value?.stringValue ?? ""
            let names = buttonNames(field)
            // Without buttons, the options themselves (current: they may follow another field).
            let choices = names.isEmpty ? RemoteForm.options(in: field.attributes).map { ($0, $0) } : names.map { name in (name, buttons.first { $0.name == name }?.value ?? "") }
            for (index, choice) in choices.enumerated() {
                let chosen = choice.1 == current
                let underCursor = focused && index == (buttonFocus[field.name] ?? 0)
                line.append(chosen ? "(•) " : "( ) ", chosen ? border : .dim)
                line.append(choice.0, underCursor ? .cursor : .plain)
                line.append("  ")
            }
            if choices.isEmpty {
                line.append("no options", .dim)
            }
        default:
            line.append(value.map(ValueText.plain) ?? "")
        }
        return line
    }

    private func buttonNames(_ field: RemoteForm.Field) -> [String] {
        (field.attributes["buttons"]?.arrayElements ?? []).compactMap(\.stringValue)
    }

    /// What ←/→ move over on a choice: its buttons, else its options.
    private func choiceCount(_ field: RemoteForm.Field) -> Int {
        let names = buttonNames(field)
        return names.isEmpty ? RemoteForm.options(in: field.attributes).count : names.count
    }

    private func range(_ field: RemoteForm.Field) -> (Double, Double) {
        let minimum = field.attributes["min"].flatMap { try? Double(dbusValue: $0) } ?? 0
        let maximum = field.attributes["max"].flatMap { try? Double(dbusValue: $0) } ?? 1
        return (minimum, maximum)
    }

    /// An output: its value, in its colour when it names one; a number also
    /// as a bar a tenth of it long, so a growing output (the heart) grows.
    private func outputLine(_ name: String, _ value: DBusValue, width: Int) -> Line {
        var line = Line("  " + name + "  ", .dim)
        let text = ValueText.plain(value)
        line.append(text, value.stringValue.flatMap(Style.named) ?? .plain)
        if let number = try? Double(dbusValue: value), number.isFinite, number > 0 {
            line.append(" " + String(repeating: "♥", count: min(Int(number / 10), max(0, width - TextWidth.columns(name) - TextWidth.columns(text) - 6))), .error)
        }
        return line
    }

    // MARK: Keys

    func handle(_ key: Key) {
        status = nil
        guard let field = focusedField else {
            handleOnSubmit(key)
            return
        }
        if handleField(field, key) {
            return
        }
        switch key {
        case .tab, .down, .enter:
            moveFocus(by: 1)
        case .backTab, .up:
            moveFocus(by: -1)
        case .character("j") where !isTyped(field):
            moveFocus(by: 1)
        case .character("k") where !isTyped(field):
            moveFocus(by: -1)
        case .escape:
            quit()
        case .character("q") where !isTyped(field):
            quit()
        default:
            break
        }
    }

    private func isTyped(_ field: RemoteForm.Field) -> Bool {
        field.kind == "text" || field.kind == "date"
    }

    private func handleOnSubmit(_ key: Key) {
        switch key {
        case .enter, .character(" "):
            submit()
        case .tab, .down, .character("j"):
            moveFocus(by: 1)
        case .backTab, .up, .character("k"):
            moveFocus(by: -1)
        case .escape, .character("q"):
            quit()
        default:
            break
        }
    }

    /// The key's gesture on `field`; false when the key is not for the field.
    private func handleField(_ field: RemoteForm.Field, _ key: Key) -> Bool {
        switch (field.kind, key) {
        case ("text", .character(let character)):
            edit { $0.text.append(character) }
        case ("text", .backspace):
            edit { if !$0.text.isEmpty { $0.text.removeLast() } }
        case ("text", .clearLine):
            edit { $0.text = "" }
        case ("date", .character(let character)) where character.isASCII && character.isNumber:
            typeDigit(character)
        case ("date", .left):
            moveDateCursor(by: -1)
        case ("date", .right):
            moveDateCursor(by: 1)
        case ("switch", .character(" ")):
            send(form.rx.setValue(.boolean(form.values[field.name] != .boolean(true)), for: field.name))
        case ("slider", .left), ("slider", .right):
            let (minimum, maximum) = range(field)
            let current = pendingSlides[field.name]?.value ?? form.values[field.name].flatMap { try? Double(dbusValue: $0) } ?? minimum
            // The spec's step, else a tenth of the range; on the step's grid from the minimum.
            let given = field.attributes["step"].flatMap { try? Double(dbusValue: $0) } ?? 0
            let step = given > 0 && given.isFinite ? given : (maximum - minimum) / 10
            let moved = current + (key == .left ? -1 : 1) * step
            let onGrid = given > 0 && given.isFinite ? minimum + ((moved - minimum) / step).rounded() * step : moved
            let value = (min(max(onGrid, minimum), maximum) * 1e9).rounded() / 1e9
            let name = field.name
            pendingSlides[name] = (value, (pendingSlides[name]?.calls ?? 0) + 1)
            send(form.rx.setValue(.double(value), for: name)) { [weak self] in
                guard let self, let waiting = pendingSlides[name] else { return }
                pendingSlides[name] = waiting.calls > 1 ? (waiting.value, waiting.calls - 1) : nil
            }
        case ("stepper", .left), ("stepper", .character("-")):
            send(form.rx.decrement(field.name))
        case ("stepper", .right), ("stepper", .character("+")):
            send(form.rx.increment(field.name))
        case ("choice", .left), ("choice", .right):
            let count = choiceCount(field)
            guard count > 0 else { return true }
            let current = min(buttonFocus[field.name] ?? 0, count - 1)
            buttonFocus[field.name] = (current + (key == .left ? count - 1 : 1)) % count
        case ("choice", .character(" ")):
            let names = buttonNames(field)
            let index = buttonFocus[field.name] ?? 0
            if names.indices.contains(index) {
                send(form.rx.tap(names[index]))
            } else if names.isEmpty, RemoteForm.options(in: field.attributes).indices.contains(index) {
                send(form.rx.setValue(.string(RemoteForm.options(in: field.attributes)[index]), for: field.name), field: field.name)
            }
        default:
            return false
        }
        return true
    }

    /// Moves over the fields a person can edit now, and Submit; leaving an
    /// `updateOn: blur` field commits it, after its last text is sent.
    private func moveFocus(by delta: Int) {
        let current = focusedField
        if let current {
            left.insert(current.name)
        }
        finishEditing()
        if let current, current.attributes["updateOn"]?.stringValue == "blur" {
            send(form.rx.commit(current.name), field: current.name)
        }
        let states = form.fieldStates
        let stops: [String?] = layout.filter { isFocusable($0, states) }.map(\.name) + [nil]
        let index = stops.firstIndex { $0 == current?.name } ?? stops.count - 1
        focus = stops[(index + delta % stops.count + stops.count) % stops.count]
        beginEditing()
    }

    private func quit() {
        throttle?.dispose()
        session.finish(purpose == .attach ? .done("") : .cancelled)
    }

    // MARK: Text and dates

    private func beginEditing() {
        guard let field = focusedField, isTyped(field) else {
            editing = nil
            return
        }
        var text = form.values[field.name]?.stringValue ?? ""
        if field.attributes["secret"] == .boolean(true) {
            text = secrets[field.name] ?? ""
            if secrets[field.name] == nil {
                readSecret(field.name)
            }
            secrets[field.name] = text
        }
        editing = (field.name, text, field.kind == "date" ? 0 : text.count)
        lastSent = text
    }

    /// Reads a secret field's value (the owner's `GetValue`) without
    /// blocking — a blocking call would turn the loop, and keys typed
    /// meanwhile would find no field to go to; it fills the field unless
    /// something was typed into it first.
    private func readSecret(_ field: String) {
        form.rx.value(of: field).subscribe(onNext: { [weak self] value in
            guard let self, let text = value.stringValue, secrets[field] == "" else { return }
            secrets[field] = text
            if let current = editing, current.field == field, current.text.isEmpty {
                editing = (field, text, text.count)
                lastSent = text
            }
            session.redraw()
        }, onError: { _ in }).disposed(by: disposeBag)
    }

    /// Sends what was typed now if it differs from what the daemon was last sent.
    private func finishEditing() {
        throttle?.dispose()
        throttle = nil
        unsent = false
        if let editing, editing.text != lastSent {
            if focusedField?.kind == "date" {
                sendDate(editing)
            } else {
                sendText(editing)
            }
        }
        editing = nil
    }

    private func edit(_ change: (inout (field: String, text: String, cursor: Int)) -> Void) {
        guard var current = editing else { return }
        change(&current)
        editing = current
        if throttle == nil {
            sendText(current)
        } else {
            unsent = true
        }
    }

    /// Another front end (or program) set the field being edited: the edit
    /// buffer becomes the daemon's value, with what was typed here and not
    /// yet sent applied on top of it, so neither side's typing is lost. The
    /// echo of this front end's own sends is told apart by `inFlight`.
    private func heard(_ value: DBusValue, for field: String) {
        if let index = inFlight.firstIndex(where: { $0.field == field && $0.text == value.stringValue }) {
            inFlight.removeSubrange(...index)
            return
        }
        guard var current = editing, current.field == field, let text = value.stringValue, text != lastSent,
              focusedField?.kind == "text", secrets[field] == nil else { return }
        let rebased = FormScreen.rebase(local: current.text, onto: text, since: lastSent ?? "")
        let atEnd = current.cursor >= current.text.count
        current.text = rebased
        current.cursor = atEnd ? rebased.count : min(current.cursor, rebased.count)
        editing = current
        lastSent = text
        unsent = rebased != text
        if unsent, throttle == nil {
            sendText(current)
        }
        session.redraw()
    }

    /// `local`'s change since `base` (one replaced range, as typing makes)
    /// applied to `other`: where the range still fits, at the same place.
    static func rebase(local: String, onto other: String, since base: String) -> String {
        guard local != base else { return other }
        let old = Array(base), new = Array(local), theirs = Array(other)
        var prefix = 0
        while prefix < old.count, prefix < new.count, old[prefix] == new[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < old.count - prefix, suffix < new.count - prefix, old[old.count - 1 - suffix] == new[new.count - 1 - suffix] { suffix += 1 }
        let removed = old.count - prefix - suffix
        let inserted = new[prefix..<(new.count - suffix)]
        // The change is placed by what follows it when it was at the end of the base.
        let start = suffix == 0 ? theirs.count : min(prefix, theirs.count)
        let end = min(start + removed, theirs.count)
        return String(theirs[..<start]) + String(inserted) + String(theirs[end...])
    }

    /// Sends the text and holds further sends for `textInterval`; what was
    /// typed meanwhile goes when it ends, so the last text is always sent.
    private func sendText(_ editing: (field: String, text: String, cursor: Int)) {
        lastSent = editing.text
        if secrets[editing.field] != nil {
            secrets[editing.field] = editing.text
        }
        let sent = (field: editing.field, text: editing.text)
        inFlight.append(sent)
        send(form.rx.setValue(.string(editing.text), for: editing.field), field: editing.field) { [weak self] in
            // Answered without a ValueChanged (the value was already so): no echo will come.
            if let index = self?.inFlight.firstIndex(where: { $0 == sent }) {
                self?.inFlight.remove(at: index)
            }
        }
        throttle = MainLoop.shared.addTimer(after: FormScreen.textInterval) { [weak self] in
            guard let self else { return }
            throttle = nil
            if unsent, let current = self.editing {
                unsent = false
                sendText(current)
            }
        }
    }

    private static let dateDigits = [0, 1, 2, 3, 5, 6, 8, 9]

    private func moveDateCursor(by delta: Int) {
        guard var current = editing else { return }
        let position = FormScreen.dateDigits.firstIndex(of: current.cursor) ?? 0
        current.cursor = FormScreen.dateDigits[min(max(position + delta, 0), FormScreen.dateDigits.count - 1)]
        editing = current
    }

    /// A digit overwrites the one under the cursor, which moves on. The date
    /// is sent whole — once its last digit is typed, or when the field is
    /// left — never a part of one: typing 20230230 over a date passes
    /// through days nobody meant (a day that does not exist is refused by
    /// the daemon, and its message shown).
    private func typeDigit(_ digit: Character) {
        guard var current = editing else { return }
        var characters = Array(current.text)
        guard characters.count == 10, characters.indices.contains(current.cursor) else { return }
        let completes = current.cursor == FormScreen.dateDigits.last
        characters[current.cursor] = digit
        current.text = String(characters)
        editing = current
        moveDateCursor(by: 1)
        refusals[current.field] = nil
        if completes {
            sendDate(current)
        }
    }

    private func sendDate(_ editing: (field: String, text: String, cursor: Int)) {
        lastSent = editing.text
        send(form.rx.setValue(.string(editing.text), for: editing.field), field: editing.field)
    }

    // MARK: Calls

    /// Sends a gesture; a refusal is shown under `field` (or on the status line).
    private func send(_ gesture: Observable<Void>, field: String? = nil, answered: (() -> Void)? = nil) {
        gesture.do(onDispose: answered).subscribe(onNext: { [weak self] _ in
            if let field { self?.refusals[field] = nil }
        }, onError: { [weak self] error in
            guard let self else { return }
            if let error = error as? WidgetsClientError, error.name.hasPrefix("org.rxwidgets.Widgets1.Client.") {
                session.fail(error)
                return
            }
            let message = (error as? WidgetsClientError)?.message ?? "\(error)"
            if let field {
                refusals[field] = message
            } else {
                status = (message, .error)
            }
            session.redraw()
        }).disposed(by: disposeBag)
    }

    private func submit() {
        // A Submit shows every field's message, as a browser's does.
        left.formUnion(layout.map(\.name))
        guard form.submitEnabled else {
            status = ("Submit is disabled until every field is valid", .error)
            return
        }
        form.rx.submit().subscribe(onNext: { [weak self] values in
            self?.submitted(values)
        }, onError: { [weak self] error in
            self?.status = ((error as? WidgetsClientError)?.message ?? "\(error)", .error)
            self?.session.redraw()
        }).disposed(by: disposeBag)
    }

    private func submitted(_ values: [String: DBusValue]) {
        let ordered = layout.compactMap { field in values[field.name].map { (field.name, $0) } }
        switch purpose {
        case .submit:
            session.finish(.done(ordered.map { "\($0.0)=\(ValueText.plain($0.1))\n" }.joined()))
        case .submitJSON:
            session.finish(.done("{" + ordered.map { ValueText.string($0.0) + ":" + ValueText.json($0.1) }.joined(separator: ",") + "}\n"))
        case .attach:
            status = ("submitted", .success)
            session.redraw()
        }
    }
}
