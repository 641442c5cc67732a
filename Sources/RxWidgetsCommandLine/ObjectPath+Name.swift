import DBus

extension ObjectPath {
    /// The widget's name, the path's last component.
    package var lastComponent: String {
        String(rawValue.split(separator: "/").last ?? "")
    }
}
