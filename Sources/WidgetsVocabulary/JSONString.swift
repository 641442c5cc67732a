/// JSON strings as rxwidgets writes them: quotes, backslashes and line
/// breaks escaped, and every character that could act on a terminal the
/// text is printed to (controls, C1 controls, bidirectional overrides)
/// written `\uXXXX` — valid JSON either way, inert wherever it is shown.
public enum JSONString {
    /// `text` as a JSON string, quotes included.
    public static func quoted(_ text: String) -> String {
        var output = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            case _ where mustEscape(scalar): output += escape(scalar)
            default: output.unicodeScalars.append(scalar)
            }
        }
        return output + "\""
    }

    /// Whether `scalar` could act on a terminal: a control, a C1 control,
    /// or a mark that reorders the text around it.
    public static func mustEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0..<0x20, 0x7F...0x9F: return true
        case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: return true
        default: return false
        }
    }

    /// `\u` and four lowercase hex digits, as JSON writes an escape.
    public static func escape(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16)
        return "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
}
