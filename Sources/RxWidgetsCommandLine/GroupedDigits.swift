import Localization

extension Int {
    /// With thousands separated as the locale writes them: 1,310,720 (in
    /// C), 1.310.720 in German, 1 310 720 in French.
    package var groupedDigits: String {
        let separator = Language.process.thousandsSeparator
        let digits = String(magnitude)
        var grouped = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 {
                grouped.append(separator)
            }
            grouped.append(digit)
        }
        return (self < 0 ? "-" : "") + grouped
    }
}
