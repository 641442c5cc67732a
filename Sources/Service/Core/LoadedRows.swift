import DBus
import Glibc
import RxWidgets

/// The rows of a `LoadItems` call, read from the client's file descriptor:
/// a memfd or a regular file, from offset 0 to its end, read once into one
/// buffer and split into titles. Pipes and sockets are refused before
/// anything is read (a reader of those could wait for ever on the one
/// thread), and so is a file larger than the limits allow.
enum LoadedRows {
    /// How rows are separated.
    enum Separator: String {
        case newline
        case nul

        var byte: UInt8 {
            self == .newline ? 0x0A : 0x00
        }
    }

    /// The options `LoadItems` takes besides where the rows go.
    static let optionTypes: [String: DBusType] = ["append": .boolean, "separator": .string]

    /// The `separator` option: `newline` (the default) or `nul`.
    static func separator(_ options: [String: DBusValue]) throws -> Separator {
        guard case .string(let text)? = options["separator"] else { return .newline }
        guard let separator = Separator(rawValue: text) else {
            throw DBusError.invalidArgs("options 'separator': expected 'newline' or 'nul', got \(quoted(text))")
        }
        return separator
    }

    /// The titles in `fd`; `what` names the argument in errors.
    static func read(_ fd: Int32, separator: Separator, limits: Limits, _ what: String) throws -> [String] {
        var status = stat()
        guard fstat(fd, &status) == 0 else {
            throw DBusError.invalidArgs("\(what): descriptor \(fd) cannot be examined: \(String(cString: strerror(errno)))")
        }
        guard status.st_mode & S_IFMT == S_IFREG else {
            throw DBusError.invalidArgs("\(what): the descriptor is \(kind(of: status.st_mode)); LoadItems reads a memfd or a regular file")
        }
        let maximum = limits.loadBytes
        guard status.st_size <= maximum else {
            throw WidgetsError.limitExceeded("\(what): the file has \(status.st_size) bytes; the limit is \(maximum)")
        }
        let bytes = try readAll(fd, expected: Int(status.st_size), maximum: maximum, what)
        return try split(bytes, separator: separator, limits: limits, what)
    }

    private static func readAll(_ fd: Int32, expected: Int, maximum: Int, _ what: String) throws -> [UInt8] {
        var buffer = [UInt8](repeating: 0, count: expected + 1)
        var filled = 0
        while true {
            if filled == buffer.count {
                // The file grew after fstat: read on, but never past the limit.
                guard filled <= maximum else {
                    throw WidgetsError.limitExceeded("\(what): the file grew past \(maximum) bytes, the limit, while it was read")
                }
                buffer += repeatElement(0, count: min(max(buffer.count, 4_096), maximum + 1 - buffer.count))
            }
            let count = buffer.withUnsafeMutableBytes { raw in
                pread(fd, raw.baseAddress! + filled, raw.count - filled, off_t(filled))
            }
            if count < 0 {
                if errno == EINTR { continue }
                throw DBusError.invalidArgs("\(what): the file cannot be read: \(String(cString: strerror(errno)))")
            }
            if count == 0 { break }
            filled += count
        }
        buffer.removeLast(buffer.count - filled)
        return buffer
    }

    private static func split(_ bytes: [UInt8], separator: Separator, limits: Limits, _ what: String) throws -> [String] {
        var rows: [String] = []
        var start = 0
        let end = bytes.count
        while start < end {
            let stop = bytes[start...].firstIndex(of: separator.byte) ?? end
            let row = rows.count
            guard row < limits.rowsPerWidget else {
                throw WidgetsError.limitExceeded("\(what) has more than \(limits.rowsPerWidget) rows; the limit is \(limits.rowsPerWidget)")
            }
            let slice = bytes[start..<stop]
            if separator == .newline, slice.contains(0) {
                throw DBusError.invalidArgs("\(what): row \(row) contains U+0000, which D-Bus strings cannot carry")
            }
            guard let title = String(validating: slice, as: UTF8.self) else {
                throw DBusError.invalidArgs("\(what): row \(row) is not valid UTF-8")
            }
            try Arguments(limits: limits).checkString(title, "\(what) row \(row)")
            rows.append(title)
            start = stop + 1
        }
        return rows
    }

    private static func kind(of mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFIFO: return "a pipe"
        case S_IFSOCK: return "a socket"
        case S_IFCHR: return "a character device"
        case S_IFDIR: return "a directory"
        case S_IFBLK: return "a block device"
        default: return "not a regular file"
        }
    }
}
