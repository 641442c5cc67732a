import DBus
import WidgetsAPI
import Glibc

/// One widget's state as its file keeps it: eight bytes `RXWSTATE`, the
/// format version (little-endian `u32`), then D-Bus messages in wire format
/// one after another — every value typed, checked by libdbus when it is
/// read back.
///
/// Format 2, written now, holds everything the limits allow, whatever the
/// protocol's caps (an array of at most 64 MiB, a message of at most
/// 128 MiB): the first message's body is `(s kind, s name, u owner_uid,
/// t revision, u count)`, each further one's `(y operation, v value)`. A
/// state value of at most `frameBytes` is one `value` message; a larger
/// array is opened (`openArray`, with an empty array of its type), filled
/// by `elements` messages of at most `frameBytes` each (and any element too
/// large for one, opened in turn) and `close`d; a larger structure or
/// variant likewise (`openStructure`, `openVariant`). Format 1 (one message
/// whose body is `(s kind, s name, u owner_uid, t revision, av state)`) is
/// still read.
struct StateFile: Sendable {
    /// The format this daemon writes; it reads this one and the ones before.
    static let formatVersion: UInt32 = 2
    private static let magic = Array("RXWSTATE".utf8)
    /// The most one message of a file carries, well under the protocol's
    /// array cap: the writer holds one frame's elements and its message at
    /// a time, so this is what writing a file adds to the daemon's memory
    /// (16 MiB frames added some 40 MiB to a million-row picker's peak).
    static let frameBytes = 1 << 20
    /// The containers one frame's value may nest: a message nests at most
    /// 64, and the frame's variant is one. A deeper value is opened, a
    /// container a frame, so a model as deep as a call may carry (whose
    /// widget keeps it inside containers of its own) is stored.
    static let frameDepth = 63

    let kind: WidgetKind
    let name: String
    let ownerUID: UInt32
    let revision: UInt64
    /// The kind's own values (`Widget.stateSnapshot`), as the writer takes them.
    private let pieces: [StateValue]

    /// The kind's own values, each whole (without the records of its
    /// transience and its prompt).
    var state: [DBusValue] {
        pieces.dropLast(hostRecords.count).map(\.materialized)
    }

    /// The record of the widget's prompt (`PromptRecord`), when the file
    /// ends with the piece `(s "prompt", av record)`.
    var promptRecord: [DBusValue]? {
        hostRecords[PromptRecord.tag]
    }

    /// The record of a transient widget (`TransientRecord`): the piece
    /// `(s "transient", av record)` before any prompt's record.
    var transientRecord: [DBusValue]? {
        hostRecords[TransientRecord.tag]
    }

    /// The tagged records the file ends with, by tag: the transient one,
    /// then the prompt's, each at most once and in that order.
    private var hostRecords: [String: [DBusValue]] {
        var records: [String: [DBusValue]] = [:]
        for tag in [PromptRecord.tag, TransientRecord.tag] {
            let index = pieces.count - 1 - records.count
            guard index >= 0, case .structure(let fields) = pieces[index].materialized, fields.count == 2,
                  fields[0] == .string(tag), let record = fields[1].arrayElements else { continue }
            records[tag] = record
        }
        return records
    }

    /// The widget's file name in the state directory.
    static func fileName(_ kind: WidgetKind, _ name: String) -> String {
        "\(kind.rawValue).\(name).state"
    }

    var fileName: String {
        StateFile.fileName(kind, name)
    }

    /// The widget's path on the bus.
    var path: ObjectPath {
        WidgetService.path(of: kind, name: name)
    }

    /// Why a file could not be read.
    struct ReadError: Error, CustomStringConvertible {
        let description: String
    }

    /// What a format 2 message after the first does.
    private enum Operation: UInt8 {
        /// A whole value: the next state value, or the next element or field of what is open.
        case value = 0
        /// Elements appended to the open array.
        case elements = 1
        /// An array begins (the value: an empty array of its type).
        case openArray = 2
        /// A structure begins (the value: its number of fields).
        case openStructure = 3
        /// A variant begins.
        case openVariant = 4
        /// What was opened last ends: it is the next value, element or field.
        case close = 5
        /// A dictionary entry begins (one too deep for a frame: a dictionary
        /// entry cannot be a variant's value); its key, then its value.
        case openDictEntry = 6
    }

