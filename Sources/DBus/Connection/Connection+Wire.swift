import CDBus
import Glibc
import RxCoreEssentials

/// Serials, and signals and replies the connection writes to its socket itself.
///
/// libdbus builds a message from bytes only by checking them whole
/// (`dbus_message_demarshal`): a header's fields are variants, and each
/// variant's signature is checked with a list, a global lock and a
/// malloc, so reading back a select's three signals cost 69,000
/// instructions, 29 % of all a select costs. A signal the daemon wrote and
/// knows valid (`OutgoingMessage.isKnownValid`) goes to the socket as it is
/// when libdbus has nothing queued before it, so the order of everything
/// sent is kept; else libdbus reads it back and queues it.
extension Connection {
    /// The first serial the connection gives. libdbus numbers what it
    /// sends by itself (`Hello`, its answers to `Peer` calls, errors for
    /// calls nobody handles) from 1 up; everything sent through the
    /// connection is numbered from here up, wrapping within the upper half,
    /// so the two never meet before libdbus has sent 2^31 messages of its own.
    static let firstSerial: UInt32 = 0x8000_0000

    /// The next serial of the connection's own numbering.
    func nextSerial() -> UInt32 {
        let serial = lastSerial == .max ? Connection.firstSerial : lastSerial + 1
        lastSerial = serial
        return serial
    }

    /// Gives `message` the connection's next serial unless it has one.
    func number(_ message: Message) {
        if dbus_message_get_serial(message.raw) == 0 {
            dbus_message_set_serial(message.raw, nextSerial())
        }
    }

    /// Sends `message`, numbered (its own serial, else the connection's
    /// next), and returns its serial: written here and sent as a signal the
    /// daemon wrote is (`send(_: OutgoingMessage)`) when it was built here
    /// without descriptors; by libdbus otherwise (a body with descriptors,
    /// which libdbus alone attaches, or one libdbus holds).
    func transmit(_ message: Message) throws -> UInt32 {
        number(message)
        let serial = message.serial
        if let written = try message.written(serial: serial) {
            return try send(written, serial: serial)
        }
        writeTogether()
        guard dbus_connection_send(raw, try message.bodyInLibdbus(), nil) != 0 else { throw Message.outOfMemory }
        return serial
    }

    /// Sends a signal or reply the daemon wrote in wire format and returns its serial:
    /// straight to the socket when nothing waits in libdbus's queue and the
    /// kernel takes it whole, else through libdbus, in order either way.
    /// `MessageTooLarge` as `send(_: Message)`; `InvalidArgs` for bytes
    /// libdbus refuses.
    @discardableResult
    func send(_ outgoing: OutgoingMessage, serial given: UInt32? = nil) throws -> UInt32 {
        guard isOpen, dbus_connection_get_is_connected(raw) != 0 else { throw Connection.disconnected }
        try checkSize(outgoing.extent)
        let serial = given ?? nextSerial()
        var bytes = outgoing.bytes
        // The header says the host's byte order (`WireSignal`).
        bytes.withUnsafeMutableBytes { $0.storeBytes(of: serial, toByteOffset: 8, as: UInt32.self) }
        let direct = outgoing.isKnownValid && dbus_connection_has_messages_to_send(raw) == 0
        if direct, isWritingTogether, let limit = directSocket?.wholeWriteLimit, bytes.count <= limit {
            if writtenTogetherBytes + bytes.count > limit {
                writeTogether()
            }
            writtenTogether.append(bytes)
            writtenTogetherBytes += bytes.count
            return serial
        }
        writeTogether()
        if direct, writeWhole(bytes) {
            return serial
        }
        try sendThroughLibdbus(bytes)
        return serial
    }

    private func sendThroughLibdbus(_ bytes: [UInt8]) throws {
        let message = try Message(marshalled: bytes)
        guard dbus_connection_send(raw, message.raw, nil) != 0 else {
            throw Message.outOfMemory
        }
    }

    /// Runs `body`, writing the signals and replies it sends directly in
    /// one piece at its end (as far as they fit one piece): a select's
    /// three signals and reply cost one system call, and one wake-up of the
    /// bus, instead of four. Anything sent another way meanwhile writes
    /// what was held first, so the order of all that is sent is kept.
    public func writingTogether(_ body: () -> Void) {
        guard !isWritingTogether else {
            body()
            return
        }
        isWritingTogether = true
        body()
        isWritingTogether = false
        writeTogether()
    }

