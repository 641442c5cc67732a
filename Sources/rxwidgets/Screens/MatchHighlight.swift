import FrontEndCore

/// A search's matched characters drawn as such: bold and underlined over
/// the row's own style, so the eye finds why a row matched (fzf's
/// highlight). Offsets are the daemon's, in Unicode scalars of the title.
enum MatchHighlight {
    /// `text` in `width` columns (cut or padded as `TextWidth.pad`), the
    /// scalars at `places` marked.
    static func line(_ text: String, places: [Int], width: Int, style: Style) -> Line {
        let fitted = TextWidth.pad(text, width)
        guard !places.isEmpty else { return Line(fitted, style) }
        let marked = Set(places)
        var matched = style
        matched.bold = true
        matched.underline = true
        var line = Line()
        var run = ""
        var runIsMatched = false
        // The cut keeps a prefix of the title's scalars: offsets hold up to the ellipsis.
        let kept = TextWidth.fit(text, width).unicodeScalars.count - (TextWidth.fit(text, width).hasSuffix("…") && !text.hasSuffix("…") ? 1 : 0)
        for (index, scalar) in fitted.unicodeScalars.enumerated() {
            let isMatched = index < kept && marked.contains(index)
            if isMatched != runIsMatched, !run.isEmpty {
                line.append(run, runIsMatched ? matched : style)
                run = ""
            }
            runIsMatched = isMatched
            run.unicodeScalars.append(scalar)
        }
        if !run.isEmpty {
            line.append(run, runIsMatched ? matched : style)
        }
        return line
    }
}
