import Localization

/// Checks a field's value against its rules, in HTML's order: a missing
/// value first, then length, pattern, range, step, equality and custom rules.
/// The first broken rule gives the reason. Length and pattern rules do not
/// apply to empty text, as in HTML.
struct FieldValidator {
    let field: FieldSpec
    /// The form's language: its messages are broadcast in it.
    let language: Language

    /// What a field's rules are judged against besides its value: the
    /// fields it compares with, its bounds resolved (today's, another
    /// field's), and whether its conditions make it required.
    struct Context: Equatable {
        var equalTo: FieldValue?
        var notEqualTo: FieldValue?
        var min: FieldValue?
        var max: FieldValue?
        var required: Bool
    }

    func validate(_ value: FieldValue, in context: Context) -> FieldValidity {
        let rules = field.rules
        if context.required && isMissing(value) {
            return invalid(.valueMissing, .missing(field.kind, chooser: field.chooser))
        }
        switch value {
        case .text(let text) where field.kind == .file:
            if let failure = checkFiles(text.isEmpty ? [] : [text]) {
                return failure
            }
        case .text(let text):
            if let failure = checkText(text) {
                return failure
            }
        case .number(let number):
            if let failure = checkNumber(number, context) {
                return failure
            }
        case .date(let day):
            if let failure = checkDay(day, context) {
                return failure
            }
        case .paths(let paths):
            if let failure = checkFiles(paths) {
                return failure
            }
        case .items(let items):
            if let array = field.array, items.count < array.minItems {
                return invalid(.tooShort, .tooFewItems(minimum: array.minItems, held: items.count))
            }
            if let array = field.array, items.count > array.maxItems {
                return invalid(.tooLong, .tooManyItems(maximum: array.maxItems, held: items.count))
            }
        case .bool:
            break
        }
        if let other = context.equalTo, let otherName = rules.equalTo, other != value {
            return invalid(.mismatch, .mustMatch(otherName))
        }
        if let other = context.notEqualTo, let otherName = rules.notEqualTo, other == value {
            return invalid(.mismatch, .mustDiffer(otherName))
        }
        if case .text(let text) = value, rules.forbidden.contains(text) {
            // A secret is never quoted: the message is broadcast and read by any uid.
            return invalid(.custom, .notAllowed(field.presentation.secret ? nil : text))
        }
        return .valid
    }

    private func invalid(_ reason: ValidityReason, _ builtIn: ValidityMessage) -> FieldValidity {
        FieldValidity(reason: reason, message: field.rules.messages[reason] ?? builtIn.text(in: language))
    }

    private func isMissing(_ value: FieldValue) -> Bool {
        switch value {
        case .text(let text): return field.kind == .choice ? text == FieldValue.notSelected : text.isEmpty
        case .bool(let flag): return !flag
        case .paths(let paths): return paths.isEmpty
        case .number, .date, .items: return false
        }
    }


    private func checkText(_ text: String) -> FieldValidity? {
        guard field.kind == .text, !text.isEmpty else { return nil }
        let rules = field.rules
        // Unicode scalars, as HTML counts code units: the measure that also
        // bounds what the pattern is run on.
        let length = rules.minLength == nil && rules.maxLength == nil ? 0 : text.unicodeScalarCount
        if let minLength = rules.minLength, length < minLength {
            return invalid(.tooShort, .tooFewCharacters(minimum: minLength, used: length))
        }
        if let maxLength = rules.maxLength, length > maxLength {
            return invalid(.tooLong, .tooManyCharacters(maximum: maxLength, used: length))
        }
        if let pattern = rules.pattern, !pattern.matches(text) {
            return invalid(.patternMismatch, .format)
        }
        return nil
    }

    /// A file field's paths against `accept`: the first whose name matches
    /// no pattern is a `typeMismatch` (the paths themselves are absolute:
    /// `FormField.accept(_:)` refused any other).
    private func checkFiles(_ paths: [String]) -> FieldValidity? {
        let patterns = field.rules.accept
        guard !patterns.isEmpty else { return nil }
        let accepted = FileChooserView.Filter(name: field.name, patterns: patterns)
        guard paths.contains(where: { !accepted.matches(FileChooserView.name(of: $0)) }) else { return nil }
        return invalid(.typeMismatch, .fileType(patterns: patterns.joined(separator: " ")))
    }

    private func checkNumber(_ number: Double, _ context: Context) -> FieldValidity? {
        let rules = field.rules
        if case .number(let min)? = context.min, number < min {
            return invalid(.rangeUnderflow, .numberAtLeast(JSONValue.format(min)))
        }
        if case .number(let max)? = context.max, number > max {
            return invalid(.rangeOverflow, .numberAtMost(JSONValue.format(max)))
        }
        if let step = rules.step {
            var base = 0.0
            if case .number(let min)? = context.min {
                base = min
            }
            let steps = (number - base) / step
            let nearest = steps.rounded()
            if abs(steps - nearest) > 1e-9 * Swift.max(1, abs(steps)) {
                return invalid(.stepMismatch, .offStep(number, step: step, base: base))
            }
        }
        return nil
    }

    private func checkDay(_ day: CalendarDay, _ context: Context) -> FieldValidity? {
        if case .date(let bound)? = context.min, day < bound {
            return invalid(.rangeUnderflow, .dayFrom(bound.description))
        }
        if case .date(let bound)? = context.max, day > bound {
            return invalid(.rangeOverflow, .dayUntil(bound.description))
        }
        return nil
    }
}
