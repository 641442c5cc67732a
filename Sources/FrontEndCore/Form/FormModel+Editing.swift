import RxWidgetsClient
import RxWidgetsCommandLine

/// The edit buffer of the focused text or date field: what was typed and
/// not yet sent, throttled sends, and another front end's changes rebased
/// under it, so neither side's typing is lost (docs/behaviour.md).
extension FormModel {
    /// Starts editing the focused field when it takes typed text.
    package mutating func beginEditing() -> [FormCommand] {
        guard let field = focusedField, FormModel.component(of: field).isTyped else {
            editing = nil
            return []
        }
        var commands: [FormCommand] = []
        var text = daemon.values[field.name]?.stringValue ?? ""
        if field.secret {
            let kept = fields[TextFieldComponent.self, name: field.name].secret
            if kept == nil {
                commands.append(.readSecret(field.name))
            }
            text = kept ?? ""
            fields[TextFieldComponent.self, name: field.name].secret = text
        }
        editing = EditBuffer(field: field.name, text: text, cursor: field.kind == .date ? 0 : text.count)
        lastSent = text
        return commands
    }

    /// Sends what was typed, if the daemon was not sent it yet, and stops editing.
    package mutating func finishEditing() -> [FormCommand] {
        throttling = false
        defer { editing = nil }
        return flushEditing()
    }

    /// Sends what was typed now, if the daemon was not sent it yet; editing goes on.
    mutating func flushEditing() -> [FormCommand] {
        unsent = false
        guard let editing, editing.text != lastSent else { return [] }
        switch editingKind {
        case .date: return send(date: editing)
        case .stepper: return send(number: editing)
        default: return send(text: editing)
        }
    }

    /// Changes the buffer; sends it now, or when the throttle ends.
    package mutating func edit(_ change: (inout EditBuffer) -> Void) -> [FormCommand] {
        guard var current = editing else { return [] }
        change(&current)
        editing = current
        guard !throttling else {
            unsent = true
            return []
        }
        return send(text: current)
    }

    /// Sends the text and holds further sends for `textInterval`.
    package mutating func send(text buffer: EditBuffer) -> [FormCommand] {
        lastSent = buffer.text
        if fields[TextFieldComponent.self, name: buffer.field].secret != nil {
            fields[TextFieldComponent.self, name: buffer.field].secret = buffer.text
        }
        inFlight.append((buffer.field, buffer.text))
        throttling = true
        return [.call(.setValue(field: buffer.field, value: .string(buffer.text), .text)), .startThrottle]
    }

    /// A number typed into a stepper, as a number; the buffer empties, so
    /// the field shows the daemon's value again. Not a number: refused here.
    mutating func send(number buffer: EditBuffer) -> [FormCommand] {
        editing?.text = ""
        lastSent = ""
        guard let number = Double(StepperFieldComponent.plainNumber(buffer.text)), number.isFinite else {
            fields[buffer.field].refusal = "field \"\(buffer.field)\" expects a number, got \(quoted(buffer.text, quote: "\""))"
            return []
        }
        return [.call(.setValue(field: buffer.field, value: .double(number), .plain))]
    }

    package mutating func send(date buffer: EditBuffer) -> [FormCommand] {
        lastSent = buffer.text
        return [.call(.setValue(field: buffer.field, value: .string(buffer.text), .date))]
    }

    /// The throttle ended: what was typed meanwhile goes now.
    package mutating func throttleEnded() -> [FormCommand] {
        throttling = false
        guard unsent, let current = editing else { return [] }
        unsent = false
        return send(text: current)
    }

    /// A text send was answered without an echo (the value was already so).
    package mutating func textAnswered(field: String, text: String) {
        if let index = inFlight.firstIndex(where: { $0.field == field && $0.text == text }) {
            inFlight.remove(at: index)
        }
    }

    /// `ValueChanged`: the echo of this front end's own send, or another's
    /// change, which the edit buffer takes with what was typed here and not
    /// yet sent applied on top.
    package mutating func heard(_ value: DBusValue, for field: String) -> [FormCommand] {
        fields[field].refusal = nil
        if let index = inFlight.firstIndex(where: { $0.field == field && $0.text == value.stringValue }) {
            inFlight.removeSubrange(...index)
            return []
        }
        guard var current = editing, current.field == field, let text = value.stringValue, text != lastSent,
              focusedField?.kind == .text, fields[TextFieldComponent.self, name: field].secret == nil else { return [] }
        let rebased = FormModel.rebase(local: current.text, onto: text, since: lastSent ?? "")
        let atEnd = current.cursor >= current.text.count
        current.text = rebased
        current.cursor = atEnd ? rebased.count : min(current.cursor, rebased.count)
        editing = current
        lastSent = text
        unsent = rebased != text
        guard unsent, !throttling else { return [] }
        unsent = false
        return send(text: current)
    }

    /// The owner's value of a secret field: it fills the field unless
    /// something was typed into it first.
    package mutating func secretRead(_ text: String, for field: String) {
        guard fields[TextFieldComponent.self, name: field].secret == "" else { return }
        fields[TextFieldComponent.self, name: field].secret = text
        if let current = editing, current.field == field, current.text.isEmpty {
            editing = EditBuffer(field: field, text: text, cursor: text.count)
            lastSent = text
        }
    }

    /// `local`'s change since `base` (one replaced range, as typing makes)
    /// applied to `other`: where the range still fits, at the same place.
    package static func rebase(local: String, onto other: String, since base: String) -> String {
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
}
