import CDBus
@testable import DBus

/// libdbus's own reading of a message body, through its iterators: the
/// oracle the project's reader (`WireReader`, the daemon's one reader of
/// bodies) is tested against.
enum LibdbusOracle {
    /// `message` as libdbus writes it: its body appended through libdbus's
    /// iterators, the whole marshalled by libdbus (numbered 1 if unnumbered).
    static func marshalled(_ message: Message) throws -> [UInt8] {
        let raw = try message.bodyInLibdbus()
        if dbus_message_get_serial(raw) == 0 {
            dbus_message_set_serial(raw, 1)
        }
        var buffer: UnsafeMutablePointer<CChar>?
        var length: Int32 = 0
        guard dbus_message_marshal(raw, &buffer, &length) != 0, let buffer else { throw DBusError.failed("out of memory") }
        defer { dbus_free(buffer) }
        return buffer.withMemoryRebound(to: UInt8.self, capacity: Int(length)) { Array(UnsafeBufferPointer(start: $0, count: Int(length))) }
    }

    /// The body's values as libdbus reads them from `message`'s bytes.
    static func arguments(of message: Message) throws -> [DBusValue] {
        let checked = try Message(marshalled: try message.marshalled())
        var iterator = DBusMessageIter()
        guard dbus_message_iter_init(checked.raw, &iterator) != 0 else { return [] }
        var values: [DBusValue] = []
        repeat {
            values.append(try read(&iterator))
        } while dbus_message_iter_next(&iterator) != 0
        return values
    }

    private static func basic<T: BitwiseCopyable>(_ iterator: inout DBusMessageIter, _ initial: T) -> T {
        var value = initial
        dbus_message_iter_get_basic(&iterator, &value)
        return value
    }

    private static func text(_ iterator: inout DBusMessageIter) -> String {
        var pointer: UnsafePointer<CChar>?
        dbus_message_iter_get_basic(&iterator, &pointer)
        return pointer.map { String(cString: $0) } ?? ""
    }

    private static func read(_ iterator: inout DBusMessageIter) throws -> DBusValue {
        let code = dbus_message_iter_get_arg_type(&iterator)
        switch UInt8(truncatingIfNeeded: code) {
        case UInt8(ascii: "y"): return .byte(basic(&iterator, UInt8(0)))
        case UInt8(ascii: "b"): return .boolean(basic(&iterator, dbus_bool_t(0)) != 0)
        case UInt8(ascii: "n"): return .int16(basic(&iterator, Int16(0)))
        case UInt8(ascii: "q"): return .uint16(basic(&iterator, UInt16(0)))
        case UInt8(ascii: "i"): return .int32(basic(&iterator, Int32(0)))
        case UInt8(ascii: "u"): return .uint32(basic(&iterator, UInt32(0)))
        case UInt8(ascii: "x"): return .int64(basic(&iterator, Int64(0)))
        case UInt8(ascii: "t"): return .uint64(basic(&iterator, UInt64(0)))
        case UInt8(ascii: "d"): return .double(basic(&iterator, Double(0)))
        case UInt8(ascii: "h"): return .unixFD(basic(&iterator, Int32(-1)))
        case UInt8(ascii: "s"): return .string(text(&iterator))
        case UInt8(ascii: "o"): return .objectPath(ObjectPath(unchecked: text(&iterator)))
        case UInt8(ascii: "g"): return .signature(try Signature(text(&iterator)))
        case UInt8(ascii: "a"):
            guard let signature = dbus_message_iter_get_signature(&iterator) else { throw DBusError.failed("out of memory") }
            defer { dbus_free(signature) }
            guard case .array(let element) = try DBusType.parseSingle(signature: String(cString: signature)) else { throw DBusError.failed("malformed array") }
            var inner = DBusMessageIter()
            dbus_message_iter_recurse(&iterator, &inner)
            var elements: [DBusValue] = []
            if dbus_message_iter_get_arg_type(&inner) != 0 {
                repeat {
                    elements.append(try read(&inner))
                } while dbus_message_iter_next(&inner) != 0
            }
            return .array(element: element, elements)
        case UInt8(ascii: "e"):
            var inner = DBusMessageIter()
            dbus_message_iter_recurse(&iterator, &inner)
            let key = try read(&inner)
            guard dbus_message_iter_next(&inner) != 0 else { throw DBusError.failed("dict entry without a value") }
            return .dictEntry(key, try read(&inner))
        case UInt8(ascii: "r"):
            var inner = DBusMessageIter()
            dbus_message_iter_recurse(&iterator, &inner)
            var fields: [DBusValue] = []
            repeat {
                fields.append(try read(&inner))
            } while dbus_message_iter_next(&inner) != 0
            return .structure(fields)
        case UInt8(ascii: "v"):
            var inner = DBusMessageIter()
            dbus_message_iter_recurse(&iterator, &inner)
            return .variant(try read(&inner))
        default:
            throw DBusError.failed("unexpected type code \(code) in a message body")
        }
    }
}
