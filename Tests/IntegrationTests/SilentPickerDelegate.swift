import DBus
import WidgetsAPI

/// A picker delegate on a connection of its own that never answers
/// `WidthForComponent` by itself: each question's reply is kept in
/// `waiting`, for the test to send or not.
final class SilentPickerDelegate {
    let connection: Connection
    let object = ObjectPath("/test/sizes")!
    var waiting: [(Result<Double, Error>) -> Void] = []
    private let server: ObjectServer

    init(address: String) throws {
        connection = try Connection(bus: .address(address))
        server = ObjectServer(connection: connection)
        let width = PickerDelegateContract.widthForComponent.serveLater { (silent: SilentPickerDelegate, _, _, reply) in silent.waiting.append(reply) }
        try server.export(object, interfaces: [InterfaceDeclaration<SilentPickerDelegate>(PickerDelegateContract.name, methods: [width]).bind(to: self)])
    }

    /// Attaches it to the picker at `path`, its questions timing out after `timeout` ms.
    func attach(to path: String, timeout: Int32) throws {
        let options = DBusValue.dictionary(key: .string, value: .variant, [(.string("timeout"), .variant(.int32(timeout)))])
        _ = try connection.callAndWait(destination: busName, path: path, interface: pickerInterface, member: "AttachDelegate", [.objectPath(object), options])
    }
}
