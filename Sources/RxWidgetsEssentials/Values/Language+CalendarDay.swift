import Localization

extension Language {
    /// `day` as this language writes it (YYYY-MM-DD in the C locale).
    public func day(_ day: CalendarDay) -> String {
        self.day(year: day.year, month: day.month, day: day.day)
    }
}
