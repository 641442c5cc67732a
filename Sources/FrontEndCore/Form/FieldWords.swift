import Localization
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
        // English on purpose: the daemon's refusal, which is English, is matched.
        if message.contains("is disabled") {
            return tr("This field cannot be changed now.")
        }
        switch field.kind {
        case .date:
            // TRANSLATORS: YYYY-MM-DD is how a day is typed (2026-03-14): keep the order year, month, day and the hyphens; write the letters as your language names them (JJJJ-MM-TT, AAAA-MM-JJ).
            return tr("Enter a real calendar day, as YYYY-MM-DD.")
        case .slider, .stepper:
            let bounds = [field.minimum, field.maximum].map { $0.flatMap { try? Double(dbusValue: $0) }.map { Language.process.number(ValueText.plain(.double($0))) } }
            if let low = bounds[0], let high = bounds[1] {
                // TRANSLATORS: {0} is the smallest number a field takes, {1} the largest.
                return tr("Enter a number from {0} to {1}.", low, high)
            }
            return tr("Enter a number.")
        case .choice where !field.options.isEmpty:
            // TRANSLATORS: {0} lists the options, as "red, green, blue".
            return tr("Choose one of {0}.", field.options.map(field.optionLabel).joined(separator: ", "))
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
        // TRANSLATORS: {0} lists the labels of the fields that are not valid yet, as "Name, Email".
        return checking.isEmpty ? tr("Next waits for {0}", blockingLabels(invalid).joined(separator: ", ")) : checkingWords(checking)
    }

    /// Why Submit is disabled, in words — the fields a person can see that
    /// hold it back, or the checks still running; nil while it is enabled.
    package var submitBlockers: String? {
        guard !daemon.submitEnabled else { return nil }
        let shown = daemon.layout.filter { daemon.states[$0.name]?.visible != false }
        let checking = shown.filter { daemon.validity[$0.name]?.reason == .pending }.map(\.label)
        if !checking.isEmpty {
            return checkingWords(checking)
        }
        let invalid = blockingLabels(shown.filter { daemon.validity[$0.name]?.valid == false })
        guard !invalid.isEmpty else { return tr("Submit is disabled until every field is valid") }
        // TRANSLATORS: {0} lists the labels of the fields that are not valid yet, as "Name, Email".
        return tr("Submit waits for {0}", invalid.joined(separator: ", "))
    }

    /// The labels of the invalid `fields` as a person finds them: an item's
    /// field with its item ("Address 2, Company"), and an array left out
    /// when it is invalid for an item field already named.
    private func blockingLabels(_ fields: [RemoteForm.Field]) -> [String] {
        let arraysNamedByItems = Set(fields.compactMap { field in FieldPath(field.name).flatMap { $0.item == nil ? nil : $0.field } })
        return fields.compactMap { field in
            guard let path = FieldPath(field.name), let (index, _) = path.item else {
                return arraysNamedByItems.contains(field.name) ? nil : field.label
            }
            let array = daemon.layout.first { $0.name == path.field }?.label ?? path.field
            // TRANSLATORS: an item's field as a person finds it: {0} the list's label, {1} the item's number, {2} the field's label ("Address 2, Company").
            return tr("{0} {1}, {2}", array, index + 1, field.label)
        }
    }

    /// That the checks of the fields `labels` still run.
    private func checkingWords(_ labels: [String]) -> String {
        // TRANSLATORS: {0} lists the labels of the fields whose values are being checked, as "Username, Email".
        tr("Checking {0}…", labels.joined(separator: ", "))
    }
}
