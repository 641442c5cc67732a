import RxCoreEssentials

/// Why a body read as a server's input (`Message.inputArguments`) was
/// refused, and where inside which argument: API rule 12's two refusals.
struct BodyRefusal: Error {
    enum Reason {
        /// An `h` inside a `v`: a model, option or spec value is data; only a
        /// method's own `h` argument carries a descriptor.
        case descriptorInVariant
        /// A dictionary holding this key twice.
        case repeatedKey(DBusValue)
        /// A string longer, by its length alone, than any the server takes:
        /// refused before its bytes are read or checked.
        case stringTooLong(bytes: Int, limit: Int)
        /// Values that would take more of the reader's memory than it may
        /// spend on one body (`WireReader`'s decoded budget).
        case decodedTooLarge(limit: Int)
    }

    /// One step from an argument down to the refused value.
    enum Step {
        case index(Int)
        case key(DBusValue)
        case field(Int)
    }

    let reason: Reason
    /// The steps, innermost first (they are added while the read unwinds).
    var path: [Step] = []
    /// The argument's position in the body.
    var argument = 0

    init(_ reason: Reason) {
        self.reason = reason
    }

    /// The message of the `InvalidArgs` error, naming the argument as `name`:
    /// `models[0][1]: …`, `options['attributes']['x']: …`.
    func describe(argument name: String) -> String {
        let location = name + path.reversed().map { step in
            switch step {
            case .index(let index): return "[\(index)]"
            case .field(let index): return ".\(index)"
            case .key(let key): return "[\(BodyRefusal.text(of: key))]"
            }
        }.joined()
        switch reason {
        case .descriptorInVariant:
            return "\(location): a Unix file descriptor (h) inside a variant; models, options and values are data, and only a method whose own signature has an 'h' takes a descriptor"
        case .repeatedKey(let key):
            return "\(location): the key \(BodyRefusal.text(of: key)) appears more than once; each key of a dictionary may appear once"
        case .stringTooLong(let bytes, let limit):
            return "\(location): a string of \(bytes) bytes; no string taken here may be longer than \(limit) bytes, so it was refused unread"
        case .decodedTooLarge(let limit):
            return "\(location): reading the values up to here would take more than \(limit) bytes of memory, all that may be spent on reading one message here; the rest was not read"
        }
    }

    /// Whether the refusal is of a limit rather than of the value's form.
    var isLimit: Bool {
        switch reason {
        case .stringTooLong, .decodedTooLarge: return true
        case .descriptorInVariant, .repeatedKey: return false
        }
    }

    private static func text(of key: DBusValue) -> String {
        key.stringValue.map { quoted($0) } ?? key.description
    }
}

/// The elements of an array being read, in order, by either reader
/// (libdbus's iterator, `WireReader`): a refusal inside an element is
/// located by its index (a dictionary's entry has named itself by its key),
/// and, read as input, a dictionary's repeated key is refused.
struct ReadElements {
    private(set) var values: [DBusValue] = []
    /// Keys seen so far, kept only for a dictionary read as input.
    private var keys: Set<DBusValue>?

    init(of element: DBusType, strict: Bool) {
        keys = strict && element.isDictEntry ? [] : nil
    }

    /// Reads the next element with `read`.
    mutating func append(_ read: () throws -> DBusValue) throws {
        let value: DBusValue
        do {
            value = try read()
        } catch var refusal as BodyRefusal {
            if case .key? = refusal.path.last {} else { refusal.path.append(.index(values.count)) }
            throw refusal
        }
        if keys != nil, case .dictEntry(let key, _) = value, keys?.insert(key).inserted == false {
            throw BodyRefusal(.repeatedKey(key))
        }
        values.append(value)
    }
}
