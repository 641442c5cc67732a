import DBus
import Glibc
import RxWidgetsClient

/// `rxwidgets list`: every widget the daemon serves, from one
/// `GetManagedObjects`, sorted by path.
enum List {
    static func run(client: WidgetsClient, json: Bool) throws -> String {
        let reply = try client.connection.callAndWait(destination: WidgetsClient.busName, path: WidgetsClient.rootPath, interface: "org.freedesktop.DBus.ObjectManager", member: "GetManagedObjects")
        var widgets: [(path: String, kind: String, revision: UInt64)] = []
        for object in reply.first?.dictionaryEntries ?? [] {
            guard let path = object.key.stringValue else { continue }
            for interface in object.value.dictionaryEntries ?? [] {
                guard let name = interface.key.stringValue, name.hasPrefix(WidgetsClient.busName + "."), name != WidgetsClient.busName + ".Manager" else { continue }
                let properties = interface.value.dictionaryEntries ?? []
                let revision = properties.first { $0.key.stringValue == "Revision" }.flatMap { try? UInt64(dbusValue: $0.value.variantValue ?? $0.value) } ?? 0
                widgets.append((path, String(name.dropFirst(WidgetsClient.busName.count + 1)).lowercased(), revision))
            }
        }
        widgets.sort { $0.path < $1.path }
        if json {
            let objects = widgets.map { "{\"path\":\(ValueText.string($0.path)),\"kind\":\(ValueText.string($0.kind)),\"revision\":\($0.revision)}" }
            return "[" + objects.joined(separator: ",") + "]\n"
        }
        let width = max(widgets.map(\.path.count).max() ?? 0, 4)
        var lines = widgets.map { $0.path.padding(width) + "  " + $0.kind.padding(6) + "  \($0.revision)" }
        if isatty(1) != 0 {
            lines.insert("PATH".padding(width) + "  KIND    REVISION", at: 0)
        }
        return lines.map { $0 + "\n" }.joined()
    }
}

private extension String {
    func padding(_ width: Int) -> String {
        self + String(repeating: " ", count: max(0, width - count))
    }
}