    init(kind: WidgetKind, name: String, ownerUID: UInt32, revision: UInt64, state: [DBusValue]) {
        self.init(kind: kind, name: name, ownerUID: ownerUID, revision: revision, pieces: state.map(StateValue.value))
    }

    init(kind: WidgetKind, name: String, ownerUID: UInt32, revision: UInt64, pieces: [StateValue]) {
        self.kind = kind
        self.name = name
        self.ownerUID = ownerUID
        self.revision = revision
        self.pieces = pieces
    }

    // MARK: Writing

    /// The file's bytes, in one array.
    func encoded() throws -> [UInt8] {
        var bytes: [UInt8] = []
        try encode { bytes += $0 }
        return bytes
    }

    /// Hands the file's bytes to `write` piece by piece, in order — the magic
    /// and version, then each message — so a writer needs no buffer of the
    /// whole file (a million rows are 16 MiB and more, copied as it grew).
    func encode(_ deliver: ([UInt8]) throws -> Void) throws {
        var version = StateFile.formatVersion.littleEndian
        try deliver(StateFile.magic + withUnsafeBytes(of: &version) { Array($0) })
        try deliver(try StateFile.message([.string(kind.rawValue), .string(name), .uint32(ownerUID), .uint64(revision), .uint32(UInt32(pieces.count))]))
        for piece in pieces {
            try StateFile.write(piece, to: deliver)
        }
    }

    private static func message(_ body: [DBusValue]) throws -> [UInt8] {
        try Message.marshalledSignal(path: WidgetsAPI.rootPath, interface: "org.rxwidgets.Widgets1.State", member: "Widget", body)
    }

    private static func frame(_ operation: Operation, _ value: DBusValue) throws -> [UInt8] {
        try message([.byte(operation.rawValue), .variant(value)])
    }

    /// `piece` as `write(_:to:)` writes its value whole: the same bytes,
    /// its variants made a frame at a time.
    private static func write(_ piece: StateValue, to deliver: ([UInt8]) throws -> Void) throws {
        guard piece.wireBytes(atMost: frameBytes, depth: frameDepth) == nil else {
            try deliver(try frame(.value, piece.materialized))
            return
        }
        switch piece {
        case .value(let value):
            try write(value, to: deliver)
        case .variants(let values):
            try writeElements(of: .variant, values.lazy.map { .variant($0) }, to: deliver)
        case .array(let element, let items):
            try deliver(try frame(.openArray, .array(element: element, [])))
            for item in items {
                try write(item, to: deliver)
            }
            try deliver(try frame(.close, .byte(0)))
        case .structure(let fields):
            try deliver(try frame(.openStructure, .uint32(UInt32(fields.count))))
            for field in fields {
                try write(field, to: deliver)
            }
            try deliver(try frame(.close, .byte(0)))
        }
    }

    /// An array larger than `frameBytes`: opened, its elements in frames of
    /// at most `frameBytes` (one too large for a frame opened in turn), closed.
    private static func writeElements<Elements: Sequence<DBusValue>>(of element: DBusType, _ elements: Elements, to deliver: ([UInt8]) throws -> Void) throws {
        try deliver(try frame(.openArray, .array(element: element, [])))
        var batch: [DBusValue] = []
        var batchBytes = 0
        func flush() throws {
            guard !batch.isEmpty else { return }
            try deliver(try frame(.elements, .array(element: element, batch)))
            batch = []
            batchBytes = 0
        }
        for item in elements {
            // An element of an `elements` frame is inside its array too.
            guard let size = wireBytes(item, atMost: frameBytes, depth: frameDepth - 1) else {
                try flush()
                try write(item, to: deliver)
                continue
            }
            if batchBytes + size > frameBytes {
                try flush()
            }
            batch.append(item)
            batchBytes += size
        }
        try flush()
        try deliver(try frame(.close, .byte(0)))
    }

