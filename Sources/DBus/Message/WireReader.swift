import CDBus
import Glibc

/// Reads a received message's body from its wire format, as `Message.read`
/// reads it through libdbus's iterator but in one pass over the bytes: for
/// a body of a million strings, libdbus's iterator (a type reader per
/// value, the signature walked again for each) was four tenths of a bulk
/// call's time. It checks what libdbus's validator checks of a body — every
/// bound, zero padding, no byte past the last value, arrays of at most
/// 64 MiB, containers nested at most 64 deep, a string's UTF-8 and its NUL,
/// a boolean's 0 or 1, a path's and a signature's form — since a bulk
/// message's body (`Message.wire`) is checked nowhere else in the daemon
/// (the bus checked it on its way, but a peer or another bus may not);
/// a body it cannot read is an error, never a trap. A body reads as a
/// server's input (API rule 12, `BodyRefusal`), and only bodies whose own
/// signature has no `h` (a descriptor is read through libdbus, which
/// duplicates it), unless it reads each `h` as an index (a message received
/// with descriptors, rebuilt around them). Header fields read as libdbus
/// reads them, whatever unknown fields hold. It reads either byte order.
struct WireReader {
    private let body: UnsafeRawBufferPointer
    /// The sender's byte order is not the host's.
    private let swapped: Bool
    private var offset = 0
    /// Variants' signatures, parsed once each.
    private var variantTypes: [String: DBusType] = [:]
    /// Whether a `h` reads as its index among the message's descriptors
    /// (a message received with descriptors, rebuilt around them).
    private var readsDescriptorIndices = false
    /// Whether a `h` inside a variant is refused even where indices are
    /// read (a bulk call's body, read as a server's input).
    private var refusesDescriptorsInVariants = false
    /// Whether values read as a server's input (`BodyRefusal`): a body's
    /// do, header fields do not.
    private var readsInput = true
    /// Containers open around the value being read.
    private var depth = 0
    /// The longest string read as input; a longer one is refused by its
    /// length (`BodyRefusal.stringTooLong`) before its bytes are checked.
    private var maximumStringBytes = Int.max
    /// What the values read so far may take of the reader's memory, as
    /// `spend` counts it; past it the read is refused
    /// (`BodyRefusal.decodedTooLarge`) before it takes more: a byte array's
    /// every byte is a value slot of its own.
    private var decodedBytesLeft = Int.max
    private var decodedBytesLimit = Int.max

    /// libdbus's bounds: containers nested in a message, bytes in an array.
    static let maximumDepth = 64
    static let maximumArrayBytes = 64 << 20

    private init(body: UnsafeRawBufferPointer, swapped: Bool) {
        self.body = body
        self.swapped = swapped
    }

    /// A marshalled message's header fields in order: each field's code,
    /// its value, and where in `bytes` the value starts.
    static func headerFields(of bytes: UnsafeRawBufferPointer) throws -> [(code: UInt8, value: DBusValue, offset: Int)] {
        guard bytes.count >= 16, bytes[0] == UInt8(ascii: "l") || bytes[0] == UInt8(ascii: "B") else { throw malformed }
        var reader = WireReader(body: bytes, swapped: (bytes[0] == UInt8(ascii: "l")) != (1.littleEndian == 1))
        reader.readsDescriptorIndices = true
        reader.readsInput = false
        reader.offset = 12
        let end = 16 + Int(try reader.load(UInt32.self))
        guard end <= bytes.count else { throw malformed }
        var fields: [(code: UInt8, value: DBusValue, offset: Int)] = []
        while reader.offset < end {
            try reader.align(8)
            guard reader.offset < end else { throw malformed }
            let code = try reader.load(UInt8.self)
            let signature = try reader.text(shortLength: true)
            let type = try DBusType.parseSingle(signature: signature)
            try reader.align(type.alignment)
            let offset = reader.offset
            fields.append((code, try reader.read(type, inVariant: true), offset))
            guard reader.offset <= end else { throw malformed }
        }
        try reader.align(8)
        return fields
    }


