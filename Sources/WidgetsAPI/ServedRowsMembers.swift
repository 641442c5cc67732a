import DBus

/// The members a widget of rows (a picker, a table) has for what a client
/// serves it: attaching and detaching a data source and a forward delegate.
/// Declared once, with each kind's own doc strings, and stored in each
/// kind's contract; a remote widget of rows gets its calls from it
/// (`RemoteRowsWidget`).
public struct ServedRowsMembers: MemberGroup {
    public let attachDataSource: MethodContract<Parameters<ObjectPath, Options>, NoArguments>
    public let detachDataSource: MethodContract<NoArguments, NoArguments>
    public let attachDelegate: MethodContract<Parameters<ObjectPath, Options>, NoArguments>
    public let detachDelegate: MethodContract<NoArguments, NoArguments>

    init(attachDataSource: String, detachDataSource: String, attachDelegate: String, detachDelegate: String) {
        let attach = Parameters(("object", ObjectPath.self), ("options", Options.self))
        self.attachDataSource = MethodContract("AttachDataSource", in: attach, attachDataSource)
        self.detachDataSource = MethodContract("DetachDataSource", detachDataSource)
        self.attachDelegate = MethodContract("AttachDelegate", in: attach, attachDelegate)
        self.detachDelegate = MethodContract("DetachDelegate", detachDelegate)
    }
}
