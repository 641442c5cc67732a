import CLinux

extension Language {
    /// A day as the locale writes it in short (strftime's `%x`: 07.12.2026
    /// in German, 07/12/2026 in French), or YYYY-MM-DD, as on the bus, in
    /// the C locale (whose `%x` would be an American 12/07/26).
    public func day(year: Int, month: Int, day: Int) -> String {
        guard !writesAsC(category: "LC_TIME") else {
            return String(year).leftPadded(4) + "-" + String(month).leftPadded(2) + "-" + String(day).leftPadded(2)
        }
        var buffer = [CChar](repeating: 0, count: 64)
        let count = clinux_format_day(&buffer, UInt(buffer.count), Int32(clamping: year), Int32(clamping: month), Int32(clamping: day), handle)
        guard count > 0 else { return "" }
        return String(decoding: buffer[..<Int(count)].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The locale's decimal separator: "," in German and French.
    public var decimalSeparator: String {
        String(cString: clinux_decimal_point(handle))
    }

    /// A number written with "." (as on the bus) in the locale's form: its
    /// decimal separator in place of ".".
    public func number(_ plain: String) -> String {
        let separator = decimalSeparator
        return separator == "." ? plain : plain.split(separator: ".", omittingEmptySubsequences: false).joined(separator: separator)
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
