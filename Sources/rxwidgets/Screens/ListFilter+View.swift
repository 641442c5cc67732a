import FrontEndCore
import Localization
import RxWidgetsCommandLine

extension ListFilter {
    /// The filter's line: `/ query` with a cursor while typing.
    var line: Line {
        var line = Line("/ ", .accent)
        line.append(query)
        if isTyping {
            line.append(" ", .cursor)
        }
        return line
    }

    /// The filter's line and how far the daemon's search answers its query:
    /// "matching…" until it does (`matched` nil), then how many of `total`
    /// rows match. An empty query searches nothing and says nothing.
    func line(matched: Int?, of total: Int) -> Line {
        var line = self.line
        if !query.isEmpty {
            // TRANSLATORS: {0} is how many rows match what was typed, {1} how many rows there are; "matching…" shows until the search answers.
            line.append("  " + (matched.map { tr("{0} of {1}", $0.groupedDigits, total.groupedDigits) } ?? tr("matching…")), .dim)
        }
        return line
    }
}
