import DBus
import Glibc
import RxWidgetsEssentials

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

    /// The rows read: each title as a string value, in order, and what they
    /// cost the heap (`Footprint.of` each value, summed: no array header).
    struct Values {
        var rows: [DBusValue] = []
        var footprint = 0
    }

    /// The titles a `LoadItems` call's `items` descriptor holds, split as its
    /// `separator` option says.
    static func read(from items: UnixFD, options: [String: DBusValue], limits: Limits) throws -> Values {
        try read(items.fd, separator: try separator(options), limits: limits, "items")
    }

    /// The `separator` option: `newline` (the default) or `nul`.
    private static func separator(_ options: [String: DBusValue]) throws -> Separator {
        guard case .string(let text)? = options["separator"] else { return .newline }
        guard let separator = Separator(rawValue: text) else {
            throw DBusError.invalidArgs("options 'separator': expected 'newline' or 'nul', got \(quoted(text))")
        }
        return separator
    }

    /// The titles in `fd`; `what` names the argument in errors.
    private static func read(_ fd: Int32, separator: Separator, limits: Limits, _ what: String) throws -> Values {
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
        return try readRows(fd, size: Int(status.st_size), separator: separator, limits: limits, what)
    }

    /// The bytes read at a time: rows are split and checked as they come,
    /// so a file the limits refuse is refused as soon as that shows (a row
    /// past the limit, a NUL, bad UTF-8), and no more than one chunk and
    /// the rows kept are ever held.
    static let chunkBytes = 1 << 20

    /// The rows taken so far and the checks each is taken with. A struct,
    /// not variables a nested function captures: those are checked for
    /// exclusive access at run time on every row (12 % of a LoadItems).
    private struct Rows {
        let checks: InputChecks
        let limits: Limits
        let separator: Separator
        let what: String
        var taken = Values()

        /// Makes room for the rows a file of `size` bytes holds if the rest
        /// is like its first `read` bytes, which held `count` rows: growing
        /// an array of a million rows by doubling faults in twice its pages
        /// (a quarter of a LoadItems). At most the row limit (a file's size
        /// is as large as `--max-load-bytes` lets it be, so the estimate is
        /// made in floating point and clamped before it is an Int).
        mutating func expect(rowsIn size: Int, fromFirst read: Int) {
            guard read > 0, size > read else { return }
            let count = taken.rows.count
            let estimate = (Double(max(count, 1)) * Double(size) / Double(read)).rounded(.up) + 16
            taken.rows.reserveCapacity(Int(min(estimate, Double(limits.rowsPerWidget))))
        }

        /// The rows taken, without room a wrong estimate reserved beyond a
        /// quarter more than they need: the picker keeps the array, and the
        /// memory budget counts rows, not capacity.
        consuming func finished() -> Values {
            let count = taken.rows.count
            guard taken.rows.capacity > count + count / 4 + 1_024 else { return taken }
            var exact: [DBusValue] = []
            exact.reserveCapacity(count)
            exact.append(contentsOf: taken.rows)
            taken.rows = exact
            return taken
        }

        private mutating func append(_ title: String) {
            let value = DBusValue.string(title)
            taken.footprint += Footprint.of(value)
            taken.rows.append(value)
        }

        /// `clean`: the bytes are known to be ASCII without a NUL (their chunk is).
        mutating func take(_ bytes: UnsafeBufferPointer<UInt8>, clean: Bool = false) throws {
            let row = taken.rows.count
            guard row < limits.rowsPerWidget else {
                throw WidgetsError.limitExceeded("\(what) has more than \(limits.rowsPerWidget) rows; the limit is \(limits.rowsPerWidget)")
            }
            if clean {
                // Copied in, not decoded: the bytes are known to be ASCII
                // (15 % less than `String(decoding:)` over a million rows).
                let title = String(unsafeUninitializedCapacity: bytes.count) { $0.initialize(fromContentsOf: bytes) }
                try checks.checkString(title, "\(what) row \(row)")
                append(title)
                return
            }
            if separator == .newline, LoadedRows.offset(of: 0, in: bytes, from: 0) != nil {
                throw DBusError.invalidArgs("\(what): row \(row) contains U+0000, which D-Bus strings cannot carry")
            }
            // Decoding repairs what is not UTF-8; a title whose bytes came
            // back changed was not valid. (Both take String's fast path;
            // `elementsEqual` was a third of a LoadItems, `String(validating:)`
            // is generic and slower still.)
            var title = String(decoding: bytes, as: UTF8.self)
            let unchanged = title.utf8.count == bytes.count && (bytes.isEmpty || title.withUTF8 { memcmp($0.baseAddress!, bytes.baseAddress!, bytes.count) == 0 })
            guard unchanged else {
                throw DBusError.invalidArgs("\(what): row \(row) is not valid UTF-8")
            }
            try checks.checkString(title, "\(what) row \(row)")
            append(title)
        }
    }

    private static func readRows(_ fd: Int32, size: Int, separator: Separator, limits: Limits, _ what: String) throws -> Values {
        // A row has at most stringLength scalars of at most 4 bytes.
        let longestRow = limits.stringLength * 4
        var rows = Rows(checks: InputChecks(limits: limits), limits: limits, separator: separator, what: what)
        var carry: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: chunkBytes)
        var offset = 0
        while true {
            let count = chunk.withUnsafeMutableBytes { raw in pread(fd, raw.baseAddress!, raw.count, off_t(offset)) }
            if count < 0 {
                if errno == EINTR { continue }
                throw DBusError.invalidArgs("\(what): the file cannot be read: \(String(cString: strerror(errno)))")
            }
            if count == 0 { break }
            let first = offset == 0
            offset += count
            // The file may grow after fstat: read on, but never past the limit.
            guard offset <= limits.loadBytes else {
                throw WidgetsError.limitExceeded("\(what): the file grew past \(limits.loadBytes) bytes, the limit, while it was read")
            }
            try chunk.withUnsafeBufferPointer { whole in
                let buffer = UnsafeBufferPointer(rebasing: whole[..<count])
                // Checked once a chunk: most files are ASCII without a NUL,
                // and their rows then need no check of their own.
                let clean = separator == .newline && LoadedRows.offset(of: 0, in: buffer, from: 0) == nil && LoadedRows.isASCII(buffer)
                var start = 0
                while let stop = LoadedRows.offset(of: separator.byte, in: buffer, from: start) {
                    if carry.isEmpty {
                        try rows.take(UnsafeBufferPointer(rebasing: buffer[start..<stop]), clean: clean)
                    } else {
                        carry += buffer[start..<stop]
                        try carry.withUnsafeBufferPointer { try rows.take($0) }
                        carry.removeAll(keepingCapacity: true)
                    }
                    start = stop + 1
                }
                let rest = UnsafeBufferPointer(rebasing: buffer[start...])
                if separator == .newline, LoadedRows.offset(of: 0, in: rest, from: 0) != nil {
                    throw DBusError.invalidArgs("\(what): row \(rows.taken.rows.count) contains U+0000, which D-Bus strings cannot carry")
                }
                carry += rest
                if first {
                    rows.expect(rowsIn: size, fromFirst: count)
                }
                guard carry.count <= longestRow else {
                    throw WidgetsError.limitExceeded("\(what) row \(rows.taken.rows.count) has more than \(longestRow) bytes; the limit is \(limits.stringLength) characters")
                }
            }
        }
        if !carry.isEmpty {
            try carry.withUnsafeBufferPointer { try rows.take($0) }
        }
        return rows.finished()
    }

    /// Whether every byte is below 0x80, eight at a time.
    private static func isASCII(_ buffer: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = buffer.baseAddress else { return true }
        let words = buffer.count / 8
        let raw = UnsafeRawPointer(base)
        var high: UInt64 = 0
        for word in 0..<words {
            high |= raw.loadUnaligned(fromByteOffset: word * 8, as: UInt64.self)
        }
        for index in (words * 8)..<buffer.count {
            high |= UInt64(buffer[index])
        }
        return high & 0x8080_8080_8080_8080 == 0
    }

    /// The offset of the first `byte` at or after `start` (memchr), or nil.
    private static func offset(of byte: UInt8, in buffer: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        guard let base = buffer.baseAddress, start < buffer.count else { return nil }
        guard let found = memchr(base + start, Int32(byte), buffer.count - start) else { return nil }
        return UnsafeRawPointer(found) - UnsafeRawPointer(base)
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
