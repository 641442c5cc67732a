import RxWidgetsClient
import RxWidgetsCommandLine

/// A stepper: `− 3 +`; ←/− is `Decrement`, →/+ `Increment`, and digits
/// type a number in its place, sent when the field is left (or before the
/// next step) — the daemon's bounds and step judge it.
package enum StepperFieldComponent: FieldComponent {
    package static let isTyped = true

    package static func keys(for field: RemoteForm.Field) -> String { "←/→ step · 0-9 type" }

    package static func isLocalEdit(_ key: Key, in field: RemoteForm.Field) -> Bool {
        switch key {
        case .character(let character): return character.isASCII && (character.isNumber || character == ".")
        case .backspace: return true
        default: return false
        }
    }

    package static func update(_ field: RemoteForm.Field, _ key: Key, _ model: inout FormModel) -> [FormCommand]? {
        switch key {
        case .character(let character) where character.isASCII && (character.isNumber || character == "."):
            model.editing?.text.append(character)
            model.editing?.cursor += 1
            model.refusals[field.name] = nil
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
}
