import CDBus

/// `org.freedesktop.DBus.Peer`, which every connection answers: written
/// once, for a connection answering a call nobody handled (as libdbus
/// does) and for an object server, which serves it in its clients' turn.
enum PeerAnswers {
    /// A method of `Peer`: its name, what it returns, and the answer.
    struct Member: Sendable {
        let name: String
        let outputs: [Argument]
        let answer: @Sendable () throws -> [DBusValue]
    }

    static let members = [
        Member(name: "Ping", outputs: []) { [] },
        Member(name: "GetMachineId", outputs: [Argument("machine_uuid", .string)]) { [.string(try machineID())] },
    ]

    /// The answer to a call of `Peer`'s method `member` without arguments;
    /// nil for any other call.
    static func answer(interface: String?, member: String?, signature: String) throws -> [DBusValue]? {
        guard interface == StandardInterface.peer, signature.isEmpty, let method = members.first(where: { $0.name == member }) else {
            return nil
        }
        return try method.answer()
    }

    /// The machine's D-Bus id, as `GetMachineId` answers.
    private static func machineID() throws -> String {
        var error = CDBus.DBusError()
        dbus_error_init(&error)
        defer { dbus_error_free(&error) }
        guard let id = dbus_try_get_local_machine_id(&error) else {
            throw Connection.error(from: &error, fallback: "no machine id")
        }
        defer { dbus_free(id) }
        return String(cString: id)
    }
}
