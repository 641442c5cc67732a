import CDBus

extension Message {
    /// Appends values to the body. Every value is checked first
    /// (`DBusValue.validate()`), so nothing invalid reaches libdbus; on an
    /// error the message must not be sent.
    ///
    /// A message built here keeps the values (`builtBody`): the project's
    /// writer writes them when the message is sent (`WireBody`), so a body
    /// is written once, in one pass. libdbus appends only to a message whose
    /// body it holds already (`bodyInLibdbus`).
    public func append(_ values: [DBusValue]) throws {
        for value in values {
            try value.validate()
        }
        cachedSignature = nil
        appendedBytes = appendedBytes.map { values.reduce($0) { $0 + $1.encodedBytesBound } }
        if builtBody != nil {
            builtBody?.append(contentsOf: values)
            return
        }
        try appendThroughLibdbus(values)
    }

    private func appendThroughLibdbus(_ values: [DBusValue]) throws {
        var iterator = DBusMessageIter()
        dbus_message_iter_init_append(raw, &iterator)
        for value in values {
            try Message.append(value, to: &iterator)
        }
    }

    /// libdbus's message with the whole body in it, for what only libdbus
    /// can send: a body carrying Unix descriptors, which it attaches as it
    /// appends them. From then on libdbus holds the body.
    func bodyInLibdbus() throws -> OpaquePointer {
        if let body = builtBody {
            builtBody = nil
            try appendThroughLibdbus(body)
        }
        return raw
    }

    /// A message built here, without descriptors, numbered `serial`, as the
    /// project writes it (`WireHeader`, `WireBody`); nil for one libdbus
    /// must write. `MessageTooLarge` and `InvalidArgs` as a signal's.
    func written(serial: UInt32) throws -> OutgoingMessage? {
        guard let body = writtenBody(), !body.holdsDescriptor else { return nil }
        let header = WireHeader.bytes(of: self, serial: serial, signature: signature)
        return try OutgoingMessage(header: header, body: body, label: "\(member ?? errorName ?? "a reply") to \(destination ?? "the bus")")
    }

    /// The body of a message built here as the project writes it, written
    /// once; nil for a message whose body libdbus holds.
    func writtenBody() -> WireBody? {
        if let writtenBodyCache {
            return writtenBodyCache
        }
        guard let builtBody else { return nil }
        var body = WireBody()
        body.reserveCapacity(appendedBytes ?? 0)
        for value in builtBody {
            body.append(value)
        }
        writtenBodyCache = body
        return body
    }

    /// Appends values to the body.
    public func append(_ values: DBusValue...) throws {
        try append(values)
    }

    private static func appendBasic<T: BitwiseCopyable>(_ value: T, code: Int32, to iterator: inout DBusMessageIter) throws {
        var copy = value
        guard dbus_message_iter_append_basic(&iterator, code, &copy) != 0 else {
            throw Message.outOfMemory
        }
    }

    private static func appendString(_ text: String, code: Int32, to iterator: inout DBusMessageIter) throws {
        let appended = text.withCString { pointer -> dbus_bool_t in
            var cString: UnsafePointer<CChar>? = pointer
            return dbus_message_iter_append_basic(&iterator, code, &cString)
        }
        guard appended != 0 else {
            throw Message.outOfMemory
        }
    }

    static func append(_ value: DBusValue, to iterator: inout DBusMessageIter) throws {
        let code = value.typeCode
        switch value {
        case .byte(let v): try appendBasic(v, code: code, to: &iterator)
        case .boolean(let v): try appendBasic(dbus_bool_t(v ? 1 : 0), code: code, to: &iterator)
        case .int16(let v): try appendBasic(v, code: code, to: &iterator)
        case .uint16(let v): try appendBasic(v, code: code, to: &iterator)
        case .int32(let v): try appendBasic(v, code: code, to: &iterator)
        case .uint32(let v): try appendBasic(v, code: code, to: &iterator)
        case .int64(let v): try appendBasic(v, code: code, to: &iterator)
        case .uint64(let v): try appendBasic(v, code: code, to: &iterator)
        case .double(let v): try appendBasic(v, code: code, to: &iterator)
        case .unixFD(let v): try appendBasic(v, code: code, to: &iterator)
        case .string(let v): try appendString(v, code: code, to: &iterator)
        case .objectPath(let v): try appendString(v.rawValue, code: code, to: &iterator)
        case .signature(let v): try appendString(v.rawValue, code: code, to: &iterator)
        case .array(let element, let elements):
            try container(code, signature: .type(element), in: &iterator) { inner in
                for element in elements {
                    try append(element, to: &inner)
                }
            }
        case .dictEntry(let key, let entryValue):
            try container(code, signature: .none, in: &iterator) { inner in
                try append(key, to: &inner)
                try append(entryValue, to: &inner)
            }
        case .structure(let fields):
            try container(code, signature: .none, in: &iterator) { inner in
                for field in fields {
                    try append(field, to: &inner)
                }
            }
        case .variant(let inner):
            try container(code, signature: .type(inner.type), in: &iterator) { variantIterator in
                try append(inner, to: &variantIterator)
            }
        }
    }

