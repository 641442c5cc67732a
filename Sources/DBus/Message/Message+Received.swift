import CDBus
import Glibc

extension Message {
    /// The header fields that name a message's sender and count its
    /// descriptors (the D-Bus specification).
    static let senderField: UInt8 = 7
    private static let descriptorsField: UInt8 = 9

    /// How many descriptors the marshalled message `bytes` says it carries.
    static func descriptorCount(of bytes: UnsafeRawBufferPointer) throws -> Int {
        let fields = try WireReader.headerFields(of: bytes)
        guard case .uint32(let count)? = fields.first(where: { $0.code == descriptorsField })?.value else { return 0 }
        return Int(count)
    }

    /// A message cut from the socket, judged by its header alone before any
    /// of its body is read: kept as it came (`Message.wire`), with the
    /// descriptors it brought, its body read by `WireReader` when a handler
    /// reads it (off the loop for a bulk call or a large reply) — the one
    /// reader of bodies, whatever their size. A large one with descriptors
    /// whose signature holds no `h` is refused, its body never read: any
    /// member could otherwise be made to take a body it does not want; a
    /// small one is refused when it is read, which names the descriptor's
    /// place. The descriptors given are the message's, or closed, either way.
    ///
    /// A small message without descriptors is checked whole by libdbus as
    /// it is cut (`dbus_message_demarshal`, which also makes its header):
    /// 27k instructions for a SelectRow call, where making the header here
    /// (`Message.header(of:)`, libdbus's setters re-marshalling it field by
    /// field) cost 83k (`make callgrind`); its body is read by `WireReader`
    /// all the same, as fast as libdbus's iterator read it (2.5k).
    static func received(_ frame: SocketReader.Frame, descriptors: [Int32]) throws -> Message {
        if descriptors.isEmpty, frame.bytes.count <= Message.wireReadBytes {
            let raw = try demarshal(frame.bytes)
            let signature = dbus_message_get_signature(raw).map { String(cString: $0) } ?? ""
            return Message(header: raw, wire: frame.owned ?? Array(frame.bytes), signature: signature)
        }
        var owned = descriptors
        defer { owned.forEach { _ = Glibc.close($0) } }
        let header = try Message.header(of: frame.bytes, descriptors: descriptors.count)
        guard descriptors.isEmpty || header.signature.contains("h") || frame.bytes.count <= Message.wireReadBytes else {
            dbus_message_unref(header.raw)
            let count = descriptors.count == 1 ? "1 Unix descriptor" : "\(descriptors.count) Unix descriptors"
            throw DBusError.invalidArgs("the message came with \(count), but its signature '\(header.signature)' holds no 'h' to pass one (a descriptor inside a variant is refused, API rule 12); its body of \(frame.bytes.count) bytes was not read")
        }
        owned = []
        return Message(header: header.raw, wire: frame.owned ?? Array(frame.bytes), signature: header.signature, descriptors: descriptors)
    }

    /// A message from its wire format, kept as it is for reading (a state
    /// file's): its header checked now, its body by `WireReader` when read.
    /// Bytes that are not exactly one message are `InvalidArgs`.
    public convenience init(wire bytes: [UInt8]) throws {
        let header = try bytes.withUnsafeBytes { buffer in
            guard Message.marshalledLength(at: bytes[...]) == bytes.count else {
                throw DBusError.invalidArgs("\(bytes.count) bytes are not one D-Bus message")
            }
            return try Message.header(of: buffer)
        }
        self.init(header: header.raw, wire: bytes, signature: header.signature)
    }
}

extension DBusValue {
    /// The value with each `h` index replaced by the descriptor it names,
    /// or, `duplicating`, by a new descriptor of its own (which the reader
    /// then owns, as it owns one libdbus hands out); a descriptor that
    /// cannot be duplicated fails the read, and those duplicated before it
    /// are closed.
    func replacingDescriptorIndices(with descriptors: [Int32], duplicating: Bool = false) throws -> DBusValue {
        var duplicated: [Int32] = []
        do {
            return try replacingIndices(with: descriptors) { descriptor in
                guard duplicating else { return descriptor }
                let copy = fcntl(descriptor, F_DUPFD_CLOEXEC, 0)
                guard copy >= 0 else {
                    throw DBusError(name: DBusError.Name.limitsExceeded, message: "a descriptor the call came with cannot be duplicated: \(String(cString: strerror(errno)))")
                }
                duplicated.append(copy)
                return copy
            }
        } catch {
            duplicated.forEach { _ = Glibc.close($0) }
            throw error
        }
    }

    private func replacingIndices(with descriptors: [Int32], _ take: (Int32) throws -> Int32) throws -> DBusValue {
        switch self {
        case .unixFD(let index):
            guard index >= 0, Int(index) < descriptors.count else {
                throw DBusError.invalidArgs("a message names descriptor \(index) of the \(descriptors.count) it came with")
            }
            return .unixFD(try take(descriptors[Int(index)]))
        case .array(let element, let elements):
            return .array(element: element, try elements.map { try $0.replacingIndices(with: descriptors, take) })
        case .dictEntry(let key, let value):
            return .dictEntry(try key.replacingIndices(with: descriptors, take), try value.replacingIndices(with: descriptors, take))
        case .structure(let fields):
            return .structure(try fields.map { try $0.replacingIndices(with: descriptors, take) })
        case .variant(let inner):
            return .variant(try inner.replacingIndices(with: descriptors, take))
        default:
            return self
        }
    }
}
