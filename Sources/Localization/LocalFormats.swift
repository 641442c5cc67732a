import CLinux
#if canImport(Glibc)
import Glibc
#endif

extension Language {
    /// A day as the locale writes it in short (strftime's `%x`: 07.12.2026
    /// in German, 07/12/2026 in French), or YYYY-MM-DD, as on the bus, in
    /// the C locale (whose `%x` would be an American 12/07/26).
    public func day(year: Int, month: Int, day: Int) -> String {
        guard !writesAsC(category: "LC_TIME") else {
            return isoDay(year: year, month: month, day: day)
        }
        var buffer = [CChar](repeating: 0, count: 64)
        let count = clinux_format_day(&buffer, UInt(buffer.count), Int32(clamping: year), Int32(clamping: month), Int32(clamping: day), handle)
        guard count > 0 else { return "" }
        return String(decoding: buffer[..<Int(count)].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// A day written YYYY-MM-DD (as on the bus) the locale's way; any other
    /// text as it is.
    public func day(iso text: String) -> String {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]) else { return text }
        return self.day(year: year, month: month, day: day)
    }

    /// A day the person typed as the process's locale writes it (`%x`:
    /// 15.03.1990, 15/03/1990) as YYYY-MM-DD, as it is sent; nil for any
    /// other text, in the C locale, or with a year under 1000 (a locale
    /// writing two digits of the year names no whole day).
    public static func processDay(fromLocal text: String) -> String? {
        guard !process.writesAsC(category: "LC_TIME"), !text.isEmpty else { return nil }
        var (year, month, day): (Int32, Int32, Int32) = (0, 0, 0)
        guard clinux_parse_day(text, &year, &month, &day) == 1, (1000...9999).contains(year) else { return nil }
        return process.isoDay(year: Int(year), month: Int(month), day: Int(day))
    }

    private func isoDay(year: Int, month: Int, day: Int) -> String {
        String(year).leftPadded(4) + "-" + String(month).leftPadded(2) + "-" + String(day).leftPadded(2)
    }

    /// The locale's decimal separator: "," in German and French.
    public var decimalSeparator: String {
        String(cString: clinux_decimal_point(handle))
    }

    /// The locale's thousands separator: "." in German, a narrow no-break
    /// space in French; "," in the C locale (which names none), as the
    /// messages are written.
    public var thousandsSeparator: String {
        let separator = String(cString: clinux_thousands_separator(handle))
        return separator.isEmpty || writesAsC(category: "LC_NUMERIC") ? "," : separator
    }

    /// A number written with "." (as on the bus) in the locale's form: its
    /// decimal separator in place of ".".
    public func number(_ plain: String) -> String {
        let separator = decimalSeparator
        return separator == "." ? plain : plain.split(separator: ".", omittingEmptySubsequences: false).joined(separator: separator)
    }
}

extension Language {
    /// `month` (1 for January … 12) named standing alone, as a calendar's
    /// heading names it: January, Januar, janvier (glibc's ALTMON, the
    /// nominative where a language declines month names).
    public func monthName(_ month: Int) -> String {
        guard (1...12).contains(month) else { return "" }
        return information(nl_item(Int(__ALTMON_1) + month - 1))
    }

    /// `weekday` (0 for Monday … 6 for Sunday) in at most two letters, as a
    /// calendar's column heading: Mo Tu We, Mo Di Mi, lu ma me.
    public func weekdayInitials(_ weekday: Int) -> String {
        guard (0...6).contains(weekday) else { return "" }
        // ABDAY_1 is Sunday; the calendar's weeks begin on Monday.
        return String(information(nl_item(Int(ABDAY_1) + (weekday + 1) % 7)).prefix(2))
    }

    /// What the locale says about `item` (nl_langinfo), read from this language's locale.
    private func information(_ item: nl_item) -> String {
        guard let handle else { return String(cString: nl_langinfo(item)) }
        return String(cString: nl_langinfo_l(item, handle.assumingMemoryBound(to: __locale_struct.self)))
    }
}

extension Language {
    /// Whether this language's `category` is the C locale's.
    func writesAsC(category: String) -> Bool {
        let name = handle == nil ? String(cString: clinux_process_locale(category)) : self.name
        return name == "C" || name == "POSIX" || name.hasPrefix("C.")
    }
}

private extension String {
    func leftPadded(_ width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
