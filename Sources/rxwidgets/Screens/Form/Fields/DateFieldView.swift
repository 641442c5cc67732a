import FrontEndCore
import Localization
import RxWidgetsClient
import RxWidgetsCommandLine

/// How a date field is drawn on the terminal: the day as the locale writes
/// it (`[YYYY-MM-DD]` in C), typed as `[YYYY-MM-DD]`, and while it is
/// focused its month as a calendar, the day shown marked, in the locale's
/// month and weekday names.
extension DateFieldComponent: FieldView {
    static func view(_ field: RemoteForm.Field, in model: FormModel, focused: Bool, border: Style) -> Line {
        let editing = model.editing?.field == field.name ? model.editing : nil
        // Digits are typed over YYYY-MM-DD, so that is what the field shows while it is edited.
        let text = editing?.text ?? shownValue(model.daemon.values[field.name]?.stringValue ?? "")
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
        // TRANSLATORS: a calendar's heading: {0} is the month's name, {1} the year ("March 2026").
        let heading = tr("{0} {1}", Language.process.monthName(shown.month), shown.year)
        let weekdays = (0..<7).map { " " + initials(Language.process.weekdayInitials($0)) }.joined()
        var lines = [Line(" " + heading, .bold), Line(weekdays, .dim)]
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

    /// The field's value as the locale writes a day; a value that is no whole day as it is.
    private static func shownValue(_ value: String) -> String {
        guard let day = CalendarDay(value) else { return value }
        return Language.process.day(year: day.year, month: day.month, day: day.day)
    }

    /// A weekday's initials in exactly the two columns of a day's number.
    private static func initials(_ name: String) -> String {
        var kept = ""
        for character in name {
            guard TextWidth.columns(kept + String(character)) <= 2 else { break }
            kept.append(character)
        }
        return TextWidth.pad(kept, 2)
    }
}