    /// The arguments of the marshalled message `bytes`, of `types`; with
    /// `readsDescriptorIndices`, each `h` is its index among the message's
    /// descriptors (a message received with descriptors, rebuilt around them).
    /// `refusesDescriptorsInVariants` refuses an index inside a variant
    /// too, as a server's input (API rule 12). `readsInput` false reads any
    /// message's body, without the input's limits and refusals.
    static func arguments(of bytes: UnsafeRawBufferPointer, types: [DBusType], readsDescriptorIndices: Bool = false, refusesDescriptorsInVariants: Bool = false,
                          readsInput: Bool = true, maximumStringBytes: Int = .max, maximumDecodedBytes: Int = .max) throws -> [DBusValue] {
        guard bytes.count >= 16, bytes[0] == UInt8(ascii: "l") || bytes[0] == UInt8(ascii: "B") else { throw malformed }
        let swapped = (bytes[0] == UInt8(ascii: "l")) != (1.littleEndian == 1)
        var fieldsLength = bytes.loadUnaligned(fromByteOffset: 12, as: UInt32.self)
        if swapped { fieldsLength = fieldsLength.byteSwapped }
        let bodyStart = (16 + Int(fieldsLength) + 7) & ~7
        guard bodyStart <= bytes.count else { throw malformed }
        var reader = WireReader(body: UnsafeRawBufferPointer(rebasing: bytes[bodyStart...]), swapped: swapped)
        reader.readsDescriptorIndices = readsDescriptorIndices
        reader.refusesDescriptorsInVariants = refusesDescriptorsInVariants
        reader.readsInput = readsInput
        reader.maximumStringBytes = maximumStringBytes
        reader.decodedBytesLeft = maximumDecodedBytes
        reader.decodedBytesLimit = maximumDecodedBytes
        var values: [DBusValue] = []
        values.reserveCapacity(types.count)
        for type in types {
            do {
                values.append(try reader.read(type, inVariant: false))
            } catch var refusal as BodyRefusal {
                refusal.argument = values.count
                throw refusal
            }
        }
        guard reader.offset == reader.body.count else { throw malformed }
        return values
    }

    private static let malformed = DBusError.invalidArgs("a message body that does not match its signature")

    /// Moves to the next multiple of `alignment` over padding, which must be zeros.
    private mutating func align(_ alignment: Int) throws {
        let aligned = (offset + alignment - 1) & ~(alignment - 1)
        guard aligned <= body.count else { throw WireReader.malformed }
        while offset < aligned {
            guard body[offset] == 0 else { throw WireReader.malformed }
            offset += 1
        }
    }

    private mutating func load<T: FixedWidthInteger>(_: T.Type) throws -> T {
        try align(MemoryLayout<T>.size)
        guard offset + MemoryLayout<T>.size <= body.count else { throw WireReader.malformed }
        let value = body.loadUnaligned(fromByteOffset: offset, as: T.self)
        offset += MemoryLayout<T>.size
        return swapped ? value.byteSwapped : value
    }

    /// A string's bytes: a `u32` length (a `y` one for a signature), the bytes, a NUL.
    /// Checked as libdbus checks it: UTF-8 without a NUL, then a NUL.
    private mutating func text(shortLength: Bool = false) throws -> String {
        let length = shortLength ? Int(try load(UInt8.self)) : Int(try load(UInt32.self))
        if readsInput && !shortLength {
            guard length <= maximumStringBytes else {
                throw BodyRefusal(.stringTooLong(bytes: length, limit: maximumStringBytes))
            }
            try spend(DBusValue.heapBytes(ofText: length))
        }
        guard offset + length < body.count, body[offset + length] == 0 else { throw WireReader.malformed }
        let bytes = UnsafeRawBufferPointer(rebasing: body[offset..<offset + length])
        guard length == 0 || memchr(bytes.baseAddress!, 0, length) == nil,
              let text = String(validating: bytes, as: UTF8.self) else { throw WireReader.notText }
        offset += length + 1
        return text
    }

    private static let notText = DBusError.invalidArgs("a string in the message is not UTF-8 without NUL characters")

    /// Counts `bytes` more of the values read against `decodedBytesLeft`.
    private mutating func spend(_ bytes: Int) throws {
        decodedBytesLeft -= bytes
        guard decodedBytesLeft >= 0 else { throw BodyRefusal(.decodedTooLarge(limit: decodedBytesLimit)) }
    }

