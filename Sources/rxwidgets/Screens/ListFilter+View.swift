import FrontEndCore

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
}
