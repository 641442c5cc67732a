import Localization
import RxWidgetsClient
import RxWidgetsCommandLine

/// A stepper: `− 3 +`; ←/− is `Decrement`, →/+ `Increment`, and digits
/// type a number in its place, sent when the field is left (or before the
/// next step) — the daemon's bounds and step judge it. The decimal point
/// may be typed as "." or as the locale writes it (the German ",").
package enum StepperFieldComponent: FieldComponent {
    package static let isTyped = true

    package static func keys(for field: RemoteForm.Field) -> String {
        // TRANSLATORS: a help line's fragment: keys as printed on the keyboard (kept as they are), then what they do: step a number down or up; type a number.
        tr("←/→ step") + " · " + tr("0-9 type")
    }

    package static func isLocalEdit(_ key: Key, in field: RemoteForm.Field) -> Bool {
        switch key {
        case .character(let character): return isNumberCharacter(character)
        case .backspace: return true
        default: return false
        }
    }

    package static func update(_ field: RemoteForm.Field, _ key: Key, _ model: inout FormModel) -> [FormCommand]? {
        switch key {
        case .character(let character) where isNumberCharacter(character):
            model.editing?.text.append(character)
            model.editing?.cursor += 1
            model.fields[field.name].refusal = nil
            return []
        case .backspace:
            if model.editing?.text.isEmpty == false {
                model.editing?.text.removeLast()
                model.editing?.cursor -= 1
            }
            return []
        case .left, .character("-"): return [.call(.decrement(field.name))]
        case .right, .character("+"): return [.call(.increment(field.name))]
        default: return nil
        }
    }

    /// A digit or a decimal point, as a number is typed.
    private static func isNumberCharacter(_ character: Character) -> Bool {
        (character.isASCII && (character.isNumber || character == ".")) || String(character) == Language.process.decimalSeparator
    }

    /// A typed number as a plain one (the locale's decimal separator as "."), for reading.
    package static func plainNumber(_ typed: String) -> String {
        let separator = Language.process.decimalSeparator
        return separator == "." ? typed : typed.split(separator: separator, omittingEmptySubsequences: false).joined(separator: ".")
    }
}