    /// Writes what `writingTogether` holds: in one piece when the socket
    /// takes it, else each through libdbus, in order.
    func writeTogether() {
        guard !writtenTogether.isEmpty else { return }
        let held = writtenTogether
        writtenTogether = []
        var joined = held[0]
        if held.count > 1 {
            joined.reserveCapacity(writtenTogetherBytes)
            for bytes in held.dropFirst() {
                joined.append(contentsOf: bytes)
            }
        }
        writtenTogetherBytes = 0
        if dbus_connection_has_messages_to_send(raw) == 0, writeWhole(joined) {
            return
        }
        for bytes in held {
            do {
                try sendThroughLibdbus(bytes)
            } catch {
                Hooks.log("<3>dbus: cannot send a message held to be written together: \(error)")
            }
        }
    }

    /// Writes `bytes` to the socket if the kernel takes them in one piece
    /// now; false when they were not written at all (the socket is full,
    /// or it is not a local stream socket, or they are too long to be
    /// taken in one piece), so libdbus can queue them instead.
    private func writeWhole(_ bytes: [UInt8]) -> Bool {
        // A closed connection's descriptor may already be another file's.
        guard isOpen, let socket = directSocket, bytes.count <= socket.wholeWriteLimit else { return false }
        let written = bytes.withUnsafeBytes { Glibc.send(socket.descriptor, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT) | Int32(MSG_NOSIGNAL)) }
        if written == bytes.count {
            return true
        }
        guard written > 0 else {
            // Nothing went out: EAGAIN, or an error libdbus will meet too.
            return false
        }
        finishTornWrite(bytes[written...], on: socket.descriptor)
        return true
    }

    /// The rest of a message the kernel took only part of. A local stream
    /// socket takes a message below `wholeWriteLimit` in one buffer or not
    /// at all, so this is a last resort: the rest is written, waiting for
    /// room at most a second, and if it cannot be the stream is torn and
    /// the connection is closed (the bus would cut it at the next message).
    private func finishTornWrite(_ rest: ArraySlice<UInt8>, on descriptor: Int32) {
        var rest = rest
        let deadline = MonotonicClock.now().adding(1_000_000_000)
        while !rest.isEmpty, MonotonicClock.now() < deadline {
            var room = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
            guard poll(&room, 1, 100) >= 0 || errno == EINTR else { break }
            let written = rest.withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT) | Int32(MSG_NOSIGNAL)) }
            if written > 0 {
                rest = rest.dropFirst(written)
            } else if written < 0, errno != EAGAIN, errno != EINTR {
                break
            }
        }
        if !rest.isEmpty {
            Hooks.log("<3>dbus: a message was torn on the socket; closing the connection")
            close()
        }
    }
}

/// The connection's socket, when messages may be written to it directly.
struct DirectSocket {
    let descriptor: Int32
    /// The longest message the kernel takes in one buffer or refuses whole:
    /// a local stream socket's send keeps a message in one buffer up to half
    /// the send buffer and up to a page-and-32-KiB buffer; 16 KiB is well
    /// below both.
    let wholeWriteLimit: Int

    /// The socket of `connection` if it is a local (`AF_UNIX`) stream socket.
    init?(of connection: OpaquePointer) {
        var descriptor: Int32 = -1
        guard dbus_connection_get_socket(connection, &descriptor) != 0, descriptor >= 0 else { return nil }
        var address = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let named = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        var type: Int32 = 0
        var typeLength = socklen_t(MemoryLayout<Int32>.size)
        var buffer: Int32 = 0
        var bufferLength = socklen_t(MemoryLayout<Int32>.size)
        guard named == 0, Int32(address.ss_family) == AF_UNIX,
              getsockopt(descriptor, SOL_SOCKET, SO_TYPE, &type, &typeLength) == 0, type == Int32(SOCK_STREAM.rawValue),
              getsockopt(descriptor, SOL_SOCKET, SO_SNDBUF, &buffer, &bufferLength) == 0 else { return nil }
        self.descriptor = descriptor
        wholeWriteLimit = min(16_384, Int(buffer) / 2 - 64)
    }
}
