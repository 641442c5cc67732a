import Localization
import RxWidgetsClient

/// A form the daemon words in another language than this front end's (one
/// made by another person's front end, or whose spec names its locale):
/// each reason code the daemon words itself is worded again here, from the
/// field's layout and value, in the person's language. Messages only the
/// form knows — a spec's own `messages`, a validator's or the
/// application's — cannot be translated and are shown as the form gives them.
extension FormSnapshot {
    /// Whether locales `one` and `other` speak the same language (`de_DE.UTF-8`
    /// and `de_AT` do; `C` and `POSIX` speak the English messages are written in).
    package static func speakSameLanguage(_ one: String, _ other: String) -> Bool {
        Language.code(of: one) == Language.code(of: other)
    }

    /// The validity with every reason this front end can word in `language`.
    mutating func wordValidity(in language: Language) {
        let fields = Dictionary(layout.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        var worded = validity
        for (name, entry) in validity where !entry.valid {
            guard let field = fields[name], let reason = entry.reason, !field.ownMessages.contains(reason),
                  let message = Self.message(for: reason, of: field, value: values[name]) else { continue }
            worded[name] = (entry.valid, entry.reason, message.text(in: language))
        }
        // An array invalid for one of its items names the first invalid one, as the daemon does.
        for field in layout where field.kind == .array {
            guard let entry = validity[field.name], !entry.valid, entry.reason != .tooShort, entry.reason != .tooLong,
                  let item = firstInvalidItemField(of: field.name, in: worded) else { continue }
            worded[field.name] = (entry.valid, entry.reason, ValidityMessage.item(item.index, label: item.label, item.message, in: language))
        }
        validity = worded
    }

    private func firstInvalidItemField(of array: String, in worded: [String: RemoteForm.Validity]) -> (index: Int, label: String, message: String)? {
        for field in layout {
            guard let path = FieldPath(field.name), path.field == array, let index = path.item?.index,
                  let entry = worded[field.name], !entry.valid, isShown(field.name) else { continue }
            return (index, field.label, entry.message)
        }
        return nil
    }

    private func isShown(_ name: String) -> Bool {
        states[name]?.visible ?? true
    }

    /// The daemon's built-in message for `reason`, from what the layout and
    /// the value say; nil for a reason whose words only the form has.
    static func message(for reason: ValidityReason, of field: RemoteForm.Field, value: DBusValue?) -> ValidityMessage? {
        switch reason {
        case .valueMissing:
            return .missing(field.kind, chooser: field.chooser)
        case .tooShort, .tooLong:
            if field.kind == .array {
                let held = value?.arrayElements?.count ?? 0
                let bound = (reason == .tooShort ? field.minimum : field.maximum).flatMap(count)
                return bound.map { reason == .tooShort ? .tooFewItems(minimum: $0, held: held) : .tooManyItems(maximum: $0, held: held) }
            }
            let used = value?.stringValue?.unicodeScalars.count ?? 0
            let bound = reason == .tooShort ? field.minLength : field.maxLength
            return bound.map { reason == .tooShort ? .tooFewCharacters(minimum: $0, used: used) : .tooManyCharacters(maximum: $0, used: used) }
        case .patternMismatch:
            return .format
        case .typeMismatch:
            return field.accept.isEmpty ? nil : .fileType(patterns: field.accept.joined(separator: " "))
        case .rangeUnderflow, .rangeOverflow:
            let bound = reason == .rangeUnderflow ? field.minimum : field.maximum
            switch bound {
            case .double(let number)?: return reason == .rangeUnderflow ? .numberAtLeast(JSONValue.format(number)) : .numberAtMost(JSONValue.format(number))
            case .string(let day)?: return reason == .rangeUnderflow ? .dayFrom(day) : .dayUntil(day)
            default: return nil
            }
        case .stepMismatch:
            guard case .double(let number)? = value, let step = field.step, step > 0 else { return nil }
            var base = 0.0
            if case .double(let minimum)? = field.minimum {
                base = minimum
            }
            return .offStep(number, step: step, base: base)
        case .pending:
            return .checking
        case .unavailable:
            return .notChecked
        case .mismatch, .custom, .server, .remote:
            return nil
        }
    }

    private static func count(_ bound: DBusValue) -> Int? {
        switch bound {
        case .uint32(let count): return Int(count)
        case .int32(let count): return Int(count)
        case .double(let count): return Int(exactly: count)
        default: return nil
        }
    }
}
