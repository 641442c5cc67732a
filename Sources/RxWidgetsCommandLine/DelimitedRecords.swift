/// Lines of delimited fields as RFC 4180 reads them, with any one-character
/// separator (`,` for CSV, a tab for TSV): a field in double quotes may
/// hold the separator, a line break and `""` for one quote; a record ends
/// at LF or CRLF; a last record without a line break counts.
package enum DelimitedRecords {
    /// The records of `text`, each its fields. A quote left open at the end
    /// of the text, or text after a closing quote other than a separator or
    /// the record's end, is a usage error naming the record (numbered from 1).
    package static func parse(_ text: String, separator: Character) throws -> [[String]] {
        var records: [[String]] = []
        var fields: [String] = []
        var field = ""
        var quoted = false
        var closed = false
        var record = 1
        var characters = text.makeIterator()
        var pending: Character?
        func next() -> Character? {
            if let held = pending {
                pending = nil
                return held
            }
            return characters.next()
        }
        func endRecord() {
            fields.append(field)
            records.append(fields)
            fields = []
            field = ""
            closed = false
            record += 1
        }
        while let character = next() {
            if quoted {
                if character == "\"" {
                    if let following = next() {
                        if following == "\"" {
                            field.append("\"")
                            continue
                        }
                        pending = following
                    }
                    quoted = false
                    closed = true
                } else {
                    field.append(character)
                }
                continue
            }
            switch character {
            case separator:
                fields.append(field)
                field = ""
                closed = false
            // Swift reads CR LF as one character.
            case "\n", "\r\n":
                endRecord()
            case "\"" where field.isEmpty && !closed:
                quoted = true
            default:
                guard !closed else {
                    throw UsageError(description: "record \(record) of the input has text after a field's closing quote; a quote inside a quoted field is written \"\"")
                }
                field.append(character)
            }
        }
        if quoted {
            throw UsageError(description: "record \(record) of the input opens a quoted field that never closes")
        }
        if !field.isEmpty || !fields.isEmpty || closed {
            endRecord()
        }
        return records
    }

    /// `fields` as one line with `separator`, quoted where RFC 4180 needs
    /// it (a field holding the separator, a quote or a line break): what
    /// `table --columns` prints of a row, read back the same.
    package static func line(_ fields: [String], separator: Character) -> String {
        fields.map { field in
            guard field.contains(where: { $0 == separator || $0 == "\"" || $0.isNewline }) else { return field }
            return "\"" + field.reduce(into: "") { $0 += $1 == "\"" ? "\"\"" : String($1) } + "\""
        }.joined(separator: String(separator))
    }
}
