/// A Markdown reference generated from interface declarations: the same
/// names, types and doc strings introspection shows, for reading.
public enum Reference {
    /// One document: `title`, `preamble`, then a section per interface with
    /// its methods, signals and properties.
    public static func markdown(title: String, preamble: String, interfaces: [InterfaceShape]) -> String {
        var text = "# \(title)\n\n\(preamble)\n"
        for interface in interfaces {
            text += "\n## `\(interface.name)`\n\n"
            if let summary = interface.documentation[""] {
                text += summary + "\n"
            }
            if !interface.methods.isEmpty {
                text += "\n### Methods\n\n| method | |\n|---|---|\n"
                for method in interface.methods {
                    let inputs = method.inputs.map { "\($0.type.signature) \($0.name)" }.joined(separator: ", ")
                    let outputs = method.outputs.map { "\($0.type.signature) \($0.name)" }.joined(separator: ", ")
                    let signature = "`\(method.name)(\(inputs))" + (outputs.isEmpty ? "`" : " → (\(outputs))`")
                    text += "| \(signature) | \(cell(interface.documentation[method.name])) |\n"
                }
            }
            if !interface.signals.isEmpty {
                text += "\n### Signals\n\n| signal | |\n|---|---|\n"
                for signal in interface.signals {
                    let arguments = signal.arguments.map { "\($0.type.signature) \($0.name)" }.joined(separator: ", ")
                    text += "| `\(signal.name)(\(arguments))` | \(cell(interface.documentation[signal.name])) |\n"
                }
            }
            if !interface.properties.isEmpty {
                text += "\n### Properties\n\n| property | type | access | |\n|---|---|---|---|\n"
                for property in interface.properties {
                    let changes = property.emitsChanged == .true ? "" : " (\(property.emitsChanged.rawValue == "const" ? "constant" : "no PropertiesChanged"))"
                    text += "| `\(property.name)` | `\(property.type.signature)` | \(property.access.rawValue)\(changes) | \(cell(interface.documentation[property.name])) |\n"
                }
            }
        }
        return text
    }

    private static func cell(_ text: String?) -> String {
        (text ?? "").reduce(into: "") { escaped, character in
            escaped += character == "|" ? "\\|" : String(character)
        }
    }
}
