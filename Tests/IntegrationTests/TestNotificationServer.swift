import DBus
import Foundation
import RxWidgetsClient

/// The desktop's notification server played by the test, on a connection
/// of its own that owns `org.freedesktop.Notifications`: it records every
/// notification and closing asked of it, and sends what a person's click
/// would. It answers only while the test turns the main loop.
final class TestNotificationServer {
    /// One `Notify` as it came.
    struct Notification {
        let id: UInt32
        let appName: String
        let summary: String
        let body: String
        let actions: [String]
        let hints: VariantDictionary
        let expireTimeout: Int32
    }

    private typealias API = NotificationsContract

    let connection: Connection
    private let server: ObjectServer
    private(set) var notifications: [Notification] = []
    /// The ids `CloseNotification` was called with, in order.
    private(set) var closed: [UInt32] = []
    private var lastID: UInt32 = 0

    private struct Handlers: InterfaceHandlers {
        typealias Target = TestNotificationServer
        typealias Contract = NotificationsContract

        let getCapabilities: MethodHandler = Contract.getCapabilities.serve { _, _, _ in ["actions", "body", "body-markup"] }
        let notify: MethodHandler = Contract.notify.serve { server, arguments, _ in
            let (appName, _, _, summary, body, actions, hints, expireTimeout) = arguments
            server.lastID += 1
            server.notifications.append(Notification(id: server.lastID, appName: appName, summary: summary, body: body, actions: actions, hints: hints, expireTimeout: expireTimeout))
            return server.lastID
        }
        let closeNotification: MethodHandler = Contract.closeNotification.serve { server, id, _ in
            server.closed.append(id)
            try server.server.emit(path: API.path, interface: API.name, API.notificationClosed, id, 3)
        }
    }

    init(address: String) throws {
        connection = try Connection(bus: .address(address))
        server = ObjectServer(connection: connection)
        try server.export(API.path, interfaces: [InterfaceDeclaration(Handlers()).bind(to: self)])
        guard try connection.requestName(API.busName, flags: .doNotQueue) == .primaryOwner else {
            throw DBusError.failed("\(API.busName) has an owner already")
        }
    }

    /// The person clicked `action` of notification `id`: the activation token, then the action.
    func invoke(_ id: UInt32, action: String) throws {
        try server.emit(path: API.path, interface: API.name, API.activationToken, id, "test-token")
        try server.emit(path: API.path, interface: API.name, API.actionInvoked, id, action)
    }

    /// Leaves the bus, as a notification server that exits.
    func stop() {
        connection.close()
    }
}
