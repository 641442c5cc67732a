extension Int {
    /// With thousands separated by commas: 1,310,720.
    package var groupedDigits: String {
        let digits = String(magnitude)
        var grouped = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 {
                grouped.append(",")
            }
            grouped.append(digit)
        }
        return (self < 0 ? "-" : "") + grouped
    }
}
