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
