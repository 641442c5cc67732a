import DBus

/// The kinds of widget, as paths, state files and messages name them.
public enum WidgetKind: String, CaseIterable, Sendable {
    case picker
    case table
    case form
    case progress
    case file

    /// The interface a widget of the kind serves.
    public var interfaceName: String {
        switch self {
        case .picker: return PickerContract.name
        case .table: return TableContract.name
        case .form: return FormContract.name
        case .progress: return ProgressContract.name
        case .file: return FileChooserContract.name
        }
    }

    /// The members every widget of the kind has.
    public var members: WidgetMembers {
        switch self {
        case .picker: return PickerContract.widget
        case .table: return TableContract.widget
        case .form: return FormContract.widget
        case .progress: return ProgressContract.widget
        case .file: return FileChooserContract.widget
        }
    }

    /// The path of the widget of this kind named `name`; nil when `name` cannot be part of a path.
    public func path(name: String) -> ObjectPath? {
        ObjectPath("\(WidgetsAPI.rootPath.rawValue)/\(rawValue)/\(name)")
    }

    /// The kind and name of the widget at `path` (`/org/rxwidgets/Widgets1/KIND/NAME`); nil for a path of another shape.
    public static func widget(at path: String) -> (kind: WidgetKind, name: String)? {
        let prefix = WidgetsAPI.rootPath.rawValue + "/"
        guard path.hasPrefix(prefix) else { return nil }
        let parts = path.dropFirst(prefix.count).split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let kind = WidgetKind(rawValue: String(parts[0])), !parts[1].isEmpty else { return nil }
        return (kind, String(parts[1]))
    }
}

/// The members every widget interface has, declared once and stored in
/// each widget kind's contract.
public struct WidgetMembers: MemberGroup {
    public let revision: PropertyContract<UInt64>

    init(of kind: WidgetKind) {
        revision = PropertyContract("Revision", UInt64.self,
            "1 at creation, one more for every call that changed the \(kind.rawValue); kept across restarts.")
    }
}
