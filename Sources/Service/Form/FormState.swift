import DBus

/// What a form keeps across restarts (API rule 10), as a typed record.
///
/// Version 3: `s spec` (a template's name or the JSON), `a{sv} values`
/// (secret fields left out: a secret is never written to disk), `a{ss}
/// errors` (`SetErrors`' messages), `i page` (the page a person is on),
/// `s locale` (the `locale` option, "" for none). Version 2 is the same
/// without the locale (none); version 1 also without the page (the first);
/// version 0 (files without a version) also lacks the errors in files
/// written before `SetErrors`.
struct FormState {
    static let version: UInt32 = 3

    var spec: String
    var values: [(field: String, value: DBusValue)]
    var errors: [String: String]
    var page: Int
    var locale: String

    static let described = "(u version, s spec, a{sv} values, a{ss} errors, i page, s locale)"
}

extension FormState {
    /// The record a state file holds, of any version this daemon wrote.
    init(stored state: [DBusValue]) throws {
        let (version, fields) = StateRecord.read(state)
        let expected = [0: 2...3, 1: 3...3, 2: 4...4][version] ?? 5...5
        guard version <= FormState.version, expected.contains(fields.count), let spec = fields[0].stringValue, let values = fields[1].dictionaryEntries,
              let errorEntries = fields.count >= 3 ? fields[2].dictionaryEntries : [] else {
            throw StateRecord.unreadable("form", version: version, fields: fields.count, expected: FormState.described)
        }
        let page: Int32
        switch fields.count > 3 ? fields[3] : .int32(0) {
        case .int32(let stored): page = stored
        default:
            throw StateRecord.unreadable("form", version: version, fields: fields.count, expected: FormState.described)
        }
        let locale: String
        switch fields.count > 4 ? fields[4] : .string("") {
        case .string(let stored): locale = stored
        default:
            throw StateRecord.unreadable("form", version: version, fields: fields.count, expected: FormState.described)
        }
        var errors: [String: String] = [:]
        for entry in errorEntries {
            guard let field = entry.key.stringValue, let message = entry.value.stringValue else {
                throw StateFile.ReadError(description: "a form's stored errors are a{ss}")
            }
            errors[field] = message
        }
        self.init(spec: spec, values: values.map { ($0.key.stringValue ?? "", $0.value.variantValue ?? $0.value) }, errors: errors, page: Int(page), locale: locale)
    }

    /// The record for the state writer.
    var pieces: [StateValue] {
        StateRecord.pieces(version: FormState.version, [
            .value(.string(spec)),
            .value(.dictionary(key: .string, value: .variant, values.map { (.string($0.field), .variant($0.value)) })),
            .value(.dictionary(key: .string, value: .string, errors.sorted { $0.key < $1.key }.map { (.string($0.key), .string($0.value)) })),
            .value(.int32(Int32(clamping: page))),
            .value(.string(locale)),
        ])
    }
}
