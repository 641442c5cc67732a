import CLinux
import CDBus
import Glibc

/// Reads a bus connection's socket and cuts what arrives into messages,
/// in place of libdbus's reader.
///
/// libdbus reads 2,048 bytes at a time and checks a message whole, on the
/// reading thread, before it looks at the next: a `Ping` behind a 16 MiB
/// bulk call waited for the bulk call's checking, 40 ms and more of the
/// loop's time. Cut here, each message is only measured (its header says
/// how long it is) and handed on as bytes; the connection decides how it
/// is read (`Connection+Receiving`).
///
/// Unix descriptors arrive beside the bytes; each message takes, in order,
/// as many as its header counts.
final class SocketReader {
    /// A message cut from the stream, valid only during the call that gets it.
    struct Frame {
        /// The message's bytes: in the reader's buffer, or in `owned`.
        let bytes: UnsafeRawBufferPointer
        /// The bytes as an array of their own, for a message longer than
        /// the buffer (read straight into it): handing them on copies nothing.
        let owned: [UInt8]?
        /// The reader, whose descriptors received and not yet given to a
        /// message the receiver takes, as many as the message counts (`take(_:)`).
        let reader: SocketReader
    }

    /// Why reading stopped for good.
    enum End: Error {
        /// The bus closed the stream.
        case closed
        /// The stream broke (an error, or bytes that are not D-Bus messages).
        case broken(String)
    }

    let descriptor: Int32
    /// Bytes read and not yet cut: `buffer[consumed..<filled]`.
    private let buffer: UnsafeMutableRawBufferPointer
    private var filled = 0
    private var consumed = 0
    /// A message longer than the buffer, read straight into its own array.
    private var long: (bytes: [UInt8], filled: Int)?
    /// Descriptors received and not yet given to a message.
    private var descriptors: [Int32] = []
    /// Room for the descriptors one read may bring.
    private let control: UnsafeMutableRawBufferPointer

    /// The buffer small messages are read into: a select's call is about
    /// 200 bytes, a `SetValues` of a big form some tens of KiB.
    static let bufferBytes = 256 << 10
    /// The most descriptors one read takes (libdbus's: one message's most).
    private static let descriptorsPerRead = 1_024

    init(descriptor: Int32) {
        self.descriptor = descriptor
        buffer = .allocate(byteCount: SocketReader.bufferBytes, alignment: 8)
        control = .allocate(byteCount: Int(clinux_cmsg_space(Int32(SocketReader.descriptorsPerRead * 4))), alignment: 8)
    }

    deinit {
        buffer.deallocate()
        control.deallocate()
        descriptors.forEach { _ = Glibc.close($0) }
    }

    /// Whether descriptors have arrived that no message has taken yet.
    var hasDescriptors: Bool {
        !descriptors.isEmpty
    }

    /// Reads what the socket holds, at most about `budget` bytes, and calls
    /// `receive` with each whole message in order. Returns whether the
    /// socket may hold more (the budget ran out first); throws `End` when
    /// the stream is over.
    func read(budget: Int, _ receive: (Frame) throws -> Void) throws -> Bool {
        var read = 0
        while read < budget {
            let got: Int
            let wanted: Int
            if var current = long {
                // Out of `long` while it is filled, else the array would be copied.
                long = nil
                wanted = current.bytes.count - current.filled
                got = try current.bytes.withUnsafeMutableBytes { whole in
                    try receiveBytes(into: UnsafeMutableRawBufferPointer(rebasing: whole[current.filled...]))
                }
                current.filled += got
                guard current.filled == current.bytes.count else {
                    long = current
                    guard got > 0 else { return false }
                    read += got
                    if got < wanted { return false }
                    continue
                }
                try current.bytes.withUnsafeBytes { try receive(Frame(bytes: $0, owned: current.bytes, reader: self)) }
            } else {
                compact()
                wanted = buffer.count - filled
                got = try receiveBytes(into: UnsafeMutableRawBufferPointer(rebasing: buffer[filled...]))
                guard got > 0 else { return false }
                filled += got
                try cut(receive)
            }
            read += got
            // A short read emptied the socket: asking again costs a system call for EAGAIN.
            if got < wanted { return false }
        }
        return true
    }

    /// Gives the next `count` descriptors received to a message; throws
    /// `End.broken` when fewer have arrived.
    func take(_ count: Int) throws -> [Int32] {
        guard count <= descriptors.count else {
            throw End.broken("a message counts \(count) descriptors, \(descriptors.count) arrived")
        }
        let taken = Array(descriptors.prefix(count))
        descriptors.removeFirst(count)
        return taken
    }

    /// Hands on each whole message in the buffer; starts a long one's own array.
    private func cut(_ receive: (Frame) throws -> Void) throws {
        while filled - consumed >= 16 {
            let start = buffer.baseAddress! + consumed
            let needed = Int(dbus_message_demarshal_bytes_needed(start.assumingMemoryBound(to: CChar.self), Int32(filled - consumed)))
            guard needed >= 16 else {
                throw End.broken("the bus sent bytes that are not a D-Bus message")
            }
            if needed > buffer.count {
                let have = filled - consumed
                // Not zeroed first: the socket's bytes fill it.
                let bytes = [UInt8](unsafeUninitializedCapacity: needed) { room, count in
                    UnsafeMutableRawBufferPointer(room).copyMemory(from: UnsafeRawBufferPointer(start: start, count: have))
                    count = needed
                }
                long = (bytes, have)
                consumed = filled
                return
            }
            guard filled - consumed >= needed else { return }
            try receive(Frame(bytes: UnsafeRawBufferPointer(start: start, count: needed), owned: nil, reader: self))
            consumed += needed
        }
    }

    /// Moves a partial message to the buffer's start.
    private func compact() {
        guard consumed > 0 else { return }
        let rest = filled - consumed
        if rest > 0 {
            buffer.baseAddress!.copyMemory(from: buffer.baseAddress! + consumed, byteCount: rest)
        }
        filled = rest
        consumed = 0
    }

    /// One `recvmsg` into `room`: the bytes it got (0 when the socket is
    /// empty now), its descriptors kept in order.
    private func receiveBytes(into room: UnsafeMutableRawBufferPointer) throws -> Int {
        while true {
            var vector = iovec(iov_base: room.baseAddress, iov_len: room.count)
            var header = msghdr()
            let got = withUnsafeMutablePointer(to: &vector) { vectorPointer -> Int in
                header.msg_iov = vectorPointer
                header.msg_iovlen = 1
                header.msg_control = control.baseAddress
                header.msg_controllen = control.count
                return recvmsg(descriptor, &header, Int32(MSG_DONTWAIT) | Int32(MSG_CMSG_CLOEXEC))
            }
            if got < 0 {
                if errno == EINTR { continue }
                if errno == EAGAIN || errno == EWOULDBLOCK { return 0 }
                throw End.broken("reading the bus socket failed: \(String(cString: strerror(errno)))")
            }
            keepDescriptors(of: &header)
            if header.msg_flags & Int32(MSG_CTRUNC) != 0 {
                throw End.broken("the bus sent more descriptors than one read takes")
            }
            guard got > 0 else { throw End.closed }
            return got
        }
    }

    private func keepDescriptors(of header: inout msghdr) {
        let count = Int(clinux_received_descriptors(&header, nil, 0))
        guard count > 0 else { return }
        var received = [Int32](repeating: -1, count: count)
        _ = clinux_received_descriptors(&header, &received, Int32(count))
        descriptors.append(contentsOf: received)
    }
}