    /// `value` as one message, or opened, filled and closed when it is larger than `frameBytes`.
    private static func write(_ value: DBusValue, to deliver: ([UInt8]) throws -> Void) throws {
        guard wireBytes(value, atMost: frameBytes, depth: frameDepth) == nil else {
            try deliver(try frame(.value, value))
            return
        }
        switch value {
        case .array(let element, let elements):
            try writeElements(of: element, elements, to: deliver)
        case .dictEntry(let key, let inner):
            try deliver(try frame(.openDictEntry, .byte(0)))
            try StateFile.write(key, to: deliver)
            try StateFile.write(inner, to: deliver)
            try deliver(try frame(.close, .byte(0)))
        case .structure(let fields):
            try deliver(try frame(.openStructure, .uint32(UInt32(fields.count))))
            for field in fields {
                try StateFile.write(field, to: deliver)
            }
            try deliver(try frame(.close, .byte(0)))
        case .variant(let inner):
            try deliver(try frame(.openVariant, .byte(0)))
            try StateFile.write(inner, to: deliver)
            try deliver(try frame(.close, .byte(0)))
        default:
            try deliver(try frame(.value, value))
        }
    }

    /// An upper bound of the bytes `value` takes on the wire, every pad
    /// counted at its worst; nil as soon as it passes `limit` (so a large
    /// value is not visited to its end just to learn it is large), or when
    /// it nests more than `depth` containers (itself included).
    static func wireBytes(_ value: DBusValue, atMost limit: Int = .max, depth: Int = .max) -> Int? {
        func sum(_ start: Int, _ parts: [DBusValue]) -> Int? {
            guard depth > 0 else { return nil }
            var total = start
            for part in parts {
                guard let size = wireBytes(part, atMost: limit - total, depth: depth - 1) else { return nil }
                total += size
            }
            return total
        }
        let size: Int?
        switch value {
        case .string(let text): size = 9 + text.utf8.count
        case .objectPath(let path): size = 9 + path.rawValue.utf8.count
        case .signature(let signature): size = 2 + signature.rawValue.utf8.count
        case .array(_, let elements): size = sum(16, elements)
        case .structure(let fields): size = sum(8, fields)
        case .dictEntry(let key, let value): size = sum(8, [key, value])
        case .variant(let inner): size = sum(258, [inner])
        default: size = 8
        }
        return size.flatMap { $0 <= limit ? $0 : nil }
    }

    // MARK: Reading

    /// Reads a file's bytes; its values may take at most `memoryBudget`
    /// bytes (`DBusValue.footprint`), counted as each message is read, so a
    /// file made to amplify (megabytes of byte arrays, each byte a value)
    /// is refused before it takes the daemon's memory.
    init(decoding bytes: [UInt8], memoryBudget: Int = .max) throws {
        guard bytes.count >= 12, Array(bytes[0..<8]) == StateFile.magic else {
            throw ReadError(description: "not an rxwidgets state file")
        }
        let version = bytes[8..<12].reversed().reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
        guard version <= StateFile.formatVersion else {
            throw ReadError(description: "format version \(version) is newer than this daemon's \(StateFile.formatVersion)")
        }
        var reader = MessageReader(bytes: bytes, offset: 12, budget: memoryBudget)
        let head: [DBusValue]
        do {
            head = try reader.next(named: ["kind", "name", "owner_uid", "revision", version == 1 ? "state" : "count"])
        } catch let error as ReadError {
            throw error
        } catch {
            throw ReadError(description: "torn or corrupt: \(error)")
        }
        guard head.count == 5, let kindName = head[0].stringValue, let kind = WidgetKind(rawValue: kindName), let name = head[1].stringValue,
              case .uint32(let uid) = head[2], case .uint64(let revision) = head[3] else {
            throw ReadError(description: "its values are not (s kind, s name, u owner_uid, t revision, …)")
        }
        guard revision < UInt64.max else {
            throw ReadError(description: "its Revision \(revision) is the largest there is, so no later change could be counted")
        }
        let state: [DBusValue]
        if version == 1 {
            guard let values = head[4].arrayElements, reader.isAtEnd else { throw ReadError(description: "its values are not (s kind, s name, u owner_uid, t revision, av state)") }
            state = values.map { $0.variantValue ?? $0 }
        } else {
            guard case .uint32(let count) = head[4] else { throw ReadError(description: "its first message does not give the number of state values") }
            state = try StateFile.readValues(count: Int(count), from: &reader)
        }
        self.init(kind: kind, name: name, ownerUID: uid, revision: revision, state: state)
    }

