import RxWidgetsEssentials
import DBus

/// Checks of client input, each refusal naming the argument, the value
/// received and what was expected.
struct InputChecks: Sendable {
    let limits: Limits

    /// A string within the length limit (`String.fits(characters:)`).
    func checkString(_ text: String, _ what: @autoclosure () -> String) throws {
        if !text.fits(characters: limits.stringLength) {
            throw WidgetsError.limitExceeded("\(what()) has \(text.unicodeScalars.count) characters; the limit is \(limits.stringLength)")
        }
    }

    /// Every string inside a value within the length limit.
    func checkStrings(in value: DBusValue, _ what: @autoclosure () -> String) throws {
        switch value {
        case .string(let text): try checkString(text, what())
        case .array(_, let elements):
            for element in elements { try checkStrings(in: element, what()) }
        case .dictEntry(let key, let value):
            try checkStrings(in: key, what())
            try checkStrings(in: value, what())
        case .structure(let fields):
            for field in fields { try checkStrings(in: field, what()) }
        case .variant(let inner): try checkStrings(in: inner, what())
        default: break
        }
    }

    /// A widget's data within the limits on components (or sections) and rows.
    func checkShape(parts: Int, rows: Int, unit: String, _ what: @autoclosure () -> String) throws {
        guard parts <= limits.componentsPerWidget else {
            throw WidgetsError.limitExceeded("\(what()) has \(parts) \(unit); the limit is \(limits.componentsPerWidget)")
        }
        guard rows <= limits.rowsPerWidget else {
            throw WidgetsError.limitExceeded("\(what()) has \(rows) rows; the limit is \(limits.rowsPerWidget)")
        }
    }

    /// An `a{sv}` of options whose keys are all known.
    func options(_ value: DBusValue, allowed: [String: DBusType], argument: String) throws -> [String: DBusValue] {
        var result: [String: DBusValue] = [:]
        for entry in value.dictionaryEntries ?? [] {
            guard let key = entry.key.stringValue else { continue }
            guard let type = allowed[key] else {
                let known = allowed.keys.sorted().map { "'\($0)'" }.joined(separator: ", ")
                throw DBusError.invalidArgs("\(argument): unknown key \(quoted(key)); expected \(known.isEmpty ? "no keys" : known)")
            }
            guard case .variant(let inner) = entry.value, inner.type == type else {
                let received = entry.value.variantValue?.type.signature ?? "?"
                throw DBusError.invalidArgs("\(argument): key '\(key)' expects '\(type.signature)', got '\(received)'")
            }
            result[key] = inner
        }
        return result
    }

    /// The most rows one batch read (`Titles`, `Cells`) returns.
    static let pageLimit = 65_536

    /// The rows `first` … `first+count−1` of `rows`, clipped at the end:
    /// `first` may be `rows` (an empty page), `count` at most `pageLimit`.
    func page(first: Int32, count: Int32, rows: Int) throws -> Range<Int> {
        guard count >= 0 else {
            throw DBusError.invalidArgs("count \(count) is negative; expected 0 to \(InputChecks.pageLimit)")
        }
        guard count <= InputChecks.pageLimit else {
            throw WidgetsError.limitExceeded("count \(count) is over \(InputChecks.pageLimit), the most rows one call reads")
        }
        guard first >= 0, Int(first) <= rows else {
            throw WidgetsError.outOfRange("first \(first) is out of range; expected 0…\(rows)")
        }
        return Int(first)..<min(rows, Int(first) + Int(count))
    }

    /// The values of a page's rows, in order, as many as one reply carries:
    /// the page ends early before the row whose value would take the reply
    /// past the message limit, and the client reads on from there.
    func fitting(_ rows: Range<Int>, _ value: (Int) -> DBusValue) -> [DBusValue] {
        var left = limits.messageBytes - Message.headerAllowance - 64
        var values: [DBusValue] = []
        for row in rows {
            let next = value(row)
            left -= next.encodedBytesBound
            guard left >= 0 else { break }
            values.append(next)
        }
        return values
    }

    /// An `i` index within `0..<count`, as an `Int`.
    func index(_ value: Int32, count: Int, _ what: String) throws -> Int {
        guard value >= 0, Int(value) < count else {
            let range = count == 0 ? "there are none" : "expected 0…\(count - 1)"
            throw WidgetsError.outOfRange("\(what) \(value) is out of range; \(range)")
        }
        return Int(value)
    }
}

extension DBusValue {
    /// The value as a row's default title shows it: strings as they are,
    /// numbers and flags as written, containers like gdbus without type words.
    var textForm: String {
        switch self {
        case .string(let text): return text
        case .objectPath(let path): return path.rawValue
        case .signature(let signature): return signature.rawValue
        case .boolean(let flag): return flag ? "true" : "false"
        case .byte(let value): return String(value)
        case .int16(let value): return String(value)
        case .uint16(let value): return String(value)
        case .int32(let value): return String(value)
        case .uint32(let value): return String(value)
        case .int64(let value): return String(value)
        case .uint64(let value): return String(value)
        case .double(let value): return JSONValue.format(value)
        case .unixFD(let fd): return "fd \(fd)"
        case .variant(let inner): return inner.textForm
        case .array(_, let elements):
            if case .dictEntry? = elements.first {
                return "{" + elements.map(\.textForm).joined(separator: ", ") + "}"
            }
            return "[" + elements.map(\.textForm).joined(separator: ", ") + "]"
        case .dictEntry(let key, let value): return "\(key.textForm): \(value.textForm)"
        case .structure(let fields): return "(" + fields.map(\.textForm).joined(separator: ", ") + ")"
        }
    }
}

/// Fills `{name}` placeholders of a template, keeping at most `limit`
/// characters (Unicode scalars): a template of many placeholders over long
/// values would otherwise make one title megabytes long.
func fill(_ template: String, _ values: [String: String], limit: Int) -> String {
    fill(template, limit: limit) { values[String($0)] }
}

/// Fills `{name}` placeholders with what `value` gives for each name; a
/// name it gives nil for stays as written.
func fill(_ template: String, limit: Int, _ value: (Substring) -> String?) -> String {
    var result = ""
    var left = limit
    func add(_ piece: some StringProtocol) -> Bool {
        // A piece of no more bytes than are left has no more scalars either.
        if piece.utf8.count <= left {
            result += piece
            left -= piece.unicodeScalars.count
            return true
        }
        for scalar in piece.unicodeScalars {
            guard left > 0 else { return false }
            result.unicodeScalars.append(scalar)
            left -= 1
        }
        return true
    }
    var rest = Substring(template)
    while let open = rest.firstIndex(of: "{") {
        guard add(rest[..<open]) else { return result }
        let afterOpen = rest.index(after: open)
        guard let close = rest[afterOpen...].firstIndex(of: "}") else {
            rest = rest[open...]
            break
        }
        let name = rest[afterOpen..<close]
        let added = value(name).map { add($0) } ?? add(rest[open...close])
        guard added else { return result }
        rest = rest[rest.index(after: close)...]
    }
    _ = add(rest)
    return result
}
