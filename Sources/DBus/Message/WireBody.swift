/// A message body in D-Bus's wire format, in the host's byte order (the
/// header says which), written here
/// rather than through libdbus's iterator: libdbus rewrites the whole header
/// for every top-level argument appended (its signature field grows), about
/// 13,000 instructions each, so a signal's body is written here in one pass
/// and the message is made from its bytes once (`WireSignal`), checked by
/// libdbus as it checks what arrives. Values must be checked
/// (`DBusValue.validate()`) before they are written.
struct WireBody {
    private(set) var bytes: [UInt8] = []
    /// The bytes of the largest array written, for the protocol's array limit.
    private(set) var largestArray = 0
    /// Why libdbus would refuse the body, found while writing it: a
    /// descriptor (a signal carries data; libdbus attaches descriptors only
    /// to messages it builds), a signature longer than 255 bytes.
    private(set) var refusal: String?
    /// Whether a Unix descriptor was written: such a body only libdbus can
    /// send, as it alone attaches descriptors (`Message.bodyInLibdbus`).
    private(set) var holdsDescriptor = false
    /// Whether libdbus would accept the body without reading it back, as
    /// far as can be told from how it was written: every value was checked
    /// (`DBusValue.validate()`, `MessageBodyWriter`) against a declared
    /// signature, so only what a variant holds is open — its signature
    /// must be valid (`isValidVariantSignature`), and
    /// no value may sit deeper than `knownValidDepth` containers, variants
    /// included (libdbus counts those too, up to 64). Anything else is
    /// left for libdbus to check.
    private(set) var isKnownValid = true
    private var depth = 0
    static let knownValidDepth = 32

    init() {
        bytes.reserveCapacity(256)
    }

    /// The body of `arguments`, each checked first (`DBusValue.validate()`).
    init(checking arguments: [DBusValue]) throws {
        self.init()
        for argument in arguments {
            try argument.validate()
            append(argument)
        }
    }

    /// One value written alone, to be placed later (`appendEncoded`) at a
    /// multiple of 8 inside `depth` containers: its padding is the same
    /// there, and its depth counts from theirs.
    init(element value: DBusValue, depth: Int) throws {
        self.init()
        try value.validate()
        self.depth = depth
        append(value)
        self.depth = 0
    }

    /// Appends `element`, written alone (`init(element:depth:)`) at a
    /// multiple of 8, as if it were written here.
    mutating func appendEncoded(_ element: WireBody) {
        pad(to: 8)
        bytes.append(contentsOf: element.bytes)
        largestArray = max(largestArray, element.largestArray)
        refusal = refusal ?? element.refusal
        isKnownValid = isKnownValid && element.isKnownValid
    }

    /// A body whose first bytes are `prefix`: alignment counts from them, as
    /// in a header written after its fixed part.
    init(after prefix: [UInt8]) {
        bytes = prefix
    }

    /// Makes room for `capacity` bytes in all, so writing up to that many
    /// never copies what was written.
    mutating func reserveCapacity(_ capacity: Int) {
        bytes.reserveCapacity(capacity)
    }

    /// Pads with zeros to a multiple of `alignment` (the body starts on a
    /// multiple of 8, so this is the alignment in the message too).
    mutating func pad(to alignment: Int) {
        let remainder = bytes.count % alignment
        if remainder != 0 {
            bytes.append(contentsOf: repeatElement(0, count: alignment - remainder))
        }
    }

    private mutating func raw<T: BitwiseCopyable>(_ value: T, alignment: Int) {
        pad(to: alignment)
        withUnsafeBytes(of: value) { bytes.append(contentsOf: $0) }
    }

    /// A number, a boolean (`dbus_bool_t`) or a descriptor index, of type
    /// `code`, as libdbus's `dbus_message_iter_append_basic` takes it.
    mutating func appendBasic<T: BitwiseCopyable>(_ value: T, code: UInt8) {
        if code == UInt8(ascii: "h") {
            holdsDescriptor = true
            refusal = refusal ?? "a Unix file descriptor cannot be sent in a signal; signals carry data"
        }
        switch code {
        case UInt8(ascii: "y"): raw(value, alignment: 1)
        case UInt8(ascii: "n"), UInt8(ascii: "q"): raw(value, alignment: 2)
        case UInt8(ascii: "x"), UInt8(ascii: "t"), UInt8(ascii: "d"): raw(value, alignment: 8)
        default: raw(value, alignment: 4)
        }
    }

