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
        case .lines: return ordered.map { "\($0.0)=\(ValueText.plain($0.1))\n" }.joined()
        case .json: return "{" + ordered.map { ValueText.string($0.0) + ":" + ValueText.json($0.1) }.joined(separator: ",") + "}\n"
        case .value(let name): return (values[name].map(ValueText.plain) ?? "") + "\n"
        }
    }
}
