import CLinux
import DBus
import Glibc
import WidgetsAPI

/// Titles written to an anonymous in-memory file, NUL after each (a D-Bus
/// string holds no NUL, so any title fits), for `LoadItems`: the bus then
/// carries a descriptor, not the rows, so a list past D-Bus's caps (an array
/// of 64 MiB, a message of 128 MiB — 2,000,000 rows of 40 characters) binds.
enum TitleFile {
    /// Titles whose UTF-8 bytes pass this are bound through a file rather
    /// than in the call: far below the caps, and where writing a file
    /// costs less than the bus's copies of the call.
    static let inlineBytes = 1 << 20

    /// Whether `titles` are better bound through a file than inline.
    static func isLarge(_ titles: [String]) -> Bool {
        var bytes = 0
        for title in titles {
            bytes += title.utf8.count + 1
            if bytes > inlineBytes { return true }
        }
        return false
    }

    /// Runs `body` with a descriptor of a file holding `titles`, closed after.
    static func withDescriptor<Result>(of titles: [String], _ body: (UnixFD) throws -> Result) throws -> Result {
        let descriptor = clinux_memfd("rxwidgets-titles")
        guard descriptor >= 0 else {
            throw DBusError.failed("cannot make a file of \(titles.count) titles: \(String(cString: strerror(errno)))")
        }
        defer { close(descriptor) }
        var buffer: [UInt8] = []
        buffer.reserveCapacity(1 << 20)
        func flush() throws {
            var written = 0
            while written < buffer.count {
                let count = buffer.withUnsafeBytes { write(descriptor, $0.baseAddress! + written, $0.count - written) }
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else { throw DBusError.failed("cannot write the titles' file: \(String(cString: strerror(errno)))") }
                written += count
            }
            buffer.removeAll(keepingCapacity: true)
        }
        for title in titles {
            buffer.append(contentsOf: title.utf8)
            buffer.append(0)
            if buffer.count >= 1 << 20 {
                try flush()
            }
        }
        try flush()
        return try body(UnixFD(descriptor))
    }

    /// `LoadItems`'s options for a file made here.
    static func options(_ pairs: [(key: String, value: DBusValue)]) -> Options {
        Options([(key: "separator", value: .string("nul"))] + pairs)
    }
}

extension RemotePicker {
    /// Binds `titles` to `component` through a file (`LoadItems`), replacing
    /// its rows or after them with `append`: for lists past what one call may carry.
    public func loadItems(_ titles: [String], inComponent component: Int = 0, append: Bool = false) throws {
        try TitleFile.withDescriptor(of: titles) { descriptor in
            try call(PickerContract.loadItems, (descriptor, TitleFile.options([("component", .int32(Int32(clamping: component))), ("append", .boolean(append))])))
        }
    }
}

extension RemoteTable {
    /// Binds `titles` to `section` through a file (`LoadItems`), replacing
    /// its rows or after them with `append`.
    public func loadItems(_ titles: [String], inSection section: Int = 0, append: Bool = false) throws {
        try TitleFile.withDescriptor(of: titles) { descriptor in
            try call(TableContract.loadItems, (Int32(clamping: section), descriptor, TitleFile.options([("append", .boolean(append))])))
        }
    }
}

extension Reactive where Base: RemoteTable {
    /// `LoadItems` of the lines of the file open at `descriptor` (a regular
    /// file or memfd, read from its start; a line feed ends each line) into
    /// `section`, after its rows with `append`, without blocking: the daemon
    /// reads them, so no call carries the rows. Keep the descriptor open
    /// until it completes.
    public func loadLines(fromDescriptor descriptor: Int32, inSection section: Int = 0, append: Bool = false) -> Observable<Void> {
        request(TableContract.loadItems, (Int32(clamping: section), UnixFD(descriptor), Options([(key: "append", value: .boolean(append))])))
    }
}
