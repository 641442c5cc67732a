import DBus
import WidgetsAPI

/// A remote widget of rows (a picker, a table): what this client serves it
/// is attached and detached through its contract's `ServedRowsMembers`,
/// declared once for both kinds.
public protocol RemoteRowsWidget: RemoteWidget {
    /// The kind's attach and detach members.
    static var servedMembers: ServedRowsMembers { get }
}

extension RemoteRowsWidget {
    /// Makes the object at `object` on this client's connection (serving the
    /// kind's data-source interface, `PickerDataSource` or `TableDataSource`)
    /// the widget's data source; `servePickerDataSource` and
    /// `serveTableDataSource` export one and call this.
    public func attachDataSource(at object: ObjectPath, options: [(key: String, value: DBusValue)] = []) throws {
        try call(Self.servedMembers.attachDataSource, (object, Options(options)))
    }

    /// Lets go of the attached data source: the rows bound before come back.
    public func detachDataSource() throws {
        try call(Self.servedMembers.detachDataSource, ())
    }

    /// Makes the object at `object` on this client's connection (serving
    /// `PickerDelegate` or `TableDelegate`) the widget's forward delegate;
    /// `servePickerDelegate` and `serveTableDelegate` export one and call this.
    public func attachDelegate(at object: ObjectPath, options: [(key: String, value: DBusValue)] = []) throws {
        try call(Self.servedMembers.attachDelegate, (object, Options(options)))
    }

    /// Lets go of the attached delegate: the widget's own answers again.
    public func detachDelegate() throws {
        try call(Self.servedMembers.detachDelegate, ())
    }
}
