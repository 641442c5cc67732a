/// How error messages show a value they echo: whole when it is short, else
/// its first `limit` characters, an ellipsis and its full length, so that a
/// hostile megabyte-long value never comes back in a reply. A NUL shows as
/// `\0`: D-Bus strings cannot carry it, so a message echoing one could not be sent.
/// `quote` nil leaves the marks to a translated message, whose language
/// has its own („…“, « … »).
public func quoted(_ text: some StringProtocol, limit: Int = 200, quote: Character? = "'") -> String {
    let quote = quote.map(String.init) ?? ""
    var shown = ""
    var count = 0
    for character in text {
        if count == limit {
            return "\(quote)\(shown)…\(quote) (\(text.unicodeScalars.count) characters)"
        }
        if character == "\u{0}" {
            shown += "\\0"
        } else {
            shown.append(character)
        }
        count += 1
    }
    return "\(quote)\(shown)\(quote)"
}
