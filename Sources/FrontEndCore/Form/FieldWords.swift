import RxWidgetsClient
import RxWidgetsCommandLine

/// What a form says to the person filling it in, in the field's words —
/// the same in every front end. The daemon's messages name fields and
/// values as a program needs them (`field "birthday" expects a real
/// calendar day as YYYY-MM-DD, got "2000-13-45"`); a person is told what to
/// enter.
extension FormModel {
    /// A field's label, with `*` while it is required (`required`: as its
    /// state says now; else as its layout does).
    package static func label(of field: RemoteForm.Field, required: Bool? = nil) -> String {
        required ?? field.required ? field.label + " *" : field.label
    }

    /// A value the daemon refused for `field`, as the person is told it.
    package static func refusal(_ message: String, for field: RemoteForm.Field) -> String {
        if message.contains("is disabled") {
            return "This field cannot be changed now."
        }
        switch field.kind {
        case .date:
            return "Enter a real calendar day, as YYYY-MM-DD."
        case .slider, .stepper:
            let bounds = [field.minimum, field.maximum].map { $0.flatMap { try? Double(dbusValue: $0) }.map { ValueText.plain(.double($0)) } }
            if let low = bounds[0], let high = bounds[1] {
                return "Enter a number from \(low) to \(high)."
            }
            return "Enter a number."
        case .choice where !field.options.isEmpty:
            return "Choose one of " + field.options.joined(separator: ", ") + "."
        default:
            // The daemon's words without the field's name, which the person sees above.
            let prefix = "field \"\(field.name)\" "
            let words = message.hasPrefix(prefix) ? String(message.dropFirst(prefix.count)) : message
            return words.prefix(1).uppercased() + words.dropFirst()
        }
    }

    /// Why Next is disabled on a page before the last, in words; nil while it is enabled.
    package var nextPageBlockers: String? {
        let invalid = daemon.invalidOnPage
        guard !invalid.isEmpty else { return nil }
        let checking = invalid.filter { daemon.validity[$0.name]?.reason == .pending }.map(\.label)
        return checking.isEmpty ? "Next waits for " + invalid.map(\.label).joined(separator: ", ") : "Checking " + checking.joined(separator: ", ") + "…"
    }

    /// Why Submit is disabled, in words — the fields a person can see that
    /// hold it back, or the checks still running; nil while it is enabled.
    package var submitBlockers: String? {
        guard !daemon.submitEnabled else { return nil }
        let shown = daemon.layout.filter { daemon.states[$0.name]?.visible != false }
        let checking = shown.filter { daemon.validity[$0.name]?.reason == .pending }.map(\.label)
        if !checking.isEmpty {
            return "Checking " + checking.joined(separator: ", ") + "…"
        }
        let invalid = shown.filter { daemon.validity[$0.name]?.valid == false }.map(\.label)
        guard !invalid.isEmpty else { return "Submit is disabled until every field is valid" }
        return "Submit waits for " + invalid.joined(separator: ", ")
    }
}
