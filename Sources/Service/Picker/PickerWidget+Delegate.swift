import DBus
import WidgetsAPI
import RxWidgetsEssentials

/// A client as the picker's forward delegate (`Widget.attachDelegate`):
/// asked for a component's width and row height, as UIPickerViewDelegate is.
extension PickerWidget {
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
