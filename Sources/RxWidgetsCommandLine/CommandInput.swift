import DBus
import Glibc

/// What a command reads besides its arguments: items from standard input,
/// a spec file, labels split from values.
package enum CommandInput {
    /// Items as labels and values: split at the first `delimiter` (an item
    /// without it is both); without a delimiter, the items twice.
    package static func labelled(_ items: [String], _ delimiter: String?) throws -> (labels: [String], values: [String]) {
        guard let delimiter else { return (items, items) }
        let pairs = items.map { item -> (String, String) in
            guard let range = item.firstRange(of: delimiter) else { return (item, item) }
            return (String(item[..<range.lowerBound]), String(item[range.upperBound...]))
        }
        return (pairs.map { $0.0 }, pairs.map { $0.1 })
    }

    /// Items split by `delimiters`: the titles shown, each one's
    /// description (nil without one), and the values printed.
    package static func described(_ items: [String], _ delimiters: ItemDelimiters) throws -> (titles: [String], descriptions: [String?], values: [String]) {
        let (labels, values) = try labelled(items, delimiters.label)
        guard let delimiter = delimiters.description else { return (labels, labels.map { _ in nil }, values) }
        let parts = labels.map { label -> (String, String?) in
            guard let range = label.firstRange(of: delimiter) else { return (label, nil) }
            return (String(label[..<range.lowerBound]), String(label[range.upperBound...]))
        }
        // Without --label-delimiter an item prints as its title, not the whole line.
        return (parts.map(\.0), parts.map(\.1), delimiters.label == nil ? parts.map(\.0) : values)
    }

    /// Rows of `titles` as a widget's models: strings, or where a row has a
    /// description, a dictionary of its `title` and `description`.
    package static func models(titles: [String], descriptions: [String?]) -> [DBusValue] {
        zip(titles, descriptions).map { title, description in
            guard let description else { return .string(title) }
            return .dictionary(key: .string, value: .variant, [(.string("title"), .variant(.string(title))), (.string("description"), .variant(.string(description)))])
        }
    }

    /// `table --columns`' records: each item one record, or standard input
    /// read whole (a quoted field may span lines). A field holding NUL is
    /// refused by its record and field, numbered from 1.
    package static func records(_ items: [String]?, separator: Character) throws -> [[String]] {
        let records: [[String]]
        if let items {
            records = try items.map { try DelimitedRecords.parse($0, separator: separator).first ?? [""] }
        } else {
            guard isatty(0) == 0 else {
                throw UsageError(description: "no items: give them as arguments, or one record a line on standard input")
            }
            guard let text = String(validating: readAll(0), as: UTF8.self) else {
                throw UsageError(description: "standard input is not valid UTF-8")
            }
            records = try DelimitedRecords.parse(text, separator: separator)
        }
        for (index, fields) in records.enumerated() {
            if let field = fields.firstIndex(where: { $0.unicodeScalars.contains("\u{0}") }) {
                throw UsageError(description: "record \(index + 1), field \(field + 1) holds a NUL, which a widget's text cannot carry")
            }
        }
        return records
    }

    /// Standard input's lines, when it is not a terminal. A line that is
    /// not UTF-8 is refused, named: a person's data is never changed
    /// silently (decoding would put U+FFFD in its place, printed back so).
    package static func standardInputLines() throws -> [String] {
        guard isatty(0) == 0 else {
            throw UsageError(description: "no items: give them as arguments, or one a line on standard input")
        }
        var lines: [String] = []
        for (index, bytes) in readAll(0).split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).enumerated() {
            guard let line = String(validating: bytes, as: UTF8.self) else {
                throw UsageError(description: "line \(index + 1) of standard input is not valid UTF-8")
            }
            lines.append(line)
        }
        if lines.last == "" {
            lines.removeLast()
        }
        return lines
    }

    package static func readAll(_ descriptor: Int32) -> [UInt8] {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = read(descriptor, &buffer, buffer.count)
            if count < 0 && errno == EINTR { continue }
            if count <= 0 { break }
            bytes += buffer[..<count]
        }
        return bytes
    }
}
