import Localization
import RxWidgetsClient
import RxWidgetsCommandLine

/// A date: `[YYYY-MM-DD]` over a month's calendar. ←/→ move a day, ↑/↓ a
/// week, PgUp/PgDn a month; each day reached is sent. Digits overwrite the
/// one under the cursor, which moves on (Backspace moves it back), and the
/// date typed is sent whole — once its last digit is typed, or when the
/// field is left — never a part of one: typing 20230230 over a date passes
/// through days nobody meant. A separator (`-`, `.`, `/`) moves the cursor
/// to the next part; once a date is whole, the next digit starts a new one.
package enum DateFieldComponent: FieldComponent {
    package static let isTyped = true
    package static let digits = [0, 1, 2, 3, 5, 6, 8, 9]
    /// Where the cursor rests once a whole date is typed: past its end, so
    /// the next digit starts a new date, and Backspace goes back as from the last digit.
    static let pastTheEnd = 10

    package static func keys(for field: RemoteForm.Field) -> String {
        // TRANSLATORS: a help line's fragment: keys as printed on the keyboard (kept as they are), then what they do: move the date by a day, a week, a month; type the date's digits.
        [tr("←/→ day"), tr("↑/↓ week"), tr("pgup/pgdn month"), tr("0-9 type")].joined(separator: " · ")
    }

    package static func isLocalEdit(_ key: Key, in field: RemoteForm.Field) -> Bool {
        switch key {
        case .character(let digit): return digit.isASCII && digit.isNumber || separators.contains(digit)
        case .backspace: return true
        default: return false
        }
    }

    package static func update(_ field: RemoteForm.Field, _ key: Key, _ model: inout FormModel) -> [FormCommand]? {
        switch key {
        case .character(let digit) where digit.isASCII && digit.isNumber:
            return type(digit, &model)
        case .character(let separator) where separators.contains(separator):
            toNextPart(&model)
            return []
        case .backspace:
            moveCursor(by: -1, &model)
            return []
        case .left: return move(&model) { $0.adding(days: -1) }
        case .right: return move(&model) { $0.adding(days: 1) }
        case .up: return move(&model) { $0.adding(days: -7) }
        case .down: return move(&model) { $0.adding(days: 7) }
        case .pageUp: return move(&model) { $0.adding(months: -1) }
        case .pageDown: return move(&model) { $0.adding(months: 1) }
        default:
            return nil
        }
    }

    /// The day the field shows: what is typed, when it is a whole day.
    package static func shownDay(_ field: RemoteForm.Field, in model: FormModel) -> CalendarDay? {
        let text = model.editing?.field == field.name ? model.editing?.text : model.daemon.values[field.name]?.stringValue
        return text.flatMap(CalendarDay.init)
    }

    package static func moveCursor(by delta: Int, _ model: inout FormModel) {
        guard var current = model.editing else { return }
        let position = digits.firstIndex(of: current.cursor) ?? (current.cursor >= pastTheEnd ? digits.count - 1 : 0)
        current.cursor = digits[min(max(position + delta, 0), digits.count - 1)]
        model.editing = current
    }

    /// Moves the calendar's day and sends it; typing starts again at the
    /// first digit. Nothing moves from a date that is not a whole day.
    private static func move(_ model: inout FormModel, _ step: (CalendarDay) -> CalendarDay) -> [FormCommand] {
        guard var current = model.editing, let day = CalendarDay(current.text) else { return [] }
        current.text = step(day).text
        current.cursor = 0
        model.editing = current
        model.fields[current.field].refusal = nil
        return model.send(date: current)
    }

    /// What people type between a day's parts, in any locale's order.
    private static let separators: Set<Character> = ["-", ".", "/"]

    /// The cursor to the first digit of the next part (month, then day);
    /// at a part's first digit, where a part just typed left it, it stays.
    private static func toNextPart(_ model: inout FormModel) {
        guard var current = model.editing, ![0, 5, 8, pastTheEnd].contains(current.cursor) else { return }
        current.cursor = current.cursor < 5 ? 5 : 8
        model.editing = current
    }

    /// A digit overwrites the one under the cursor, which moves on; the last one sends the date.
    private static func type(_ digit: Character, _ model: inout FormModel) -> [FormCommand] {
        guard var current = model.editing else { return [] }
        if current.cursor >= pastTheEnd {
            current.cursor = 0
        }
        var characters = Array(current.text)
        guard characters.count == 10, characters.indices.contains(current.cursor) else { return [] }
        let completes = current.cursor == digits.last
        characters[current.cursor] = digit
        current.text = String(characters)
        model.editing = current
        moveCursor(by: 1, &model)
        model.fields[current.field].refusal = nil
        guard completes else { return [] }
        // A whole date typed: the next digit starts the next one.
        model.editing?.cursor = pastTheEnd
        return model.send(date: current)
    }
}
