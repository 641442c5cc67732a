import CLinux

/// `message` in `language`, from the rxwidgets catalog, with `{0}`, `{1}`…
/// replaced by `arguments` (a translation may reorder them). The message
/// itself, English, when the catalog has no translation.
///
/// Only literals are translated: `scripts/extract-messages` finds each
/// call's message in the source to build `po/rxwidgets.pot`.
public func tr(_ message: StaticString, _ arguments: any CustomStringConvertible..., in language: Language = .process) -> String {
    let translated = message.description.withCString { message in
        lookUp(language) { clinux_translate(Catalogs.domain, message, $0) }
    }
    return fill(translated, arguments)
}

/// `one` or `other` in `language` as `count` asks (the catalog's plural
/// rule decides: some languages have more forms than two), with `{0}`,
/// `{1}`… replaced by `arguments`.
public func tr(one: StaticString, other: StaticString, count: Int, _ arguments: any CustomStringConvertible..., in language: Language = .process) -> String {
    let translated = one.description.withCString { one in
        other.description.withCString { other in
            lookUp(language) { clinux_translate_plural(Catalogs.domain, one, other, UInt(max(count, 0)), $0) }
        }
    }
    return fill(translated, arguments)
}

private func lookUp(_ language: Language, _ translate: (UnsafeMutableRawPointer?) -> UnsafePointer<CChar>?) -> String {
    _ = Catalogs.bound
    guard let text = translate(language.handle) else { return "" }
    return String(cString: text)
}

/// `text` with each `{N}` replaced by `arguments[N]`; any other brace is kept.
func fill(_ text: String, _ arguments: [any CustomStringConvertible]) -> String {
    guard !arguments.isEmpty, text.contains("{") else { return text }
    var result = ""
    var rest = Substring(text)
    while let open = rest.firstIndex(of: "{") {
        result += rest[..<open]
        let afterOpen = rest.index(after: open)
        if let close = rest[afterOpen...].firstIndex(of: "}"),
           let index = Int(rest[afterOpen..<close]), arguments.indices.contains(index) {
            result += arguments[index].description
            rest = rest[rest.index(after: close)...]
        } else {
            result += "{"
            rest = rest[afterOpen...]
        }
    }
    return result + rest
}