    /// What is being filled while a format 2 file is read.
    private final class Opened {
        enum Kind {
            case array(DBusType)
            case structure(fields: Int)
            case variant
            case dictEntry
        }

        let kind: Kind
        var items: [DBusValue] = []

        init(_ kind: Kind) {
            self.kind = kind
        }

        var value: DBusValue? {
            switch kind {
            case .array(let element): return .array(element: element, items)
            case .structure(let fields): return items.count == fields ? .structure(items) : nil
            case .variant: return items.count == 1 ? .variant(items[0]) : nil
            case .dictEntry: return items.count == 2 && items[0].type.isBasic ? .dictEntry(items[0], items[1]) : nil
            }
        }
    }

    private static func readValues(count: Int, from reader: inout MessageReader) throws -> [DBusValue] {
        var state: [DBusValue] = []
        var opened: [Opened] = []
        func deliver(_ value: DBusValue) throws {
            guard let top = opened.last else {
                state.append(value)
                return
            }
            if case .array(let element) = top.kind, value.type != element {
                throw ReadError(description: "an element of type \(value.type) in an array of \(element)")
            }
            top.items.append(value)
        }
        while state.count < count || !opened.isEmpty {
            let body: [DBusValue]
            do {
                body = try reader.next(named: ["operation", "value"])
            } catch let error as ReadError {
                throw error
            } catch {
                throw ReadError(description: "torn or corrupt after \(state.count) of \(count) values: \(error)")
            }
            guard body.count == 2, case .byte(let code) = body[0], let operation = Operation(rawValue: code), let value = body[1].variantValue else {
                throw ReadError(description: "a message that is not (y operation, v value)")
            }
            // Nesting is bounded by D-Bus's own (32 arrays and 32 structures).
            guard opened.count < 64 else { throw ReadError(description: "values nested deeper than D-Bus allows") }
            switch operation {
            case .value:
                try deliver(value)
            case .elements:
                guard let top = opened.last, case .array(let element) = top.kind, case .array(let type, let items) = value, type == element else {
                    throw ReadError(description: "elements outside an array of their type")
                }
                top.items += items
            case .openArray:
                guard case .array(let element, _) = value else { throw ReadError(description: "an array opened without its type") }
                opened.append(Opened(.array(element)))
            case .openStructure:
                guard case .uint32(let fields) = value, fields > 0 else { throw ReadError(description: "a structure opened without its number of fields") }
                opened.append(Opened(.structure(fields: Int(fields))))
            case .openVariant:
                opened.append(Opened(.variant))
            case .openDictEntry:
                opened.append(Opened(.dictEntry))
            case .close:
                guard let top = opened.popLast(), let closed = top.value else { throw ReadError(description: "a close of nothing, or of an incomplete structure") }
                try deliver(closed)
            }
        }
        guard reader.isAtEnd else { throw ReadError(description: "more after its \(count) values") }
        return state
    }
}

/// D-Bus messages kept one after another, read in turn, their values
/// taking at most `budget` bytes together.
private struct MessageReader {
    let bytes: [UInt8]
    var offset: Int
    let budget: Int
    private var spent = 0

    init(bytes: [UInt8], offset: Int, budget: Int) {
        self.bytes = bytes
        self.offset = offset
        self.budget = budget
    }

    var isAtEnd: Bool {
        offset == bytes.count
    }

    /// The next message's body.
    mutating func next(named names: [String]) throws -> [DBusValue] {
        guard let length = Message.marshalledLength(at: bytes[offset...]), offset + length <= bytes.count else {
            throw DBusError.invalidArgs("\(bytes.count - offset) bytes at \(offset) are not a whole D-Bus message")
        }
        let message = try Message(wire: Array(bytes[offset..<(offset + length)]))
        offset += length
        let overBudget = StateFile.ReadError(description: "its values would take more than \(budget) bytes of memory to read, more than all widgets together may hold (--max-memory) and a call's slack")
        let values: [DBusValue]
        do {
            values = try message.inputArguments(named: names, maximumDecodedBytes: budget - spent)
        } catch let error as DBusError where error.name == DBusError.Name.limitsExceeded {
            throw overBudget
        }
        spent += DBusValue.footprint(of: values)
        guard spent <= budget else { throw overBudget }
        return values
    }
}