    /// What a container's contents are declared as when it is opened: an
    /// array's element type, a variant's value's type, or nothing (entries, structures).
    enum ContainedSignature {
        case none
        case type(DBusType)
    }

    static func container(_ code: Int32, signature: ContainedSignature, in iterator: inout DBusMessageIter, body: (inout DBusMessageIter) throws -> Void) throws {
        var inner = DBusMessageIter()
        // A signature is at most 255 characters; written into a buffer on the
        // stack, opening a container allocates nothing.
        let opened = try withUnsafeTemporaryAllocation(of: CChar.self, capacity: 256) { buffer -> dbus_bool_t in
            var length = 0
            let fits: Bool
            switch signature {
            case .none: return dbus_message_iter_open_container(&iterator, code, nil, &inner)
            case .type(let type): fits = type.writeSignature(into: UnsafeMutableBufferPointer(rebasing: buffer[..<255]), at: &length)
            }
            guard fits else { throw DBusError.invalidArgs("a signature is longer than 255 characters") }
            buffer[length] = 0
            return dbus_message_iter_open_container(&iterator, code, buffer.baseAddress, &inner)
        }
        guard opened != 0 else {
            throw Message.outOfMemory
        }
        do {
            try body(&inner)
        } catch {
            dbus_message_iter_abandon_container(&iterator, &inner)
            throw error
        }
        guard dbus_message_iter_close_container(&iterator, &inner) != 0 else {
            throw Message.outOfMemory
        }
    }

    /// The body's values. An incoming message was checked as it was
    /// received (a kept one's body is checked here, `WireReader`); anything
    /// unexpected becomes an error, never a trap.
    public func arguments() throws -> [DBusValue] {
        try readArguments(strict: false)
    }

    /// The body's values, read as input a server takes (API rule 12): a
    /// Unix descriptor inside a variant, or a dictionary with a repeated key,
    /// is refused with `InvalidArgs` naming the argument (from `names`, by
    /// position) and the path inside it. Descriptors outside variants are
    /// the method's own `h` arguments and are kept. A string of more than
    /// `maximumStringBytes` is refused by its length, unread, and a body
    /// whose values would take more than `maximumDecodedBytes` of memory
    /// (`DBusValue.footprint`) as soon as they would, both with
    /// `limitErrorName`: a body over `wireReadBytes` is read by
    /// `WireReader`, which counts as it reads, and a smaller one cannot hold
    /// such a string nor take more than a few MiB.
    public func inputArguments(named names: [String], maximumStringBytes: Int = .max, maximumDecodedBytes: Int = .max, limitErrorName: String = DBusError.Name.limitsExceeded) throws -> [DBusValue] {
        do {
            return try readArguments(strict: true, maximumStringBytes: maximumStringBytes, maximumDecodedBytes: maximumDecodedBytes)
        } catch let refusal as BodyRefusal {
            let name = names.indices.contains(refusal.argument) ? names[refusal.argument] : "argument \(refusal.argument)"
            throw DBusError(name: refusal.isLimit ? limitErrorName : DBusError.Name.invalidArgs, message: refusal.describe(argument: name))
        }
    }

    /// Every body is read by `WireReader`, the one reader of bodies: a
    /// received message's as it came, a message built here as it is
    /// written (`marshalled()`).
    private func readArguments(strict: Bool, maximumStringBytes: Int = .max, maximumDecodedBytes: Int = .max) throws -> [DBusValue] {
        if let predecoded {
            return try predecoded.get()
        }
        let bytes = try wire ?? marshalled()
        let types = try DBusType.parse(signature: signature)
        let values = try bytes.withUnsafeBytes {
            try WireReader.arguments(of: $0, types: types, readsDescriptorIndices: !wireDescriptors.isEmpty, refusesDescriptorsInVariants: strict,
                                     readsInput: strict, maximumStringBytes: maximumStringBytes, maximumDecodedBytes: maximumDecodedBytes)
        }
        return wireDescriptors.isEmpty ? values : try values.map { try $0.replacingDescriptorIndices(with: wireDescriptors, duplicating: true) }
    }

    /// Bodies larger than this are read off the loop: a bulk call's, a large reply's.
    static let wireReadBytes = 64 * 1_024
}
