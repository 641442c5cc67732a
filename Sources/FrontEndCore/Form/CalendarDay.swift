/// A day of the proleptic Gregorian calendar, as a form's date field holds
/// it (`YYYY-MM-DD`), with the arithmetic a calendar grid needs.
package struct CalendarDay: Equatable, Sendable {
    package let year: Int
    package let month: Int
    package let day: Int

    /// The day `text` names as `YYYY-MM-DD`; nil for anything else (29 February in leap years only).
    package init?(_ text: String) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
              let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]),
              (1...12).contains(month), (1...CalendarDay.days(inMonth: month, of: year)).contains(day) else { return nil }
        self.init(year: year, month: month, day: day)
    }

    private init(year: Int, month: Int, day: Int) {
        self.year = year
        self.month = month
        self.day = day
    }

    /// `YYYY-MM-DD`.
    package var text: String {
        [(year, 4), (month, 2), (day, 2)].map { number, width in
            String(repeating: "0", count: max(0, width - String(number).count)) + String(number)
        }.joined(separator: "-")
    }

    package static func days(inMonth month: Int, of year: Int) -> Int {
        let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        return [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]
    }

    /// Days since 1970-01-01 (Howard Hinnant's days_from_civil).
    private var ordinal: Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    private init(ordinal: Int) {
        let z = ordinal + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shifted = (5 * dayOfYear + 2) / 153
        let month = shifted < 10 ? shifted + 3 : shifted - 9
        self.init(year: yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month: month, day: dayOfYear - (153 * shifted + 2) / 5 + 1)
    }

    /// The day `days` later (earlier when negative).
    package func adding(days: Int) -> CalendarDay {
        CalendarDay(ordinal: ordinal + days)
    }

    /// The same day `months` later, or the month's last day when it has fewer.
    package func adding(months: Int) -> CalendarDay {
        let index = year * 12 + (month - 1) + months
        let newYear = index >= 0 ? index / 12 : (index - 11) / 12
        let newMonth = index - newYear * 12 + 1
        return CalendarDay(year: newYear, month: newMonth, day: min(day, CalendarDay.days(inMonth: newMonth, of: newYear)))
    }

    /// 0 for Monday … 6 for Sunday.
    package var weekday: Int {
        // 1970-01-01 was a Thursday.
        ((ordinal % 7) + 7 + 3) % 7
    }

    /// The first day of its month.
    package var firstOfMonth: CalendarDay {
        CalendarDay(year: year, month: month, day: 1)
    }
}
