import DBus
import FoundationEssentials
// The words the contract speaks in (field kinds, validity reasons, name
// rules), shared with RxWidgets, which has no D-Bus in it.
@_exported import WidgetsVocabulary

/// The `org.rxwidgets.Widgets1` API as data: its names, its interfaces (one
/// contract each, beside this file) and its errors. The daemon binds its
/// handlers to these contracts and the client library calls through them,
/// so no member name or argument shape is written twice.
public enum WidgetsAPI {
    /// The well-known bus name.
    public static let busName = "org.rxwidgets.Widgets1"
    /// The root object, which also serves `org.freedesktop.DBus.ObjectManager`.
    public static let rootPath = ObjectPath("/org/rxwidgets/Widgets1")!
    /// Every interface, the manager's first, as introspection files list them.
    public static let interfaces = [ManagerContract.interface, PickerContract.interface, TableContract.interface, FormContract.interface, ProgressContract.interface, FileChooserContract.interface]
    /// The interfaces a widget may serve besides its kind's: a prompt's.
    public static let addedInterfaces = [PromptContract.interface]
    /// The interfaces a client serves and the daemon calls: remote checks, options, data sources and delegates.
    public static let clientInterfaces = [ValidatorContract.interface, OptionsProviderContract.interface, PickerDataSourceContract.interface, PickerDelegateContract.interface, TableDataSourceContract.interface, TableDelegateContract.interface]

    /// The form templates `CreateForm` takes by name (the daemon checks its
    /// own list against this one).
    public static let formTemplates = ["about-you", "sign-up", "github-signup"]

}

/// An `a{sv}` of options or values, kept as it came: the daemon checks its
/// keys itself and names the bad one.
public typealias Options = Raw<VariantDictionary>

extension Raw where Shape == VariantDictionary {
    /// Options from pairs, in order.
    public init(_ entries: [(key: String, value: DBusValue)]) {
        self.init(VariantDictionary(entries))
    }
}

/// The error names of the API (../shared/API.md, "Errors"); the standard
/// `org.freedesktop.DBus.Error.*` ones are `DBusError.Name`'s.
public enum WidgetsErrorName {
    public static let prefix = "org.rxwidgets.Widgets1.Error."
    public static let exists = prefix + "Exists"
    public static let invalidName = prefix + "InvalidName"
    public static let outOfRange = prefix + "OutOfRange"
    public static let itemsNotBound = prefix + "ItemsNotBound"
    public static let unknownField = prefix + "UnknownField"
    public static let invalidSpec = prefix + "InvalidSpec"
    public static let validationFailed = prefix + "ValidationFailed"
    public static let revisionMismatch = prefix + "RevisionMismatch"
    public static let notEditable = prefix + "NotEditable"
    public static let limitExceeded = prefix + "LimitExceeded"
    public static let dataSourceUnavailable = prefix + "DataSourceUnavailable"
    public static let alreadyFinished = prefix + "AlreadyFinished"
}

extension IndexPath: DBusConvertible {
    /// `(ii)`: section, row.
    public static var dbusType: DBusType { .structure([.int32, .int32]) }

    /// `(section, row)`.
    public var dbusValue: DBusValue {
        .structure([.int32(Int32(section)), .int32(Int32(row))])
    }

    /// From `(ii)`.
    public init(dbusValue: DBusValue) throws {
        guard case .structure(let fields) = dbusValue, fields.count == 2, case .int32(let section) = fields[0], case .int32(let row) = fields[1] else {
            throw DBusError.invalidArgs("expected '(ii)', got '\(dbusValue.type.signature)'")
        }
        self.init(row: Int(row), section: Int(section))
    }
}

/// A row's move as `ItemsChanged` lists it: `(iiii)`, from section and row, to section and row.
public struct RowMove: DBusConvertible, Equatable, Sendable {
    public let from: IndexPath
    public let to: IndexPath

    public static var dbusType: DBusType { .structure([.int32, .int32, .int32, .int32]) }

    public var dbusValue: DBusValue {
        .structure([.int32(Int32(from.section)), .int32(Int32(from.row)), .int32(Int32(to.section)), .int32(Int32(to.row))])
    }

    public init(from: IndexPath, to: IndexPath) {
        self.from = from
        self.to = to
    }

    public init(dbusValue: DBusValue) throws {
        guard case .structure(let fields) = dbusValue, fields.count == 4 else {
            throw DBusError.invalidArgs("expected '(iiii)', got '\(dbusValue.type.signature)'")
        }
        let numbers = try fields.map { try Int32(dbusValue: $0) }
        self.init(from: IndexPath(row: Int(numbers[1]), section: Int(numbers[0])), to: IndexPath(row: Int(numbers[3]), section: Int(numbers[2])))
    }
}