    /// A string or object path (`u32` length), or a signature (`y` length):
    /// its bytes and a NUL.
    mutating func appendString(_ text: String, code: UInt8) {
        var text = text
        text.withUTF8 { utf8 in
            if code == UInt8(ascii: "g") {
                if utf8.count > 255 {
                    refusal = refusal ?? "a signature is longer than 255 characters"
                }
                bytes.append(UInt8(truncatingIfNeeded: utf8.count))
            } else {
                raw(UInt32(truncatingIfNeeded: utf8.count), alignment: 4)
            }
            bytes.append(contentsOf: utf8)
        }
        bytes.append(0)
    }

    /// Any value, checked before.
    mutating func append(_ value: DBusValue) {
        switch value {
        case .byte(let v): appendBasic(v, code: UInt8(ascii: "y"))
        case .boolean(let v): appendBasic(UInt32(v ? 1 : 0), code: UInt8(ascii: "b"))
        case .int16(let v): appendBasic(v, code: UInt8(ascii: "n"))
        case .uint16(let v): appendBasic(v, code: UInt8(ascii: "q"))
        case .int32(let v): appendBasic(v, code: UInt8(ascii: "i"))
        case .uint32(let v): appendBasic(v, code: UInt8(ascii: "u"))
        case .int64(let v): appendBasic(v, code: UInt8(ascii: "x"))
        case .uint64(let v): appendBasic(v, code: UInt8(ascii: "t"))
        case .double(let v): appendBasic(v.bitPattern, code: UInt8(ascii: "d"))
        case .unixFD(let v): appendBasic(v, code: UInt8(ascii: "h"))
        case .string(let v): appendString(v, code: UInt8(ascii: "s"))
        case .objectPath(let v): appendString(v.rawValue, code: UInt8(ascii: "o"))
        case .signature(let v): appendString(v.rawValue, code: UInt8(ascii: "g"))
        case .array(let element, let elements):
            appendArray(of: element) { body in
                for element in elements {
                    body.append(element)
                }
            }
        case .dictEntry(let key, let entryValue):
            enterContainer()
            pad(to: 8)
            append(key)
            append(entryValue)
            depth -= 1
        case .structure(let fields):
            enterContainer()
            pad(to: 8)
            for field in fields {
                append(field)
            }
            depth -= 1
        case .variant(let inner):
            enterContainer()
            let signature = inner.type.signature
            if !WireBody.isValidVariantSignature(signature) {
                isKnownValid = false
            }
            appendString(signature, code: UInt8(ascii: "g"))
            append(inner)
            depth -= 1
        }
    }

    private mutating func enterContainer() {
        depth += 1
        if depth > WireBody.knownValidDepth {
            isKnownValid = false
        }
    }

    /// Whether a variant's signature, built from the value it holds, is one
    /// libdbus accepts: basic types and arrays of them, fewer than 32 arrays
    /// deep, are valid whatever they hold; a signature with structures or
    /// dict entries (a form's `a{s(ss)}` values) is checked by every rule
    /// of the specification (`DBusType.parseSingle`), since `validate()`
    /// does not see where a dict entry stands or how long a signature grows.
    private static func isValidVariantSignature(_ signature: String) -> Bool {
        var arrays = 0
        for code in signature.utf8 {
            switch code {
            case UInt8(ascii: "("), UInt8(ascii: "{"): return (try? DBusType.parseSingle(signature: signature)) != nil
            case UInt8(ascii: "a"): arrays += 1
            default: break
            }
        }
        return arrays < 32
    }

    /// An array of `elementType`, its elements written by `elements`: the
    /// length, the padding to the first element (not counted in the
    /// length), then the elements.
    mutating func appendArray(of elementType: DBusType, _ elements: (inout WireBody) throws -> Void) rethrows {
        enterContainer()
        defer { depth -= 1 }
        pad(to: 4)
        let lengthAt = bytes.count
        bytes.append(contentsOf: [0, 0, 0, 0])
        pad(to: elementType.alignment)
        let start = bytes.count
        try elements(&self)
        largestArray = max(largestArray, bytes.count - start)
        let length = UInt32(truncatingIfNeeded: bytes.count - start)
        withUnsafeBytes(of: length) { bytes.replaceSubrange(lengthAt..<lengthAt + 4, with: $0) }
    }
}

extension DBusType {
    /// Where a value of this type starts in a message: a multiple of this.
    var alignment: Int {
        switch self {
        case .byte, .signature, .variant: return 1
        case .int16, .uint16: return 2
        case .int64, .uint64, .double, .structure, .dictEntry: return 8
        default: return 4
        }
    }
}
