import DBus
import WidgetsAPI
import RxWidgetsEssentials

/// The errors of the `org.rxwidgets.Widgets1` API.
enum WidgetsError {
    static func exists(_ message: String) -> DBusError { DBusError(name: WidgetsErrorName.exists, message: message) }
    static func invalidName(_ message: String) -> DBusError { DBusError(name: WidgetsErrorName.invalidName, message: message) }
    static func outOfRange(_ message: String) -> DBusError { DBusError(name: WidgetsErrorName.outOfRange, message: message) }
    static func itemsNotBound(_ message: String) -> DBusError { DBusError(name: WidgetsErrorName.itemsNotBound, message: message) }
    static func unknownField(_ message: String) -> DBusError { DBusError(name: WidgetsErrorName.unknownField, message: message) }
    static func invalidSpec(_ message: String) -> DBusError { DBusError(name: WidgetsErrorName.invalidSpec, message: message) }
    static func validationFailed(_ message: String) -> DBusError { DBusError(name: WidgetsErrorName.validationFailed, message: message) }
    static func revisionMismatch(_ message: String) -> DBusError { DBusError(name: WidgetsErrorName.revisionMismatch, message: message) }
    static func notEditable(_ message: String) -> DBusError { DBusError(name: WidgetsErrorName.notEditable, message: message) }
    static func limitExceeded(_ message: String) -> DBusError { DBusError(name: WidgetsErrorName.limitExceeded, message: message) }
    static func alreadyFinished(_ message: String) -> DBusError { DBusError(name: WidgetsErrorName.alreadyFinished, message: message) }
    static func accessDenied(_ message: String) -> DBusError { DBusError(name: DBusError.Name.accessDenied, message: message) }
    static func notSupported(_ message: String) -> DBusError { DBusError(name: DBusError.Name.notSupported, message: message) }
    static func unknownObject(_ message: String) -> DBusError { DBusError(name: DBusError.Name.unknownObject, message: message) }
}

extension FormError: DBusErrorConvertible {
    /// The API's error for each refusal of a form.
    public var dbusError: DBusError {
        switch self {
        case .unknownField: return WidgetsError.unknownField(description)
        case .wrongType, .notAnOption, .notAStepper: return .invalidArgs(description)
        case .validationFailed, .notOnLastPage: return WidgetsError.validationFailed(description)
        case .noSuchPage, .noSuchItem: return WidgetsError.outOfRange(description)
        case .tooManyItems: return WidgetsError.limitExceeded(description)
        case .notAnArray: return .invalidArgs(description)
        case .revisionMismatch: return WidgetsError.revisionMismatch(description)
        case .notEditable: return WidgetsError.notEditable(description)
        }
    }
}
