import DBus
import WidgetsAPI
import RxWidgets

/// A client as the picker's forward delegate (`AttachDelegate`): asked for
/// a component's width and row height, as UIPickerViewDelegate is.
extension PickerWidget {
    /// `AttachDelegate`: the client's object is asked for sizes from then
    /// on. Revision stays: nothing shown changed until a front end asks.
    func attachDelegate(_ object: ObjectPath, options given: DBusValue, by client: String) throws {
        let timeout = try RemoteDelegate.timeout(from: given, context.arguments)
        remoteDelegate?.letGo()
        remoteDelegate = RemoteDelegate(client: client, object: object, interface: PickerDelegateContract.name, timeout: timeout)
        Hooks.log("<6>rxwidgetsd: picker '\(name)': \(remoteDelegate?.description ?? "") is its delegate")
    }

    /// `DetachDelegate`.
    func detachDelegate() throws {
        guard let delegate = remoteDelegate else {
            throw WidgetsError.notSupported("picker '\(name)' has no delegate attached")
        }
        delegate.letGo()
        remoteDelegate = nil
    }

    /// A client left the bus: the delegate it served is let go of.
    func delegateClientLeft(_ uniqueName: String) {
        guard let delegate = remoteDelegate, delegate.client == uniqueName else { return }
        Hooks.log("<5>rxwidgetsd: picker '\(name)': \(delegate.description) left the bus; the adapter's sizes hold again")
        try? detachDelegate()
    }

    /// A component's size: the delegate's when one is attached and serves
    /// `method`, else `own` (the adapter's).
    func size(_ method: MethodContract<Parameters<Int32>, Parameters<Double>>, of component: Int32, call: MethodCall, later: () -> LaterAnswer<Double>,
              own: @escaping (Int) -> Double) throws -> Answer<Double> {
        let column = try self.component(component)
        guard let delegate = remoteDelegate, let connection = context.server?.connection else { return .now(own(column)) }
        let answer = later()
        delegate.ask(method, Int32(column), asked: "\(method.name)(\(column))", on: connection, check: { size in
            guard size.isFinite, size >= 0 else {
                throw DBusError.invalidArgs("it answered \(size); expected a finite size of 0 or more")
            }
            return size
        }) { [weak self] size in
            guard let self else { return }
            answer.send(Result {
                let size = try size.get()
                return try self.asCall { try size ?? own(self.component(component)) }
            })
        }
        return .later
    }
}
