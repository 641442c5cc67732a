import RxWidgetsClient

/// What a submitted form prints, the same from every front end.
package enum SubmittedValues {
    package enum Format: Equatable {
        /// `name=value` lines, in the layout's order.
        case lines
        /// One JSON object (`--json`).
        case json
        /// One field's value alone (`input`, `write`).
        case value(String)
    }

    package static func output(of values: [String: DBusValue], layout: [RemoteForm.Field], as format: Format) -> String {
        let ordered = layout.compactMap { field in values[field.name].map { (field.name, $0) } }
        switch format {
        case .lines: return ordered.map { name, value in lines(of: value).map { "\(name)=\($0)\n" }.joined() }.joined()
        case .json: return "{" + ordered.map { ValueText.string($0.0) + ":" + ValueText.json($0.1) }.joined(separator: ",") + "}\n"
        case .value(let name): return values[name].map { lines(of: $0).map { $0 + "\n" }.joined() } ?? "\n"
        }
    }

    /// A value's lines: a list of texts (a file field's paths) one a line,
    /// as `answer` takes them back (FIELD=PATH once per file); none for an
    /// empty list; any other value on one line.
    private static func lines(of value: DBusValue) -> [String] {
        if case .array(.string, let elements) = value {
            return elements.map(ValueText.plain)
        }
        return [ValueText.plain(value)]
    }
}
