import DBus
import RxWidgetsEssentials

/// A client as a widget's forward delegate (`AttachDelegate`), asked what
/// UIKit asks a delegate: the table's before a user's gesture, the picker's
/// for its sizes.
extension RowsWidget {
    /// `AttachDelegate`: the client's object, serving `interface`, is asked
    /// from then on. Revision stays: nothing shown changed.
    func attachDelegate(_ object: ObjectPath, options given: DBusValue, by client: String, serving interface: String) throws {
        let timeout = try RemoteDelegate.timeout(from: given, context.arguments)
        remoteDelegate?.letGo()
        let delegate = RemoteDelegate(client: client, object: object, interface: interface, timeout: timeout)
        remoteDelegate = delegate
        Hooks.log("<6>rxwidgetsd: \(kind.rawValue) '\(name)': \(delegate.description) is its delegate")
    }

    /// `DetachDelegate`.
    func detachDelegate() throws {
        guard let delegate = remoteDelegate else {
            throw WidgetsError.notSupported("\(kind.rawValue) '\(name)' has no delegate attached")
        }
        delegate.letGo()
        remoteDelegate = nil
    }

    /// A client left the bus: the delegate it served is let go of;
    /// `without` says what answers instead, for the log.
    func delegateClientLeft(_ uniqueName: String, without: String) {
        guard let delegate = remoteDelegate, delegate.client == uniqueName else { return }
        Hooks.log("<5>rxwidgetsd: \(kind.rawValue) '\(name)': \(delegate.description) left the bus; \(without)")
        try? detachDelegate()
    }
}
