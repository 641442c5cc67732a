import FrontEndCore
import RxWidgetsClient
import RxWidgetsCommandLine

/// How a date field is drawn on the terminal: `[YYYY-MM-DD]`, and while it
/// is focused its month as a calendar, the day shown marked.
extension DateFieldComponent: FieldView {
    static let monthNames = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"]

    static func view(_ field: RemoteForm.Field, in model: FormModel, focused: Bool, border: Style) -> Line {
        let editing = model.editing?.field == field.name ? model.editing : nil
        let text = editing?.text ?? model.daemon.values[field.name]?.stringValue ?? ""
        var line = Line("[", border)
        for (offset, character) in text.enumerated() {
            line.append(String(character), focused && offset == editing?.cursor ? .cursor : .plain)
        }
        line.append("]", border)
        return line
    }

    static func continuation(_ field: RemoteForm.Field, in model: FormModel, focused: Bool) -> [Line] {
        guard focused, let shown = shownDay(field, in: model) else { return [] }
        let first = shown.firstOfMonth
        var lines = [Line(" " + monthNames[shown.month - 1] + " \(shown.year)", .bold), Line(" Mo Tu We Th Fr Sa Su", .dim)]
        var week = Line(String(repeating: "   ", count: first.weekday))
        for day in 1...CalendarDay.days(inMonth: shown.month, of: shown.year) {
            let number = day < 10 ? " \(day)" : "\(day)"
            week.append(" ")
            week.append(number, day == shown.day ? .cursor : .plain)
            if (first.weekday + day) % 7 == 0 {
                lines.append(week)
                week = Line()
            }
        }
        if !week.spans.isEmpty {
            lines.append(week)
        }
        return lines
    }
}
