import DBus
import Glibc

/// One widget's state as its file keeps it: eight bytes `RXWSTATE`, the
/// format version (little-endian `u32`), then one D-Bus message in wire
/// format whose body is `(s kind, s name, u owner_uid, t revision, av state)`
/// — every value typed, checked by libdbus when it is read back.
struct StateFile: Sendable {
    /// The format this daemon writes and reads.
    static let formatVersion: UInt32 = 1
    private static let magic = Array("RXWSTATE".utf8)

    let kind: WidgetKind
    let name: String
    let ownerUID: UInt32
    let revision: UInt64
    /// The kind's own values (`Widget.stateValues`).
    let state: [DBusValue]

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

    func encoded() throws -> [UInt8] {
        let message = try Message.signal(path: WidgetService.rootPath.rawValue, interface: "org.rxwidgets.Widgets1.State", member: "Widget")
        try message.append([.string(kind.rawValue), .string(name), .uint32(ownerUID), .uint64(revision), .array(element: .variant, state.map { .variant($0) })])
        var version = StateFile.formatVersion.littleEndian
        return StateFile.magic + withUnsafeBytes(of: &version) { Array($0) } + (try message.marshalled())
    }

    init(kind: WidgetKind, name: String, ownerUID: UInt32, revision: UInt64, state: [DBusValue]) {
        self.kind = kind
        self.name = name
        self.ownerUID = ownerUID
        self.revision = revision
        self.state = state
    }

    init(decoding bytes: [UInt8]) throws {
        guard bytes.count >= 12, Array(bytes[0..<8]) == StateFile.magic else {
            throw ReadError(description: "not an rxwidgets state file")
        }
        let version = bytes[8..<12].reversed().reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
        guard version <= StateFile.formatVersion else {
            throw ReadError(description: "format version \(version) is newer than this daemon's \(StateFile.formatVersion)")
        }
        let values: [DBusValue]
        do {
            values = try Message(marshalled: Array(bytes[12...])).inputArguments(named: ["kind", "name", "owner_uid", "revision", "state"])
        } catch {
            throw ReadError(description: "torn or corrupt: \(error)")
        }
        guard values.count == 5, let kindName = values[0].stringValue, let kind = WidgetKind(rawValue: kindName), let name = values[1].stringValue,
              case .uint32(let uid) = values[2], case .uint64(let revision) = values[3], let state = values[4].arrayElements else {
            throw ReadError(description: "its values are not (s kind, s name, u owner_uid, t revision, av state)")
        }
        guard revision < UInt64.max else {
            throw ReadError(description: "its Revision \(revision) is the largest there is, so no later change could be counted")
        }
        self.init(kind: kind, name: name, ownerUID: uid, revision: revision, state: state.map { $0.variantValue ?? $0 })
    }
}
