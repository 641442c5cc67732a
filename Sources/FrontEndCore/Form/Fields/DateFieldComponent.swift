import RxWidgetsClient
import RxWidgetsCommandLine

/// A date: `[YYYY-MM-DD]` with a cursor on a digit; digits overwrite it,
/// ←/→ move it. The date is sent whole — once its last digit is typed, or
/// when the field is left — never a part of one: typing 20230230 over a
/// date passes through days nobody meant.
package enum DateFieldComponent: FieldComponent {
    package static let isTyped = true
    package static let digits = [0, 1, 2, 3, 5, 6, 8, 9]

    package static func keys(for field: RemoteForm.Field) -> String { "←/→ digits · 0-9 type" }

    package static func isLocalEdit(_ key: Key, in field: RemoteForm.Field) -> Bool {
        switch key {
        case .character(let digit): return digit.isASCII && digit.isNumber
        case .left, .right: return true
        default: return false
        }
    }

    package static func update(_ field: RemoteForm.Field, _ key: Key, _ model: inout FormModel) -> [FormCommand]? {
        switch key {
        case .character(let digit) where digit.isASCII && digit.isNumber:
            return type(digit, &model)
        case .left:
            moveCursor(by: -1, &model)
            return []
        case .right:
            moveCursor(by: 1, &model)
            return []
        default:
            return nil
        }
    }

    package static func moveCursor(by delta: Int, _ model: inout FormModel) {
        guard var current = model.editing else { return }
        let position = digits.firstIndex(of: current.cursor) ?? 0
        current.cursor = digits[min(max(position + delta, 0), digits.count - 1)]
        model.editing = current
    }

    /// A digit overwrites the one under the cursor, which moves on; the last one sends the date.
    private static func type(_ digit: Character, _ model: inout FormModel) -> [FormCommand] {
        guard var current = model.editing else { return [] }
        var characters = Array(current.text)
        guard characters.count == 10, characters.indices.contains(current.cursor) else { return [] }
        let completes = current.cursor == digits.last
        characters[current.cursor] = digit
        current.text = String(characters)
        model.editing = current
        moveCursor(by: 1, &model)
        model.refusals[current.field] = nil
        return completes ? model.send(date: current) : []
    }
}
