/// One line of zenity's `--progress` protocol, as `progress` reads it on
/// standard input in every front end.
package enum ProgressLine: Equatable {
    /// A number: the percentage done, clamped to 0 … 100.
    case percentage(Double)
    /// `# TEXT`: the text shown with the bar.
    case text(String)
    /// `step N STATUS`: step N's status (steps numbered from 1).
    case step(index: Int, status: String)
    /// `pulsate`: how far is unknown.
    case pulse

    /// What `line` asks, for a progress of `steps` steps; nil for anything
    /// else, which is ignored, as zenity ignores it.
    package static func parse(_ line: String, steps: Int) -> ProgressLine? {
        let trimmed = trimmed(Substring(line))
        if trimmed.hasPrefix("#") {
            return .text(ProgressLine.trimmed(trimmed.dropFirst()))
        }
        if let percentage = Double(trimmed), percentage.isFinite {
            return .percentage(min(max(percentage, 0), 100))
        }
        let words = trimmed.split(separator: " ")
        if words.count == 3, words[0] == "step", let number = Int(words[1]), (1...max(steps, 1)).contains(number), number <= steps,
           ["pending", "running", "done", "failed", "skipped"].contains(String(words[2])) {
            return .step(index: number - 1, status: String(words[2]))
        }
        return trimmed == "pulsate" ? .pulse : nil
    }

    private static func trimmed(_ text: Substring) -> String {
        String(text.drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
    }
}
