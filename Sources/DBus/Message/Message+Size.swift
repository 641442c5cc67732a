import CDBus
import Glibc

extension Message {
    /// What a message costs on the wire, bounded from above: its body's bytes
    /// (with every alignment pad counted as its worst case, and a fixed
    /// allowance for the header) and its largest array. Read off the
    /// marshalled body — an array's length field gives its size without
    /// visiting its elements, so a million rows cost one read.
    public struct Extent: Sendable, Equatable {
        /// An upper bound of the whole message's size.
        public var bytes: Int
        /// The bytes of the largest array in it.
        public var largestArray: Int
    }

    /// A header never needs more: its fields are names and a signature of
    /// at most 255 bytes each, and a few numbers.
    public static let headerAllowance = 2_048

    /// The message's `Extent`. For a message built here whose body is small
    /// enough that no array in it can pass the protocol's cap, the bound
    /// kept while appending; otherwise what its written body measures.
    public var extent: Extent {
        if let wire {
            return Extent(bytes: wire.count, largestArray: wire.count)
        }
        if let appendedBytes, appendedBytes <= Connection.protocolArrayLimit {
            return Extent(bytes: Message.headerAllowance + appendedBytes, largestArray: appendedBytes)
        }
        // Past the bound, a body built here is measured by writing it: the
        // bound counts a variant's signature at its most, 255 bytes, so a
        // million short variants are bounded at ten times their size.
        if let written = writtenBody() {
            return Extent(bytes: Message.headerAllowance + written.bytes.count, largestArray: written.largestArray)
        }
        var extent = Extent(bytes: Message.headerAllowance, largestArray: 0)
        var iterator = DBusMessageIter()
        guard dbus_message_iter_init(raw, &iterator) != 0 else { return extent }
        Message.measure(&iterator, into: &extent)
        return extent
    }

    private static func measure(_ iterator: inout DBusMessageIter, into extent: inout Extent) {
        repeat {
            let code = UInt8(truncatingIfNeeded: dbus_message_iter_get_arg_type(&iterator))
            switch code {
            case 0:
                return
            case UInt8(ascii: "s"), UInt8(ascii: "o"), UInt8(ascii: "g"):
                var pointer: UnsafePointer<CChar>?
                dbus_message_iter_get_basic(&iterator, &pointer)
                // Length field, padding before it, the bytes and their NUL.
                extent.bytes += 8 + (pointer.map { strlen($0) } ?? 0) + 1
            case UInt8(ascii: "a"):
                // libdbus reads the length off an iterator inside the array.
                var inner = DBusMessageIter()
                dbus_message_iter_recurse(&iterator, &inner)
                let length = Int(cdbus_array_byte_length(&inner))
                // Length field and the padding before it and before the first element;
                // arrays inside it are smaller than it.
                extent.bytes += 16 + length
                extent.largestArray = max(extent.largestArray, length)
            case UInt8(ascii: "r"), UInt8(ascii: "e"), UInt8(ascii: "v"):
                // A structure's padding, or a variant's signature (at most 255 bytes).
                extent.bytes += code == UInt8(ascii: "v") ? 258 : 8
                var inner = DBusMessageIter()
                dbus_message_iter_recurse(&iterator, &inner)
                measure(&inner, into: &extent)
            default:
                extent.bytes += 8
            }
        } while dbus_message_iter_next(&iterator) != 0
    }
}