    private mutating func read(_ type: DBusType, inVariant: Bool) throws -> DBusValue {
        if readsInput {
            try spend(DBusValue.slotBytes)
        }
        switch type {
        case .byte: return .byte(try load(UInt8.self))
        case .boolean:
            let value = try load(UInt32.self)
            guard value <= 1 else { throw WireReader.malformed }
            return .boolean(value == 1)
        case .int16: return .int16(try load(Int16.self))
        case .uint16: return .uint16(try load(UInt16.self))
        case .int32: return .int32(try load(Int32.self))
        case .uint32: return .uint32(try load(UInt32.self))
        case .int64: return .int64(try load(Int64.self))
        case .uint64: return .uint64(try load(UInt64.self))
        case .double: return .double(Double(bitPattern: try load(UInt64.self)))
        case .unixFD:
            guard !inVariant || (readsDescriptorIndices && !refusesDescriptorsInVariants) else { throw BodyRefusal(.descriptorInVariant) }
            if readsDescriptorIndices { return .unixFD(Int32(bitPattern: try load(UInt32.self))) }
            throw DBusError.failed("a descriptor is read through libdbus")
        case .string: return .string(try text())
        case .objectPath:
            guard let path = ObjectPath(try text()) else { throw WireReader.malformed }
            return .objectPath(path)
        case .signature: return .signature(try Signature(try text(shortLength: true)))
        case .array(let element): return try nested { try $0.readArray(of: element, inVariant: inVariant) }
        case .dictEntry(let keyType, let valueType): return try nested { try $0.readDictEntry(keyType, valueType, inVariant: inVariant) }
        case .structure(let fieldTypes): return try nested { try $0.readStructure(fieldTypes, inVariant: inVariant) }
        case .variant: return try nested { try $0.readVariant() }
        }
    }

    /// Reads a container inside the ones open, at most `maximumDepth` of them.
    private mutating func nested(_ read: (inout WireReader) throws -> DBusValue) throws -> DBusValue {
        depth += 1
        defer { depth -= 1 }
        guard depth <= WireReader.maximumDepth else {
            throw DBusError.invalidArgs("a message nests containers more than \(WireReader.maximumDepth) deep")
        }
        return try read(&self)
    }

    private mutating func readDictEntry(_ keyType: DBusType, _ valueType: DBusType, inVariant: Bool) throws -> DBusValue {
        try align(8)
        try spend(DBusValue.boxBytes)
        let key = try read(keyType, inVariant: inVariant)
        do {
            return .dictEntry(key, try read(valueType, inVariant: inVariant))
        } catch var refusal as BodyRefusal {
            refusal.path.append(.key(key))
            throw refusal
        }
    }

    private mutating func readStructure(_ fieldTypes: [DBusType], inVariant: Bool) throws -> DBusValue {
        try align(8)
        var fields: [DBusValue] = []
        fields.reserveCapacity(fieldTypes.count)
        for fieldType in fieldTypes {
            do {
                fields.append(try read(fieldType, inVariant: inVariant))
            } catch var refusal as BodyRefusal {
                refusal.path.append(.field(fields.count))
                throw refusal
            }
        }
        return .structure(fields)
    }

    private mutating func readVariant() throws -> DBusValue {
        let signature = try text(shortLength: true)
        let inner: DBusType
        if let known = variantTypes[signature] {
            inner = known
        } else {
            inner = try DBusType.parseSingle(signature: signature)
            variantTypes[signature] = inner
        }
        try spend(DBusValue.boxBytes)
        return .variant(try read(inner, inVariant: true))
    }

    private mutating func readArray(of element: DBusType, inVariant: Bool) throws -> DBusValue {
        let length = Int(try load(UInt32.self))
        guard length <= WireReader.maximumArrayBytes else { throw WireReader.malformed }
        try spend(DBusValue.arrayHeaderBytes)
        try align(element.alignment)
        let end = offset + length
        guard end <= body.count else { throw WireReader.malformed }
        var elements = ReadElements(of: element, strict: readsInput)
        while offset < end {
            try elements.append { try read(element, inVariant: inVariant) }
        }
        guard offset == end else { throw WireReader.malformed }
        return .array(element: element, elements.values)
    }
}
